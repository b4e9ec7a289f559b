// createNodeWebhookHandler on a request stream that fails, closes early or runs past maxBodyBytes,
// driven directly with a stream standing in for the IncomingMessage and a recorder for the response.
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createNodeWebhookHandler, createSignedWebhookDelivery, type NodeWebhookRequest } from '../../../src/webhooks/index.js';
import { bufferedRequest, recordedResponse as response } from '../../helpers/node-exchange.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

function request(headers: Record<string, string> = {}) {
  return Object.assign(new PassThrough(), { method: 'POST', headers, complete: false }) as unknown as PassThrough &
    NodeWebhookRequest;
}

function setup(maxBodyBytes = 1024, readTimeout = 10_000) {
  const onDeposit = vi.fn();
  const onError = vi.fn();
  const handler = createNodeWebhookHandler({
    secret: SECRET,
    maxBodyBytes,
    readTimeout,
    on: { 'deposit.created': onDeposit },
    onError,
  });
  return { handler, onDeposit, onError };
}

describe('createNodeWebhookHandler reading the stream itself', () => {
  it('answers 400 when the stream fails, and runs no callback', async () => {
    const { handler, onDeposit } = setup();
    const req = request();
    const { res, sent } = response();
    const done = handler(req, res);
    req.write('{"id":');
    req.destroy(new Error('socket hang up'));
    await done;
    expect([sent.status, JSON.parse(sent.body ?? '')]).toEqual([
      400,
      { error: 'invalid_payload', message: 'The request body could not be read.' },
    ]);
    expect(onDeposit).not.toHaveBeenCalled();
  });

  it('answers 400 when the stream closes before its end', async () => {
    const { handler } = setup();
    const req = request();
    const { res, sent } = response();
    const done = handler(req, res);
    req.write('{"id":');
    req.destroy();
    await done;
    expect(sent.status).toBe(400);
  });

  it('answers 413, closing the connection, once a body without Content-Length runs past maxBodyBytes', async () => {
    const { handler, onDeposit } = setup(64);
    const req = request();
    const { res, sent } = response();
    const done = handler(req, res);
    req.write('x'.repeat(40));
    req.write('x'.repeat(40));
    await done;
    expect([sent.status, sent.headers.connection]).toEqual([413, 'close']);
    expect(onDeposit).not.toHaveBeenCalled();
  });

  it('answers 413 at once to a declared Content-Length over maxBodyBytes, before any of the body', async () => {
    // Were the body awaited, the 50 ms readTimeout would answer 408.
    const { handler } = setup(64, 50);
    const { res, sent } = response();
    await handler(request({ 'content-length': '65' }), res);
    expect([sent.status, sent.headers.connection]).toEqual([413, 'close']);
  });

  it('reads a body of exactly maxBodyBytes, declared or not, and hands it to the receiver', async () => {
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    const size = Buffer.byteLength(delivery.body);
    for (const declared of [true, false]) {
      const { handler, onDeposit } = setup(size);
      const req = request({
        'x-webhook-signature': delivery.headers['x-webhook-signature'],
        ...(declared ? { 'content-length': String(size) } : {}),
      });
      const { res, sent } = response();
      const done = handler(req, res);
      req.write(delivery.body.slice(0, 10));
      req.end(delivery.body.slice(10));
      await done;
      expect(sent.status).toBe(200);
      expect(onDeposit).toHaveBeenCalledOnce();
    }
  });

  it('rejects its promise when writing the answer throws, instead of throwing from the stream event', async () => {
    const { handler } = setup();
    const req = request({ 'x-webhook-signature': 'f'.repeat(64) });
    const { res } = response();
    res.writeHead = () => {
      throw new Error('the response is gone');
    };
    const done = handler(req, res);
    req.end('{"id":"evt_1"}');
    await expect(done).rejects.toThrow('the response is gone');
  });

  it('rejects, and does not throw, when writing the answer to a body a parser left in req.body throws', async () => {
    const { handler } = setup();
    const { res } = response();
    res.writeHead = () => {
      throw new Error('the response is gone');
    };
    let done: Promise<void> | undefined;
    expect(() => {
      done = handler(bufferedRequest('{"id":"evt_1"}', { 'x-webhook-signature': 'f'.repeat(64) }), res);
    }).not.toThrow();
    await expect(done).rejects.toThrow('the response is gone');
  });
});
