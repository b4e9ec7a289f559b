// createNodeWebhookHandler verifies on node:crypto where process.getBuiltinModule gives it, and on
// Web Crypto where it does not; both give every delivery the same answer.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createNodeWebhookHandler,
  createSignedWebhookDelivery,
  signWebhookPayload,
  type WebhookReceiverOptions,
} from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

type NodeHandler = ReturnType<typeof createNodeWebhookHandler>;

const servers: Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(handler: NodeHandler): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

const options: WebhookReceiverOptions = { secret: ['whsec_old_secret', SECRET], onError() {}, onRejected() {} };

/** A Node handler made while node:crypto is out of reach, as on a runtime without it. */
async function handlerWithoutNodeCrypto(): Promise<NodeHandler> {
  const original = process.getBuiltinModule;
  vi.resetModules(); // fresh modules, with node:crypto not yet cached
  try {
    (process as { getBuiltinModule?: unknown }).getBuiltinModule = undefined;
    const fresh = await import('../../../src/webhooks/receivers/node-handler.js');
    return fresh.createNodeWebhookHandler(options);
  } finally {
    process.getBuiltinModule = original;
  }
}

/** Every kind of delivery a receiver tells apart, sent in order (the second is a duplicate). */
function deliveries(): { name: string; body: string; headers: Record<string, string> }[] {
  const valid = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
  const signed = (body: string) => ({
    'content-type': 'application/json',
    'x-webhook-signature': signWebhookPayload(body, SECRET),
  });
  const stale = JSON.stringify({ ...valid.event, id: 'evt_stale', timestamp: '2020-01-01T00:00:00Z' });
  return [
    { name: 'valid', body: valid.body, headers: valid.headers },
    { name: 'duplicate', body: valid.body, headers: valid.headers },
    { name: 'wrong signature', body: valid.body, headers: { 'x-webhook-signature': 'ab'.repeat(32) } },
    {
      name: 'uppercase hex',
      body: valid.body,
      headers: { 'x-webhook-signature': valid.headers['x-webhook-signature'].toUpperCase() },
    },
    { name: 'short header', body: valid.body, headers: { 'x-webhook-signature': 'abc' } },
    { name: 'no header', body: valid.body, headers: {} },
    { name: 'not JSON', body: '{"id":', headers: signed('{"id":') },
    { name: 'bad envelope', body: '{"id":"nope"}', headers: signed('{"id":"nope"}') },
    { name: 'stale', body: stale, headers: signed(stale) },
  ];
}

async function answers(url: string): Promise<Record<string, [number, unknown]>> {
  const out: Record<string, [number, unknown]> = {};
  for (const { name, body, headers } of deliveries()) {
    const response = await fetch(url, { method: 'POST', body, headers });
    out[name] = [response.status, await response.json()];
  }
  return out;
}

describe('createNodeWebhookHandler: which crypto verifies', () => {
  it('verifies on node:crypto where it is available: no Web Crypto call for any delivery', async () => {
    const sign = vi.spyOn(crypto.subtle, 'sign');
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const got = await answers(await listen(createNodeWebhookHandler(options)));
    expect(got.valid).toEqual([200, { received: true }]);
    expect(sign).not.toHaveBeenCalled();
    expect(importKey).not.toHaveBeenCalled();
  });

  it('verifies on Web Crypto where node:crypto is missing, with the very same answers', async () => {
    const onNode = await answers(await listen(createNodeWebhookHandler(options)));
    const withoutNode = await handlerWithoutNodeCrypto();
    const sign = vi.spyOn(crypto.subtle, 'sign');
    const onWeb = await answers(await listen(withoutNode));
    expect(sign).toHaveBeenCalled();
    expect(onWeb).toEqual(onNode);
    expect(onNode).toMatchObject({
      valid: [200, { received: true }],
      duplicate: [200, { received: true, duplicate: true }],
      'wrong signature': [401, { error: 'invalid_signature', code: 'signature_mismatch' }],
      'uppercase hex': [401, { code: 'malformed_signature' }],
      'short header': [401, { code: 'malformed_signature' }],
      'no header': [401, { code: 'missing_signature' }],
      'not JSON': [400, { code: 'invalid_json' }],
      'bad envelope': [400, { code: 'invalid_envelope' }],
      stale: [400, { error: 'stale_event', code: 'stale_event' }],
    });
  });
});
