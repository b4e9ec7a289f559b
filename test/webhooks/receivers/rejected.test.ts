// onRejected: every refused delivery is reported once, with its WebhookVerificationError and
// nothing of the secret or the body; by default as one warn line. The 4xx body names the code.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  createNodeWebhookHandler,
  createSignedWebhookDelivery,
  createWebhookHandler,
  createWebhookReceiver,
  signWebhookPayload,
  WebhookVerificationError,
  type WebhookReceiverOptions,
  type WebhookVerificationErrorCode,
} from '../../../src/webhooks/index.js';
import { renderings } from '../../setup/leak-guard.js';
import { SECRET } from '../../helpers/verify-both.js';

// In every body, so a test can tell whether any part of the body reached what onRejected got.
const MARKER = 'body_marker_5d41402abc';
const DAY = 24 * 3_600_000;

function deposit(extra: { id?: string; timestamp?: string } = {}) {
  const data = { depositId: MARKER, token: 'USDC', amount: '1.00', transactionHash: `0x${'ab'.repeat(32)}` };
  return createSignedWebhookDelivery({ type: 'deposit.created', data, secret: SECRET, ...extra });
}

function signed(body: string) {
  return { body, headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhookPayload(body, SECRET) } };
}

/** One delivery per refusal code, with the status and the body fields the receivers answer. */
const REFUSALS: [WebhookVerificationErrorCode, () => { body: string; headers: Record<string, string> }, number, string][] = [
  [
    'missing_signature',
    () => ({ body: deposit().body, headers: { 'content-type': 'application/json' } }),
    401,
    'invalid_signature',
  ],
  ['malformed_signature', () => ({ ...deposit(), headers: { 'x-webhook-signature': 'sha256=abc' } }), 401, 'invalid_signature'],
  ['signature_mismatch', () => ({ ...deposit(), headers: { 'x-webhook-signature': '0'.repeat(64) } }), 401, 'invalid_signature'],
  ['invalid_json', () => signed(`{"id":"evt_1", ${MARKER}`), 400, 'invalid_payload'],
  ['invalid_envelope', () => deposit({ id: 'nope' }), 400, 'invalid_payload'],
  ['stale_event', () => deposit({ timestamp: new Date(Date.now() - 4 * DAY).toISOString() }), 400, 'stale_event'],
];

type Send = (delivery: { body: string; headers: Record<string, string> }) => Promise<{ status: number; json: unknown }>;

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

/** Each receiver, set up with `options`, as a function that sends one delivery and reads the answer. */
const RECEIVERS: [string, (options: WebhookReceiverOptions) => Promise<Send>][] = [
  [
    'createWebhookReceiver',
    async (options) => {
      const receive = createWebhookReceiver(options);
      return async ({ body, headers }) => {
        const result = await receive({ body, signature: headers['x-webhook-signature'] });
        return { status: result.status, json: JSON.parse(result.body) };
      };
    },
  ],
  [
    'createWebhookHandler',
    async (options) => {
      const handler = createWebhookHandler(options);
      return async ({ body, headers }) => {
        const response = await handler(new Request('http://127.0.0.1/webhooks', { method: 'POST', body, headers }));
        return { status: response.status, json: await response.json() };
      };
    },
  ],
  [
    'createNodeWebhookHandler on node:http',
    async (options) => {
      const server = createServer(createNodeWebhookHandler(options)).listen(0, '127.0.0.1');
      servers.push(server);
      await once(server, 'listening');
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
      return async ({ body, headers }) => {
        const response = await fetch(url, { method: 'POST', body, headers });
        return { status: response.status, json: await response.json() };
      };
    },
  ],
];

describe.each(RECEIVERS)('%s: onRejected', (_, setup) => {
  it.each(REFUSALS)(
    'reports %s once, without the secret or the body, and names the code in the answer',
    async (code, make, status, error) => {
      const onRejected = vi.fn();
      const onError = vi.fn();
      const onDeposit = vi.fn();
      const send = await setup({ secret: SECRET, on: { 'deposit.created': onDeposit }, onRejected, onError });
      const delivery = make();
      const answer = await send(delivery);
      expect(answer.status).toBe(status);
      expect(answer.json).toMatchObject({ error, code });
      expect(onRejected).toHaveBeenCalledOnce();
      const [rejected] = onRejected.mock.calls[0] ?? [];
      expect(rejected).toBeInstanceOf(WebhookVerificationError);
      expect(rejected).toMatchObject({ code });
      for (const text of renderings(rejected)) {
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain(MARKER);
      }
      expect(onError).not.toHaveBeenCalled();
      expect(onDeposit).not.toHaveBeenCalled();
    },
  );

  it('by default writes one warn line naming the code', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const send = await setup({ secret: SECRET, onError: vi.fn() });
    expect((await send({ ...deposit(), headers: { 'x-webhook-signature': '0'.repeat(64) } })).status).toBe(401);
    expect(warn).toHaveBeenCalledOnce();
    const line = warn.mock.calls[0]?.join(' ') ?? '';
    expect(line).toMatch(/^credit-platform: webhook delivery refused \(signature_mismatch\): /);
    expect(line).not.toContain('\n');
    expect(line).not.toContain(SECRET);
  });

  it('does not report an accepted delivery, and reports an onRejected that throws through onError', async () => {
    const onError = vi.fn();
    const onRejected = vi.fn(() => {
      throw new Error('log sink down');
    });
    const send = await setup({ secret: SECRET, onRejected, onError });
    expect((await send(deposit())).status).toBe(200);
    expect(onRejected).not.toHaveBeenCalled();
    expect((await send({ ...deposit(), headers: {} })).status).toBe(401);
    expect(onRejected).toHaveBeenCalledOnce();
    expect(onError).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ message: 'log sink down' }));
  });
});
