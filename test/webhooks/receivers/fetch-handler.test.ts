import { describe, expect, it, vi } from 'vitest';
import {
  createMemoryDedupStore,
  createSignedWebhookDelivery,
  createWebhookHandler,
  type WebhookDedupStore,
  type WebhookReceiverOptions,
} from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

function deposit(id?: string) {
  return createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET, ...(id ? { id } : {}) });
}

function post(delivery: { body: string; headers: Record<string, string> }, init: RequestInit = {}) {
  return new Request('http://127.0.0.1/webhooks', { method: 'POST', body: delivery.body, headers: delivery.headers, ...init });
}

function setup(options: Partial<WebhookReceiverOptions> = {}) {
  const onDeposit = vi.fn();
  const onError = vi.fn();
  const handler = createWebhookHandler({ secret: SECRET, on: { 'deposit.created': onDeposit }, onError, ...options });
  return { handler, onDeposit, onError };
}

describe('createWebhookHandler', () => {
  it('verifies, runs the typed callback once and answers 200', async () => {
    const { handler, onDeposit } = setup();
    const delivery = deposit();
    const response = await handler(post(delivery));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(onDeposit).toHaveBeenCalledExactlyOnceWith(delivery.event, {}); // no db: the store is not transactional
  });

  it('answers a completed duplicate 200 without running the callback again', async () => {
    const { handler, onDeposit } = setup();
    const delivery = deposit();
    await handler(post(delivery));
    const again = await handler(post(delivery));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(onDeposit).toHaveBeenCalledTimes(1);
  });

  it('answers a duplicate still in progress 503 with Retry-After, then 200 once done', async () => {
    let finish!: () => void;
    const { handler, onDeposit } = setup();
    onDeposit.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    const delivery = deposit();
    const first = handler(post(delivery));
    await vi.waitFor(() => expect(onDeposit).toHaveBeenCalled());
    const second = await handler(post(delivery));
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('60');
    finish();
    expect((await first).status).toBe(200);
    expect((await handler(post(delivery))).status).toBe(200);
    expect(onDeposit).toHaveBeenCalledTimes(1);
  });

  it('releases the claim when the callback throws (500), so the retry succeeds', async () => {
    const { handler, onDeposit, onError } = setup();
    onDeposit.mockRejectedValueOnce(new Error('database down'));
    const delivery = deposit();
    const failed = await handler(post(delivery));
    expect(failed.status).toBe(500);
    expect(await failed.text()).not.toContain('database down');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'database down' }), delivery.event);
    const retried = await handler(post(delivery));
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ received: true });
    expect(onDeposit).toHaveBeenCalledTimes(2);
  });

  it('answers 401 to a forged delivery and does not let it poison the store', async () => {
    const { handler, onDeposit } = setup();
    const real = deposit('evt_target');
    const forged = createSignedWebhookDelivery({
      type: 'deposit.created',
      data: depositData(),
      secret: 'attacker',
      id: 'evt_target',
    });
    const rejected = await handler(post(forged));
    expect(rejected.status).toBe(401);
    expect(await rejected.json()).toEqual({ error: 'invalid_signature', code: 'signature_mismatch' });
    expect((await handler(post({ ...real, headers: { 'content-type': 'application/json' } }))).status).toBe(401);
    const accepted = await handler(post(real));
    expect(await accepted.json()).toEqual({ received: true });
    expect(onDeposit).toHaveBeenCalledExactlyOnceWith(real.event, {});
  });

  it('answers 400 to an authentic delivery with an invalid envelope', async () => {
    const { handler, onDeposit } = setup();
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET, id: 'nope' });
    const response = await handler(post(delivery));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_payload', message: expect.stringMatching(/`id`/) });
    expect(onDeposit).not.toHaveBeenCalled();
  });

  it('passes unknown event types to onUnknownEvent, and acknowledges types without a callback', async () => {
    const onUnknownEvent = vi.fn();
    const { handler } = setup({ onUnknownEvent });
    const unknown = createSignedWebhookDelivery({ type: 'loan.liquidated', data: { n: 1 }, secret: SECRET });
    expect((await handler(post(unknown))).status).toBe(200);
    expect(onUnknownEvent).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ type: 'unknown', rawType: 'loan.liquidated' }),
      {},
    );
    const unhandled = createSignedWebhookDelivery({ type: 'score.updated', data: {}, secret: SECRET });
    expect((await handler(post(unhandled))).status).toBe(200);
  });

  it('answers 405 to other methods and 413 to a body over the limit', async () => {
    const { handler } = setup({ maxBodyBytes: 100 });
    const get = await handler(new Request('http://127.0.0.1/webhooks'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await handler(post(deposit()))).status).toBe(413);
  });

  it('answers 400 to a body stream that fails, and runs no callback', async () => {
    const { handler, onDeposit } = setup();
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"id":'));
        controller.error(new Error('connection reset'));
      },
    });
    const response = await handler(
      new Request('http://127.0.0.1/webhooks', { method: 'POST', body, duplex: 'half' } as RequestInit),
    );
    expect([response.status, await response.json()]).toEqual([
      400,
      { error: 'invalid_payload', message: 'The request body could not be read.' },
    ]);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(onDeposit).not.toHaveBeenCalled();
  });

  it('reports a body that was already read as a configuration error, naming the fix', async () => {
    const { handler, onError } = setup();
    const request = post(deposit());
    await request.json();
    const response = await handler(request);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: 'configuration_error', message: expect.stringMatching(/already read/) });
    expect(onError).toHaveBeenCalledWith(expect.any(TypeError));
  });

  it('answers 503 when the store fails, and still 200 when only recording completion fails', async () => {
    const broken: WebhookDedupStore = {
      claim: () => Promise.reject(new Error('redis down')),
      complete: () => {},
      release: () => {},
    };
    expect((await setup({ store: broken }).handler(post(deposit()))).status).toBe(503);
    const memory = createMemoryDedupStore();
    const flaky: WebhookDedupStore = {
      ...memory,
      complete: () => {
        throw new Error('write failed');
      },
    };
    const { handler, onError } = setup({ store: flaky });
    expect((await handler(post(deposit()))).status).toBe(200);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'write failed' }), expect.anything());
  });

  it('fails at creation when the secret is missing, without printing secrets', () => {
    expect(() => createWebhookHandler({ secret: undefined as unknown as string })).toThrow(
      /createWebhookHandler: secret must be/,
    );
    expect(() => createWebhookHandler({ secret: ['whsec_visible', ''] })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('whsec_visible') }),
    );
  });
});
