// The key an event id is stored under. PostgreSQL's text cannot hold NUL, and a btree entry
// larger than about 2.7 kB is refused: an authentic id of either kind would fail its insert on
// every retry. Such ids, and any id that could be mistaken for a digest, are stored as one.
import { createHash } from 'node:crypto';

/** Ids longer than this many UTF-8 bytes are stored as their digest. */
export const MAX_STORED_ID_BYTES = 255;

/** What a digest key starts with; an id that starts with it is stored as its digest too, so the two never meet. */
export const DIGEST_PREFIX = 'sha256:';

/**
 * `id` itself, or `sha256:` and the lower-case hex SHA-256 of its UTF-8 bytes when it contains NUL,
 * is longer than {@link MAX_STORED_ID_BYTES} bytes, or starts with `sha256:`. Stable: the same id
 * always gives the same key, so a retry is still recognised.
 */
export function storedEventId(id: string): string {
  if (!id.includes('\u0000') && !id.startsWith(DIGEST_PREFIX) && Buffer.byteLength(id, 'utf8') <= MAX_STORED_ID_BYTES) {
    return id;
  }
  return DIGEST_PREFIX + createHash('sha256').update(id, 'utf8').digest('hex');
}
