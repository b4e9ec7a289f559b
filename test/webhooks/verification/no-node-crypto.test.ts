// A runtime without node:crypto (an edge function, a worker): the synchronous verifier says to use
// its Async twin, and the Node handler verifies on Web Crypto instead. Fresh module instances,
// since node:crypto is looked up once per module instance.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSignedWebhookDelivery } from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

function capture(work: () => unknown): unknown {
  try {
    return work();
  } catch (error) {
    return error;
  }
}

async function withoutNodeCrypto() {
  vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined as never);
  vi.resetModules();
  return import('../../../src/webhooks/index.js');
}

describe('without node:crypto', () => {
  it('the synchronous functions throw a TypeError naming their Async twin', async () => {
    const webhooks = await withoutNodeCrypto();
    const body = '{}';
    expect(() => webhooks.verifyWebhookSignature(body, 'a'.repeat(64), SECRET)).toThrow(
      new TypeError('verifyWebhookSignature needs node:crypto; use verifyWebhookSignatureAsync on this runtime.'),
    );
    expect(() => webhooks.signWebhookPayload(body, SECRET)).toThrow(
      /^signWebhookPayload needs node:crypto; use signWebhookPayloadAsync/,
    );
    // A header refused before any MAC is computed needs no crypto at all.
    expect(webhooks.verifyWebhookSignature(body, 'abc', SECRET)).toBe(false);
    expect(await webhooks.verifyWebhookSignatureAsync(body, 'a'.repeat(64), SECRET)).toBe(false);
  });

  it('says the same where process.getBuiltinModule does not exist (Node before 22.3), or process itself', async () => {
    vi.resetModules();
    const webhooks = await import('../../../src/webhooks/index.js');
    const getBuiltinModule = process.getBuiltinModule;
    let withoutLoader: unknown;
    let withoutProcess: unknown;
    try {
      (process as { getBuiltinModule?: unknown }).getBuiltinModule = undefined;
      withoutLoader = capture(() => webhooks.signWebhookPayload('{}', SECRET));
      vi.stubGlobal('process', undefined);
      withoutProcess = capture(() => webhooks.signWebhookPayload('{}', SECRET));
    } finally {
      vi.unstubAllGlobals();
      process.getBuiltinModule = getBuiltinModule;
    }
    for (const error of [withoutLoader, withoutProcess]) {
      expect(error).toEqual(new TypeError('signWebhookPayload needs node:crypto; use signWebhookPayloadAsync on this runtime.'));
    }
  });

  it('the Node handler verifies on Web Crypto', async () => {
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    const webhooks = await withoutNodeCrypto();
    const onDeposit = vi.fn();
    const handler = webhooks.createNodeWebhookHandler({ secret: SECRET, on: { 'deposit.created': onDeposit } });
    const { PassThrough } = await import('node:stream');
    const req = Object.assign(new PassThrough(), { method: 'POST', headers: delivery.headers, complete: false });
    let status = 0;
    const res = {
      headersSent: false,
      setHeader() {},
      writeHead(s: number) {
        status = s;
      },
      end() {},
    };
    const done = handler(req as never, res as never);
    req.end(delivery.body);
    await done;
    expect(status).toBe(200);
    expect(onDeposit).toHaveBeenCalledOnce();
  });
});
