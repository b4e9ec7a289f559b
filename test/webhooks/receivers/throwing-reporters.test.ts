// A reporter that throws (onError, the logger's debug) costs the sender neither its answer nor the
// process an unhandled rejection: node:http ignores the handler's promise.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryDedupStore,
  createNodeWebhookHandler,
  createSignedWebhookDelivery,
  type WebhookReceiverLogger,
} from '../../../src/webhooks/index.js';
import { bufferedRequest as raw, recordedResponse as response } from '../../helpers/node-exchange.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

afterEach(() => vi.restoreAllMocks());

describe('a reporter that throws', () => {
  const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });

  it('onError: the 503 of a failing store is still sent, and what onError threw goes to the console', async () => {
    const console_ = vi.spyOn(console, 'error').mockImplementation(() => {});
    const memory = createMemoryDedupStore();
    const handler = createNodeWebhookHandler({
      secret: SECRET,
      store: { ...memory, claim: () => Promise.reject(new Error('store down')) },
      onError() {
        throw new Error('reporter down');
      },
    });
    const { res, sent } = response();
    await expect(handler(raw(delivery.body, delivery.headers), res)).resolves.toBeUndefined();
    expect(sent.status).toBe(503);
    expect(console_).toHaveBeenCalledExactlyOnceWith(
      '[credit-platform/webhooks] onError threw while reporting an error:',
      expect.objectContaining({ message: 'reporter down' }),
    );
  });

  it('logger.debug: a duplicate is still acknowledged, and what debug threw goes to onError', async () => {
    const onError = vi.fn();
    const logger: WebhookReceiverLogger = {
      debug() {
        throw new Error('log sink full');
      },
      warn() {},
      error() {},
    };
    const handler = createNodeWebhookHandler({ secret: SECRET, logger, onError });
    await handler(raw(delivery.body, delivery.headers), response().res);
    const { res, sent } = response();
    await expect(handler(raw(delivery.body, delivery.headers), res)).resolves.toBeUndefined();
    expect(sent.status).toBe(200);
    expect(onError).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ message: 'log sink full' }),
      expect.objectContaining({ id: delivery.event.id }),
    );
  });
});
