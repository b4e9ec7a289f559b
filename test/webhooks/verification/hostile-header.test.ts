// Hostile X-Webhook-Signature values: the verdict of spec rule 4 for adversarial whitespace, and
// work that does not grow with the header's length. Attacker-controlled and unauthenticated, so
// the time bound is a security property (issue 17), not a performance target.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  constructWebhookEvent,
  constructWebhookEventAsync,
  createSignedWebhookDelivery,
  verifyWebhookSignature,
  verifyWebhookSignatureAsync,
  WebhookVerificationError,
} from '../../../src/webhooks/index.js';
import { readSignatureHex } from '../../../src/webhooks/verification/signature-header.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

/** The longest header judged at all: 64 digits and at most 64 spaces or tabs around them. */
const LONGEST = 128;
/** A generous bound for judging one header, whatever its length; quadratic trimming took seconds. */
const BOUND_MS = 50;

const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
const SIG = delivery.headers['x-webhook-signature'];

/** Spec rule 4, written declaratively: the oracle for the one-pass parser. */
function reference(header: string): string {
  if (header.length > LONGEST) return 'malformed_signature';
  if (/^[ \t]*$/.test(header)) return 'missing_signature';
  return /^[ \t]*([0-9a-f]{64})[ \t]*$/.exec(header)?.[1] ?? 'malformed_signature';
}

/** The error code `constructWebhookEvent` must give for a verdict of {@link reference}. */
function expectedCode(verdict: string): string | undefined {
  if (verdict === SIG) return undefined;
  return verdict.length === 64 ? 'signature_mismatch' : verdict;
}

/** The least time of up to three runs of `fn`, so a scheduler pause on a shared machine is not blamed on the parser. */
async function leastTime(fn: () => unknown): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3 && least >= BOUND_MS; run++) {
    const start = performance.now();
    await fn();
    least = Math.min(least, performance.now() - start);
  }
  return least;
}

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof WebhookVerificationError ? error.code : `not a WebhookVerificationError: ${String(error)}`;
  }
}

async function codeOfAsync(fn: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await fn();
    return undefined;
  } catch (error) {
    return error instanceof WebhookVerificationError ? error.code : `not a WebhookVerificationError: ${String(error)}`;
  }
}

const blank = fc.constantFrom(' ', '\t', '\u00a0', '\u2028', '\r', '\n');
const shortRun = fc.string({ unit: blank, maxLength: 70 });
// Long runs of one blank, sometimes ending in another: the shape that made the old trim quadratic.
const longRun = fc
  .tuple(blank, fc.integer({ min: 100, max: 20_000 }), fc.option(blank, { nil: '' }))
  .map(([char, count, end]) => char.repeat(count) + end);
const run = fc.oneof({ weight: 3, arbitrary: shortRun }, { weight: 1, arbitrary: longRun });
const digits = fc.oneof(
  fc.constant(SIG),
  fc.nat(63).map((at) => SIG.slice(0, at) + SIG.charAt(at).toUpperCase() + SIG.slice(at + 1)),
  fc.tuple(fc.nat(63), run).map(([at, inside]) => SIG.slice(0, at) + inside + SIG.slice(at)),
  fc.constant(`${SIG.slice(0, 63)}${SIG.charAt(63) === '0' ? '1' : '0'}`),
  fc.constant('x'),
  fc.constant(''),
);
const header = fc.tuple(run, digits, run).map(([before, middle, after]) => before + middle + after);

describe('hostile signature headers', () => {
  it('gets the verdict of spec rule 4 for any mix of whitespace around and inside the digits, in bounded time', async () => {
    await fc.assert(
      fc.asyncProperty(header, async (value) => {
        const verdict = reference(value);
        expect(readSignatureHex(value)).toBe(verdict);
        const code = expectedCode(verdict);
        const calls: [string, () => unknown][] = [
          ['verifyWebhookSignature', () => expect(verifyWebhookSignature(delivery.body, value, SECRET)).toBe(code === undefined)],
          [
            'verifyWebhookSignatureAsync',
            async () => expect(await verifyWebhookSignatureAsync(delivery.body, value, SECRET)).toBe(code === undefined),
          ],
          ['constructWebhookEvent', () => expect(codeOf(() => constructWebhookEvent(delivery.body, value, SECRET))).toBe(code)],
          [
            'constructWebhookEventAsync',
            async () => expect(await codeOfAsync(() => constructWebhookEventAsync(delivery.body, value, SECRET))).toBe(code),
          ],
        ];
        for (const [name, call] of calls) {
          expect(await leastTime(call), `${name} on a ${value.length}-character header`).toBeLessThan(BOUND_MS);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a header longer than 64 digits and 64 blanks as malformed, and accepts one exactly that long', async () => {
    const longest = `${' '.repeat(32)}${SIG}${'\t'.repeat(32)}`;
    expect(longest).toHaveLength(LONGEST);
    expect(verifyWebhookSignature(delivery.body, longest, SECRET)).toBe(true);
    expect(await verifyWebhookSignatureAsync(delivery.body, longest, SECRET)).toBe(true);
    for (const tooLong of [` ${longest}`, `${longest}\t`, ' '.repeat(LONGEST + 1)]) {
      expect(readSignatureHex(tooLong)).toBe('malformed_signature');
      expect(readSignatureHex([tooLong])).toBe('malformed_signature');
      expect(verifyWebhookSignature(delivery.body, tooLong, SECRET)).toBe(false);
      expect(await verifyWebhookSignatureAsync(delivery.body, tooLong, SECRET)).toBe(false);
      expect(codeOf(() => constructWebhookEvent(delivery.body, tooLong, SECRET))).toBe('malformed_signature');
    }
  });

  // Smallest first, so a quadratic parser is reported by the 16 KB cases at once; alone (`-t 16000`),
  // since there the 1 MB cases would each take many minutes.
  it.each([
    ['"x" + 16000 spaces + "x\\u00a0"', `x${' '.repeat(16_000)}x\u00a0`],
    ['"x" + 16000 tabs + "x\\u00a0"', `x${'\t'.repeat(16_000)}x\u00a0`],
    ['"x" + 64K spaces + "x\\u00a0"', `x${' '.repeat(65_536)}x\u00a0`],
    ['64 digits + 1M spaces + "\\u00a0"', `${SIG}${' '.repeat(1 << 20)}\u00a0`],
    ['"x" + 1M tabs and spaces + "x\\u2028"', `x${' \t'.repeat(1 << 19)}x\u2028`],
  ])('judges %s as malformed in under 50 ms, in both verifiers and both constructors', async (_, value) => {
    const timings = {
      verifyWebhookSignature: await leastTime(() => expect(verifyWebhookSignature(delivery.body, value, SECRET)).toBe(false)),
      verifyWebhookSignatureAsync: await leastTime(async () =>
        expect(await verifyWebhookSignatureAsync(delivery.body, value, SECRET)).toBe(false),
      ),
      constructWebhookEvent: await leastTime(() =>
        expect(codeOf(() => constructWebhookEvent(delivery.body, value, SECRET))).toBe('malformed_signature'),
      ),
      constructWebhookEventAsync: await leastTime(async () =>
        expect(await codeOfAsync(() => constructWebhookEventAsync(delivery.body, [value], SECRET))).toBe('malformed_signature'),
      ),
    };
    for (const [name, ms] of Object.entries(timings)) expect(ms, name).toBeLessThan(BOUND_MS);
  });
});
