/**
 * The header that carries the delivery's signature. Node lowercases incoming
 * header names, so this is the key to read from `req.headers`; `Headers.get` is
 * case-insensitive anyway.
 *
 * @example
 * ```ts
 * import { WEBHOOK_SIGNATURE_HEADER } from 'credit-platform/webhooks';
 * const signature = request.headers.get(WEBHOOK_SIGNATURE_HEADER);
 * ```
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';

/**
 * The service's delivery schedule (spec section 6.4): the delay in milliseconds
 * before attempts 1 to 6. After the sixth failure the subscription becomes
 * inactive, so a receiver must answer 2xx to every authentic delivery it has
 * handled, including duplicates. The delays add up to 14 h 36 min, the shortest
 * time a de-duplication store should remember an event id.
 *
 * @example
 * ```ts
 * import { WEBHOOK_RETRY_SCHEDULE } from 'credit-platform/webhooks';
 * const horizonMs = WEBHOOK_RETRY_SCHEDULE.reduce((sum, delay) => sum + delay, 0);
 * // 52_560_000 (14 h 36 min)
 * ```
 */
export const WEBHOOK_RETRY_SCHEDULE: readonly [number, number, number, number, number, number] = [
  0, 60_000, 300_000, 1_800_000, 7_200_000, 43_200_000,
];
