import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  constructWebhookEvent,
  constructWebhookEventAsync,
  createSignedWebhookDelivery,
  signWebhookPayload,
  WebhookVerificationError,
  type UnknownWebhookEvent,
  type WebhookEvent,
} from '../../../src/webhooks/index.js';
import { depositData, renamed, runAsync, runSync, SECRET } from '../../helpers/verify-both.js';

/**
 * Runs both twins; asserts they agree; returns the sync outcome. The vectors here carry fixed
 * timestamps, so freshness is off; freshness.test.ts covers `maxEventAge`.
 */
async function constructBoth(payload: string | Uint8Array, signature: unknown, secret: unknown = SECRET) {
  const args = [payload, signature, secret, { maxEventAge: Number.POSITIVE_INFINITY }] as Parameters<
    typeof constructWebhookEvent
  >;
  const sync = runSync(() => constructWebhookEvent(...args));
  const async = await runAsync(() => constructWebhookEventAsync(...args));
  expect(async).toEqual(renamed(sync, 'constructWebhookEvent', 'constructWebhookEventAsync'));
  return sync;
}

function signed(body: string) {
  return { body, sig: signWebhookPayload(body, SECRET) };
}

const envelope = { id: 'evt_1', type: 'deposit.created', timestamp: '2026-01-01T12:00:00.000Z', data: depositData() };

describe('constructWebhookEvent', () => {
  it('returns the typed deposit.created event, keeping unknown fields', async () => {
    const body = JSON.stringify({ ...envelope, extra: 1, data: { ...depositData(), chain: 'Base' } });
    const outcome = await constructBoth(body, signWebhookPayload(body, SECRET));
    expect(outcome).toEqual({ value: { ...envelope, extra: 1, data: { ...depositData(), chain: 'Base' } } });
    const event = constructWebhookEvent(body, signWebhookPayload(body, SECRET), SECRET, {
      maxEventAge: Number.POSITIVE_INFINITY,
    });
    expectTypeOf(event).toEqualTypeOf<WebhookEvent | UnknownWebhookEvent>();
    if (event.type === 'deposit.created') {
      expectTypeOf(event.data.amount).toEqualTypeOf<string>();
      expectTypeOf(event.data.transactionHash).toEqualTypeOf<string>();
    } else {
      throw new Error('expected deposit.created');
    }
  });

  it('delivers a type this version does not know as UnknownWebhookEvent', async () => {
    const { body, sig } = signed(JSON.stringify({ ...envelope, type: 'loan.liquidated', data: { x: 1 } }));
    expect(await constructBoth(body, sig)).toEqual({
      value: { id: 'evt_1', type: 'unknown', rawType: 'loan.liquidated', timestamp: envelope.timestamp, data: { x: 1 } },
    });
  });

  it('accepts bytes exactly as it accepts the same string', async () => {
    const { body, sig } = signed(JSON.stringify(envelope));
    expect(await constructBoth(new TextEncoder().encode(body), sig)).toEqual({ value: envelope });
  });

  it.each([
    ['missing_signature', undefined],
    ['missing_signature', ''],
    ['missing_signature', []],
    ['malformed_signature', 'abc'],
    ['malformed_signature', ['a'.repeat(64), 'b'.repeat(64)]],
    ['signature_mismatch', 'a'.repeat(64)],
  ])('throws %s for header %j', async (code, header) => {
    const outcome = await constructBoth(JSON.stringify(envelope), header);
    expect(outcome).toMatchObject({ error: 'WebhookVerificationError' });
    const error = (() => {
      try {
        constructWebhookEvent(JSON.stringify(envelope), header as string, SECRET);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error).toMatchObject({ code, name: 'WebhookVerificationError' });
  });

  // The node:crypto variant checks the header's digits while comparing them with each MAC, after
  // the HMAC: a 64-character header that is not lowercase hex must still be malformed, whichever
  // secret of a list it would otherwise match, and never verify.
  it.each([
    ['malformed_signature', 'the valid signature in uppercase', (sig: string) => sig.toUpperCase()],
    ['malformed_signature', 'a non-hex last character', (sig: string) => `${sig.slice(0, 63)}g`],
    ['malformed_signature', 'a full-width digit', (sig: string) => `\uff10${sig.slice(1)}`],
    ['malformed_signature', '64 non-hex characters', () => 'z'.repeat(64)],
    ['signature_mismatch', 'another valid MAC', () => signWebhookPayload('other body', SECRET)],
  ])('throws %s for %s, with one secret and with a rotation list', async (code, _, header) => {
    const body = JSON.stringify(envelope);
    const value = header(signWebhookPayload(body, SECRET));
    for (const secret of [SECRET, [SECRET, 'whsec_old'], ['whsec_new', SECRET]]) {
      expect(await constructBoth(body, value, secret)).toMatchObject({ error: 'WebhookVerificationError' });
      expect(() => constructWebhookEvent(body, value, secret)).toThrow(expect.objectContaining({ code }));
    }
  });

  it('accepts a list in which any one secret matches, and refuses one in which none does', async () => {
    const { body, sig } = signed(JSON.stringify(envelope));
    for (const secret of [
      [SECRET, 'whsec_old'],
      ['whsec_new', SECRET],
      ['a', SECRET, 'b'],
    ]) {
      expect(await constructBoth(body, sig, secret)).toEqual({ value: envelope });
    }
    expect(() => constructWebhookEvent(body, sig, ['whsec_new', 'whsec_old'])).toThrow(
      expect.objectContaining({ code: 'signature_mismatch' }),
    );
  });

  it('verifies before parsing: an unsigned non-JSON body is a signature error', async () => {
    expect(await constructBoth('not json', 'a'.repeat(64))).toMatchObject({ message: expect.stringMatching(/does not match/) });
  });

  const invalid: [string, string | Uint8Array, RegExp][] = [
    ['invalid_json', 'not json', /not valid JSON/],
    ['invalid_json', new Uint8Array([0x7b, 0xff, 0x7d]), /not valid UTF-8/],
    ['invalid_json', `\uFEFF${JSON.stringify(envelope)}`, /not valid JSON/],
    ['invalid_envelope', '[]', /JSON object/],
    ['invalid_envelope', 'null', /JSON object/],
    ['invalid_envelope', JSON.stringify({ ...envelope, id: 'ev_1' }), /`id`/],
    ['invalid_envelope', JSON.stringify({ ...envelope, id: 'evt_' }), /`id`/],
    ['invalid_envelope', JSON.stringify({ ...envelope, id: 7 }), /`id`/],
    ['invalid_envelope', JSON.stringify({ ...envelope, type: 3 }), /`type`/],
    ['invalid_envelope', JSON.stringify({ ...envelope, type: '' }), /`type`/],
    ['invalid_envelope', JSON.stringify({ ...envelope, timestamp: 'yesterday' }), /`timestamp`/],
    ['invalid_envelope', JSON.stringify({ ...envelope, timestamp: '2026-02-30T00:00:00Z' }), /`timestamp`/],
    ['invalid_envelope', JSON.stringify({ ...envelope, timestamp: '2026-01-01T00:00:00' }), /`timestamp`/],
    ['invalid_envelope', JSON.stringify({ ...envelope, timestamp: 1767268800 }), /`timestamp`/],
    ['invalid_envelope', JSON.stringify({ ...envelope, data: [] }), /`data`/],
    ['invalid_envelope', JSON.stringify({ ...envelope, data: undefined }), /`data`/],
    ['invalid_envelope', JSON.stringify({ ...envelope, data: { ...depositData(), amount: 10000 } }), /data\.amount/],
    ['invalid_envelope', JSON.stringify({ ...envelope, data: { depositId: 'dep_1' } }), /data\.token/],
  ];
  it.each(invalid)('throws %s for an authentic but invalid body (%#)', async (code, body, message) => {
    const outcome = await constructBoth(body, signWebhookPayload(body, SECRET));
    expect(outcome).toMatchObject({ error: 'WebhookVerificationError', message: expect.stringMatching(message) });
    expect(() => constructWebhookEvent(body, signWebhookPayload(body, SECRET), SECRET)).toThrow(
      expect.objectContaining({ code }),
    );
  });

  it('keeps the decoder or parser error as the cause of invalid_json, for the receiver to drop', () => {
    for (const [body, cause] of [
      ['not json', SyntaxError],
      [new Uint8Array([0x7b, 0xff, 0x7d]), TypeError],
    ] as const) {
      let error: unknown;
      try {
        constructWebhookEvent(body, signWebhookPayload(body, SECRET), SECRET);
      } catch (caught) {
        error = caught;
      }
      expect(error).toMatchObject({ code: 'invalid_json' });
      expect((error as Error).cause).toBeInstanceOf(cause);
    }
  });

  it('accepts ISO instants with offsets and fractions', async () => {
    for (const timestamp of ['2024-02-29T23:59:59Z', '2026-06-01T08:00:00.123456+02:00', '2026-06-01t08:00:00z']) {
      const { body, sig } = signed(JSON.stringify({ ...envelope, timestamp }));
      expect(await constructBoth(body, sig)).toMatchObject({ value: { timestamp } });
    }
  });

  it('hints at whitespace around a secret without printing it', async () => {
    const secret = '  whsec_padded_secret ';
    const outcome = await constructBoth(JSON.stringify(envelope), 'a'.repeat(64), secret);
    expect(outcome).toMatchObject({ message: expect.stringMatching(/starts or ends with whitespace/) });
    expect(JSON.stringify(outcome)).not.toContain('whsec_padded_secret');
  });

  it('throws TypeErrors for programmer errors, identical on both twins', async () => {
    expect(await constructBoth(envelope as unknown as string, 'a'.repeat(64))).toMatchObject({
      error: 'TypeError',
      message: expect.stringMatching(/^constructWebhookEvent: payload .*express\.raw/),
    });
    // A missing secret must never look like a bad signature.
    expect(await constructBoth(JSON.stringify(envelope), undefined, '')).toMatchObject({
      error: 'TypeError',
      message: expect.stringMatching(/secret must be/),
    });
  });

  it('round-trips createSignedWebhookDelivery for every known type', async () => {
    const delivery = createSignedWebhookDelivery({ type: 'credit.frozen', data: { reason: 'overdue' }, secret: SECRET });
    const event = await constructWebhookEventAsync(delivery.body, delivery.headers['x-webhook-signature'], SECRET);
    expect(event).toEqual(delivery.event);
  });
});
