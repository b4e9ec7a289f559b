import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { client, countSent as countSentBy, useMswServer } from '../../helpers/msw.js';

const server = useMswServer();

const countSent = () => countSentBy(server);

async function rejected(work: Promise<unknown>): Promise<RequestValidationError> {
  const error = await captureError(work);
  expect(error).toBeInstanceOf(RequestValidationError);
  return error as RequestValidationError;
}

describe('transactions.list limit', () => {
  it.each([0, 101, -1, 1.5, Number.NaN])('refuses limit %s before sending', async (limit) => {
    const sent = countSent();
    const error = await rejected(client().transactions.list({ limit }));
    expect(error.errors).toEqual([
      { field: 'limit', code: 'INVALID_LIMIT', message: expect.stringMatching(/integer from 1 to 100|number/) },
    ]);
    expect(sent()).toBe(0);
  });

  it.each([1, 25, 100])('accepts limit %i', async (limit) => {
    const sent = countSent();
    await client().transactions.list({ limit });
    expect(sent()).toBe(1);
  });

  it('refuses a non-number limit and an empty cursor', async () => {
    const sent = countSent();
    // @ts-expect-error a string is not a limit
    const error = await rejected(client().transactions.list({ limit: '10', cursor: '' }));
    expect(error.errors.map((e) => e.field).sort()).toEqual(['cursor', 'limit']);
    expect(sent()).toBe(0);
  });

  it('takes a saved nextCursor without a cast; null (a first-page resumeCursor) starts at the first page', async () => {
    const sent = countSent();
    const page = await client().transactions.list();
    expect(page.nextCursor).toBeNull();
    const again = await client().transactions.list({ cursor: page.nextCursor });
    expect(again.items).toEqual(page.items);
    expect(sent()).toBe(2);
  });
});

describe('keys.revoke keyId', () => {
  it.each(['', '.', '..'])('refuses keyId %j before sending', async (keyId) => {
    const sent = countSent();
    const error = await rejected(client().keys.revoke(keyId));
    expect(error.errors[0]).toMatchObject({ field: 'keyId', code: 'INVALID_KEY_ID' });
    expect(sent()).toBe(0);
  });
});

describe('webhooks.create body', () => {
  const valid = { url: 'https://example.com/hooks', events: ['deposit.created' as const], secret: 'whsec_abc' };

  it.each([
    ['an http URL', { url: 'http://example.com/hooks' }, 'url', 'INVALID_URL'],
    ['a relative URL', { url: '/hooks' }, 'url', 'INVALID_URL'],
    ['not a URL', { url: 'example.com' }, 'url', 'INVALID_URL'],
    ['no events', { events: [] }, 'events', 'INVALID_EVENTS'],
    ['an unknown event type', { events: ['deposit.created', 'deposit.exploded'] }, 'events.1', 'INVALID_EVENTS'],
    ['an empty secret', { secret: '' }, 'secret', 'INVALID_SECRET'],
    ['a secret with trailing whitespace', { secret: 'whsec_abc\n' }, 'secret', 'INVALID_SECRET'],
  ])('refuses %s before sending', async (_, override, field, code) => {
    const sent = countSent();
    const error = await rejected(client().webhooks.create({ ...valid, ...override } as typeof valid));
    expect(error.errors).toEqual([{ field, code, message: expect.any(String) }]);
    expect(error.message).toMatch(/POST \/webhooks was not sent/);
    expect(sent()).toBe(0);
  });

  it('names every bad field at once and never echoes the secret', async () => {
    const sent = countSent();
    const error = await rejected(client().webhooks.create({ url: 'ftp://x', events: [], secret: ' topsecretvalue ' }));
    expect(error.errors.map((e) => e.field)).toEqual(['url', 'events', 'secret']);
    expect(JSON.stringify(error)).not.toContain('topsecretvalue');
    expect(error.message).not.toContain('topsecretvalue');
    expect(sent()).toBe(0);
  });

  it('a missing body is refused, not sent', async () => {
    const sent = countSent();
    // @ts-expect-error the body is required
    await rejected(client().webhooks.create());
    expect(sent()).toBe(0);
  });
});
