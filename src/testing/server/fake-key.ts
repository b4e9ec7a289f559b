// The key check of the fake's own endpoints outside `/api/v1` (`/_fake/...`): the fake's key is
// required, as on the API, so a web page the developer visits cannot reach them (it cannot send
// `X-API-Key` to loopback without a preflight the fake never answers).
import { timingSafeEqual } from 'node:crypto';
import type { FakeCreditPlatform } from '../service/fake-credit-platform.js';
import { httpError } from '../http-envelope.js';

// Most often the fake was restarted and made a new key, while this terminal kept the old one.
const STALE_KEY =
  "This key is not the fake's current key (a restarted fake makes a new one). Set CREDIT_PLATFORM_API_KEY " +
  'to the CREDIT_PLATFORM_API_KEY=... line the running fake printed; to keep one key across restarts, ' +
  'start the fake with CREDIT_PLATFORM_API_KEY set where it runs (or --api-key <key>).';

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Throws the fake's 401 unless `request` carries the fake's key in `X-API-Key`. */
export function requireFakeKey(fake: FakeCreditPlatform, request: Request): void {
  const given = request.headers.get('x-api-key');
  if (given === null || given === '') {
    throw httpError(401, 'INVALID_API_KEY', 'X-API-Key', "The fake's API key is required (CREDIT_PLATFORM_API_KEY)");
  }
  if (!sameKey(given, fake.apiKey)) throw httpError(401, 'INVALID_API_KEY', 'X-API-Key', STALE_KEY);
}
