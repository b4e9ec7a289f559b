// The inbox's key for an event id. An authentic id is still network input: one PostgreSQL text
// cannot hold (a NUL), cannot index (a B-tree entry tops out near 2.7 KB) or would hold differently
// from how it was sent (a lone surrogate) would fail every insert, and every retry of the delivery,
// with a 503. Such ids are kept under a stable digest instead.
import { createHash } from 'node:crypto';

// Far below the index limit, far above any id the service sends (`evt_` and 24 characters).
const MAX_PLAIN_ID = 255;
// A NUL, or a surrogate not in a pair.
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * @internal The id as the inbox stores it: itself when PostgreSQL holds it as sent, else
 * `sha256:` and the hex SHA-256 of its UTF-16 code units (so two ids differing only in a lone
 * surrogate keep apart).
 */
export function eventKey(id: string): string {
  if (id.length <= MAX_PLAIN_ID && !UNSTORABLE.test(id)) return id;
  return `sha256:${createHash('sha256').update(id, 'utf16le').digest('hex')}`;
}
