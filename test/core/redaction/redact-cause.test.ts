// What an SDK error keeps of the error that caused it: the original when nothing of it can hold a
// secret, else a redacted copy (redactCause); of an error thrown by the `apiKey` function, only
// its class name and code (opaqueCause). Also the error items and headers of an API error.
import { inspect } from 'node:util';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { redactCause, redactHeaders, redactItems } from '../../../src/core/redaction/redact.js';

// Imported afresh for each test, so that the module's patterns for names and codes are evaluated by it.
let opaqueCause: typeof import('../../../src/core/redaction/redact.js').opaqueCause;
beforeEach(async () => {
  vi.resetModules();
  ({ opaqueCause } = await import('../../../src/core/redaction/redact.js'));
});

const KEY = 'cpk_live_cause_0123456789';
const SECRETS = [KEY];

/** An error whose fields are set as a runtime would, with a chain of `cause`s. */
function failure(message: string, fields: Record<string, unknown> = {}, cause?: unknown): Error {
  const error = new Error(message, cause === undefined ? undefined : { cause });
  return Object.assign(error, fields);
}

describe('redactCause', () => {
  it('never keeps a secret however deep the chain: below five errors the rest is dropped', () => {
    let chain: Error = failure(`deepest: ${KEY}`);
    for (let i = 0; i < 7; i++) chain = failure(`level ${i}`, {}, chain);
    const kept = redactCause(chain, SECRETS);
    expect(inspect(kept, { depth: 20 })).not.toContain(KEY);
    let depth = 0;
    for (let at: unknown = kept; at instanceof Error; at = at.cause) depth++;
    expect(depth).toBe(5);
  });

  it('redacts a string cause and leaves out an object cause that is not an Error', () => {
    expect(redactCause(`vault said: ${KEY}`, SECRETS)).toBe('vault said: [REDACTED]');
    expect(redactCause({ apiKey: KEY }, SECRETS)).toBeUndefined();
    const withObject = redactCause(failure('fetch failed', {}, { request: { headers: { 'x-api-key': KEY } } }), SECRETS) as Error;
    expect([withObject.message, withObject.cause]).toEqual(['fetch failed', undefined]);
    expect(redactCause(42, SECRETS)).toBe(42);
    expect(redactCause(undefined, SECRETS)).toBeUndefined();
  });

  it('keeps a cause that holds no secret as it is, the same object, fields and chain', () => {
    const inner = failure('connect ECONNREFUSED 127.0.0.1:1', {
      code: 'ECONNREFUSED',
      errno: -111,
      syscall: 'connect',
      port: null,
    });
    const outer = failure('fetch failed', {}, inner);
    expect(redactCause(outer, SECRETS)).toBe(outer);
    // An enumerable `cause` (set by assignment, as some libraries do) is judged as a cause, not as a field.
    const assigned = Object.assign(new Error('fetch failed'), { cause: inner });
    expect(redactCause(assigned, SECRETS)).toBe(assigned);
  });

  it('leaves out a function cause: nothing it closes over or carries can be vouched for', () => {
    expect(
      redactCause(
        Object.assign(() => KEY, { apiKey: KEY }),
        SECRETS,
      ),
    ).toBeUndefined();
  });

  it('copies an error whose stack alone holds the key (a message set after the stack was built)', () => {
    const original = failure('request failed');
    original.stack = `Error: request failed for ${KEY}\n    at send (client.js:1:1)`;
    const copy = redactCause(original, SECRETS) as Error;
    expect(copy).not.toBe(original);
    expect(copy.message).toBe('request failed');
    expect(copy.stack).toBe('Error: request failed for [REDACTED]\n    at send (client.js:1:1)');
  });

  it('passes a value that is not an Error through', () => {
    for (const value of [undefined, null, 'reason', 42]) expect(redactCause(value, SECRETS)).toBe(value);
  });

  it('copies an error whose message holds the key: name, code, message and stack redacted, no other field', () => {
    const original = failure(`vault rejected ${KEY}`, { code: `E_${KEY}`, detail: 'kept out' });
    original.name = 'VaultError';
    original.stack = `VaultError: vault rejected ${KEY}\n    at fetchKey (vault.js:1:1)`;
    const copy = redactCause(original, SECRETS) as Error & { code?: unknown; detail?: unknown };
    expect(copy).not.toBe(original);
    expect(copy).toBeInstanceOf(Error);
    expect(copy.name).toBe('VaultError');
    expect(copy.message).toBe('vault rejected [REDACTED]');
    expect(copy.stack).toBe('VaultError: vault rejected [REDACTED]\n    at fetchKey (vault.js:1:1)');
    expect(copy.code).toBe('E_[REDACTED]');
    expect(Object.hasOwn(copy, 'detail')).toBe(false);
    expect(Object.hasOwn(copy, 'cause')).toBe(false);
  });

  it('a copy made of an error without a stack gets one naming it, and a code that is not a string is left out', () => {
    const original = failure(`bad key ${KEY}`, { code: 7 });
    original.name = 'KeyError';
    original.stack = undefined;
    const copy = redactCause(original, SECRETS) as Error & { code?: unknown };
    expect(copy.stack).toBe('KeyError: bad key [REDACTED]');
    expect(Object.hasOwn(copy, 'code')).toBe(false);
  });

  it.each([
    ['a string field', { url: `https://api.example/?key=${KEY}` }],
    ['an object field (the Request a custom fetch attached)', { request: { headers: { 'x-api-key': 'elsewhere' } } }],
    ['a function field', { retry: () => undefined }],
  ])('copies an error whose message is clean but which lists %s, leaving the field out', (_label, fields) => {
    const original = failure('request failed', fields);
    const copy = redactCause(original, SECRETS) as Error;
    expect(copy).not.toBe(original);
    expect(copy.message).toBe('request failed');
    for (const key of Object.keys(fields)) expect(Object.hasOwn(copy, key)).toBe(false);
  });

  it('redacts a secret at every depth of the chain it keeps, five errors, and drops what lies below unread', () => {
    const clean = failure('socket hang up', { code: 'ECONNRESET' });
    let chain: Error = failure(`deep ${KEY}`, {}, clean);
    for (let i = 3; i >= 0; i--) chain = failure(`level ${i}`, {}, chain);
    // level 0 -> 1 -> 2 -> 3 -> deep (the fifth error) -> clean
    let copy = redactCause(chain, SECRETS) as Error;
    const messages: string[] = [];
    for (let depth = 0; depth < 5; depth++) {
      messages.push(copy.message);
      copy = copy.cause as Error;
    }
    expect(messages).toEqual(['level 0', 'level 1', 'level 2', 'level 3', 'deep [REDACTED]']);
    expect(copy).toBeUndefined();
  });
});

describe('opaqueCause', () => {
  it.each([
    [null, 'null'],
    [undefined, 'undefined'],
    [{ apiKey: KEY }, 'an object that is not an Error'],
    [KEY, 'a string'],
    [42, 'a number'],
  ])('a thrown %o is described as %s, and the cause is a plain Error with nothing of it', (thrown, described) => {
    const result = opaqueCause(thrown);
    expect(result.described).toBe(described);
    expect(result.cause.name).toBe('Error');
    expect(result.cause.message).toBe('message withheld: it may hold a secret');
    expect(result.cause.stack).toBe('Error: message withheld: it may hold a secret');
    expect(Object.keys(result.cause).sort()).toEqual(['name']);
  });

  it('keeps the class name and an identifier-like code of a thrown Error, and nothing else', () => {
    const thrown = failure(`vault said: ${KEY}`, { code: 'E_VAULT_DENIED', token: KEY });
    thrown.name = 'VaultError';
    const { cause, described } = opaqueCause(thrown);
    expect(described).toBe('a VaultError (code E_VAULT_DENIED)');
    expect(cause.name).toBe('VaultError');
    expect(cause.stack).toBe('VaultError: message withheld: it may hold a secret');
    expect(cause).toMatchObject({ code: 'E_VAULT_DENIED' });
    expect(Object.keys(cause).sort()).toEqual(['code', 'name']);
    expect(`${cause.message}${cause.stack}`).not.toContain(KEY);
  });

  it.each([
    ['AbortError', 'an AbortError'],
    ['TypeError', 'a TypeError'],
    ['Exception', 'an Error'],
    ['keyException', 'a keyException'],
    [`A${'b'.repeat(60)}Error`, `an A${'b'.repeat(60)}Error`],
    [`A${'b'.repeat(61)}Error`, 'an Error'],
    [`${KEY}Error`, 'an Error'],
    [`X ${KEY} Error`, 'an Error'],
    [`${KEY} TypeError`, 'an Error'],
    [`TypeError ${KEY}`, 'an Error'],
  ])('a thrown error named %s is described as %s', (name, described) => {
    const thrown = new Error('x');
    thrown.name = name;
    expect(opaqueCause(thrown).described).toBe(described);
    expect(opaqueCause(thrown).cause.name).toBe(described.replace(/^an? /, ''));
  });

  it.each([
    ['E_VAULT', 'E_VAULT'],
    [503, 503],
    [`E${'_'.repeat(60)}`, `E${'_'.repeat(60)}`],
    [`E${'_'.repeat(61)}`, undefined],
    [KEY, undefined],
    [`E_VAULT ${KEY}`, undefined],
    [`${KEY} E_VAULT`, undefined],
    ['4XX', undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    [{ key: KEY }, undefined],
    // Neither an array nor an object that reads as a code when turned into a string is a code.
    [['E_VAULT'], undefined],
    [{ toString: () => 'E_VAULT', key: KEY }, undefined],
  ])('a code %o is kept as %o', (code, kept) => {
    const thrown = failure('x', { code });
    thrown.name = 'TypeError';
    const { cause, described } = opaqueCause(thrown);
    expect((cause as { code?: unknown }).code).toBe(kept);
    expect(Object.hasOwn(cause, 'code')).toBe(kept !== undefined);
    expect(described).toBe(kept === undefined ? 'a TypeError' : `a TypeError (code ${kept})`);
  });
});

describe('redactItems and redactHeaders', () => {
  it('redact every field of every item, and add no code to an item without one', () => {
    const items = [
      { field: `key ${KEY}`, message: `${KEY} is revoked`, code: `C_${KEY}` },
      { field: 'amount', message: 'too small' },
    ];
    const out = redactItems(items, SECRETS);
    expect(out).toStrictEqual([
      { field: 'key [REDACTED]', message: '[REDACTED] is revoked', code: 'C_[REDACTED]' },
      { field: 'amount', message: 'too small' },
    ]);
    expect(Object.hasOwn(out[1] as object, 'code')).toBe(false);
  });

  it('redact every value of every header, and keep repeated headers', () => {
    const headers = new Headers([
      ['x-echo', `key=${KEY}`],
      ['set-cookie', `a=${KEY}`],
      ['set-cookie', 'b=2'],
      ['x-request-id', 'req-1'],
    ]);
    const out = redactHeaders(headers, SECRETS);
    expect(out.get('x-echo')).toBe('key=[REDACTED]');
    expect(out.getSetCookie()).toEqual(['a=[REDACTED]', 'b=2']);
    expect(out.get('x-request-id')).toBe('req-1');
  });
});
