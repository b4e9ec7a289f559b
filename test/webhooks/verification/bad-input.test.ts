import { timingSafeEqual, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhookPayload, signWebhookPayloadAsync, verifyWebhookSignature } from '../../../src/webhooks/index.js';
import { renamed, SECRET, verifyBoth } from '../../helpers/verify-both.js';

const BODY = '{"id":"evt_1","type":"deposit.created","timestamp":"2026-01-01T00:00:00Z","data":{}}';
const SIG = signWebhookPayload(BODY, SECRET);
const bytes = new TextEncoder().encode(BODY);

type Expected = boolean | RegExp;
type Case = readonly [name: string, payload: unknown, signature: unknown, secret: unknown, expected: Expected];

// A RegExp means: a TypeError whose message matches it, identical on both variants.
const CASES: readonly Case[] = [
  ['valid string payload', BODY, SIG, SECRET, true],
  ['valid Buffer payload', Buffer.from(BODY), SIG, SECRET, true],
  ['valid ArrayBuffer payload', bytes.slice().buffer, SIG, SECRET, true],
  ['spaces and tabs around the header', BODY, ` \t${SIG}\t `, SECRET, true],
  ['one-element array header', BODY, [SIG], SECRET, true],
  ['secret as bytes', BODY, SIG, new TextEncoder().encode(SECRET), true],
  // Attacker input: never a throw.
  ['header missing (undefined)', BODY, undefined, SECRET, false],
  ['header null (Headers.get)', BODY, null, SECRET, false],
  ['header empty', BODY, '', SECRET, false],
  ['header only whitespace', BODY, ' \t ', SECRET, false],
  ['header one digit short', BODY, SIG.slice(0, 63), SECRET, false],
  ['header one digit long (65th digit not ignored)', BODY, `${SIG}0`, SECRET, false],
  ['header twice the length', BODY, SIG + SIG, SECRET, false],
  ['regression: the service sample crashed on a short header', BODY, 'abc', SECRET, false],
  ['header uppercase', BODY, SIG.toUpperCase(), SECRET, false],
  ['header with sha256= prefix', BODY, `sha256=${SIG}`, SECRET, false],
  ['header with 0x prefix', BODY, `0x${SIG}`, SECRET, false],
  ['header non-hex letter', BODY, `${SIG.slice(0, 63)}g`, SECRET, false],
  ['header of 64 multibyte characters', BODY, 'é'.repeat(64), SECRET, false],
  ['header of 32 two-byte characters (64 UTF-8 bytes)', BODY, 'é'.repeat(32), SECRET, false],
  ['header with emoji', BODY, `${SIG.slice(0, 62)}😀`, SECRET, false],
  ['header with a newline around it', BODY, `\n${SIG}`, SECRET, false],
  ['header with a NUL byte', BODY, `${SIG.slice(0, 63)}\0`, SECRET, false],
  ['header sent twice, joined by Node', BODY, `${SIG}, ${SIG}`, SECRET, false],
  ['header array of zero values', BODY, [], SECRET, false],
  ['header array of two equal values', BODY, [SIG, SIG], SECRET, false],
  ['header array of an empty and a valid value', BODY, ['', SIG], SECRET, false],
  ['right header, wrong secret', BODY, SIG, 'whsec_other', false],
  ['right header, secret with a trailing newline', BODY, SIG, `${SECRET}\n`, false],
  ['tampered payload', BODY.replace('evt_1', 'evt_2'), SIG, SECRET, false],
  ['payload with a BOM', `\uFEFF${BODY}`, SIG, SECRET, false],
  ['all-zero header', BODY, '0'.repeat(64), SECRET, false],
  // Programmer errors: TypeErrors that say how to fix the call.
  [
    'payload a parsed object',
    JSON.parse(BODY),
    SIG,
    SECRET,
    /payload .*got a plain object.*express\.raw\(\{ type: 'application\/json' \}\).*await request\.arrayBuffer\(\)/,
  ],
  ['payload an array', [1, 2], SIG, SECRET, /payload .*got an array.*express\.raw/],
  ['payload undefined', undefined, SIG, SECRET, /payload .*got undefined.*raw body/],
  ['payload null', null, SIG, SECRET, /payload .*got null/],
  ['payload a Promise', Promise.resolve(BODY), SIG, SECRET, /payload .*got a Promise object: `await` the body first/],
  [
    'payload a Request',
    new Request('http://x/', { method: 'POST', body: BODY }),
    SIG,
    SECRET,
    /got a Request object: pass `await request\.arrayBuffer\(\)` or `await request\.text\(\)`/,
  ],
  ['payload a number', 42, SIG, SECRET, /payload .*got number/],
  ['payload a Uint16Array', new Uint16Array(4), SIG, SECRET, /payload .*got a Uint16Array object/],
  ['payload a DataView', new DataView(bytes.buffer), SIG, SECRET, /payload .*got a DataView object/],
  [
    'secret undefined',
    BODY,
    SIG,
    undefined,
    /secret must be .*got undefined\. Is the environment variable holding the secret set\?/,
  ],
  ['secret empty string', BODY, SIG, '', /secret must be .*got an empty string\. Is the environment variable/],
  ['secret empty bytes', BODY, SIG, new Uint8Array(0), /secret must be .*got empty bytes/],
  ['secret empty list', BODY, SIG, [], /secret must be .*got an empty list/],
  ['secret list with an empty member', BODY, SIG, [SECRET, ''], /secret must be .*got a list holding an empty string/],
  ['secret a number', BODY, SIG, 123, /secret must be .*got number/],
  ['secret an object', BODY, SIG, { secret: SECRET }, /secret must be .*got a plain object/],
  ['header a number', BODY, 123, SECRET, /signature must be the header value.*got number.*headers\.get\('x-webhook-signature'\)/],
  [
    'header a Headers object',
    BODY,
    new Headers({ 'x-webhook-signature': SIG }),
    SECRET,
    /signature .*got a Headers object: pass `headers\.get\('x-webhook-signature'\)`/,
  ],
  [
    'header the whole headers object',
    BODY,
    { 'x-webhook-signature': SIG },
    SECRET,
    /signature .*req\.headers\['x-webhook-signature'\]/,
  ],
  ['header an array holding a number', BODY, [1], SECRET, /signature must be the header value/],
  ['header a Buffer', BODY, Buffer.from(SIG), SECRET, /signature must be the header value.*got a Buffer object/],
  // Checked first: a programmer error wins over a bad header, and a missing secret never looks like a bad signature.
  ['parsed payload and missing header', {}, undefined, SECRET, /payload /],
  ['missing secret and missing header', BODY, undefined, undefined, /secret must be/],
  ['missing secret and malformed header', BODY, 'abc', '', /secret must be/],
];

describe('verifyWebhookSignature and verifyWebhookSignatureAsync on bad input', () => {
  it.each(CASES)('%s', async (_name, payload, signature, secret, expected) => {
    const [sync, async] = await verifyBoth(payload, signature, secret);
    // Parity: same result, or the same TypeError message under each function's own name.
    expect(async).toEqual(renamed(sync, 'verifyWebhookSignature', 'verifyWebhookSignatureAsync'));
    if ('message' in async) expect(async.message).toMatch(/^verifyWebhookSignatureAsync: /);
    if (typeof expected === 'boolean') {
      expect(sync).toEqual({ value: expected });
    } else {
      expect(sync).toMatchObject({ error: 'TypeError' });
      expect((sync as { message: string }).message).toMatch(expected);
    }
  });

  it('never prints the secret in a TypeError', async () => {
    const secret = 'whsec_do_not_print_me';
    for (const payload of [{}, undefined, 42]) {
      const [sync] = await verifyBoth(payload, SIG, secret);
      expect(JSON.stringify(sync)).not.toContain(secret);
    }
    const [sync] = await verifyBoth(BODY, new Headers(), [secret, '']);
    expect(JSON.stringify(sync)).not.toContain(secret);
  });
});

describe('signWebhookPayload and signWebhookPayloadAsync on bad input', () => {
  it('sign with one secret: a list is refused, as are a parsed body and an empty secret', async () => {
    const list = [SECRET] as unknown as string;
    expect(() => signWebhookPayload(BODY, list)).toThrow(/^signWebhookPayload: secret must be .*; got an array\.$/);
    await expect(signWebhookPayloadAsync(BODY, list)).rejects.toThrow(
      /^signWebhookPayloadAsync: secret must be .*; got an array\.$/,
    );
    await expect(signWebhookPayloadAsync({} as string, SECRET)).rejects.toThrow(/^signWebhookPayloadAsync: payload must be/);
    await expect(signWebhookPayloadAsync(BODY, '')).rejects.toThrow(/^signWebhookPayloadAsync: secret must be/);
    expect(await signWebhookPayloadAsync(bytes, SECRET)).toBe(SIG);
    expect(await signWebhookPayloadAsync(bytes.slice().buffer, new TextEncoder().encode(SECRET).buffer)).toBe(SIG);
  });
});

describe('regression: the service documentation sample', () => {
  // The documented receiver compares Buffer.from(header) with Buffer.from(expected).
  function documentedSample(payload: string, header: string, secret: string): boolean {
    const expected = createHmac('sha256', secret).update(payload).digest('hex');
    return timingSafeEqual(Buffer.from(header), Buffer.from(expected));
  }

  it('throws a RangeError on a wrong-length header, where ours answers false', () => {
    expect(() => documentedSample(BODY, 'abc', SECRET)).toThrow(RangeError);
    expect(verifyWebhookSignature(BODY, 'abc', SECRET)).toBe(false);
    expect(documentedSample(BODY, SIG, SECRET)).toBe(verifyWebhookSignature(BODY, SIG, SECRET));
  });
});
