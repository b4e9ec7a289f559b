// The receivers' `logger`: one debug line, with the event id, for each authentic delivery whose
// handler did not run (a duplicate, or one still being handled), so turning on debug shows why a
// handler did not run; the default onError writes to its `error`. The client's logger fits.
import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../../src/index.js';
import {
  createSignedWebhookDelivery,
  createWebhookHandler,
  createWebhookReceiver,
  type WebhookReceiverLogger,
} from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

function logger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger & WebhookReceiverLogger;
}

function deposit() {
  return createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
}

describe('the receivers log a delivery whose handler did not run at debug', () => {
  it('a duplicate: one line naming the event id, and none for a delivery that ran', async () => {
    const log = logger();
    const receive = createWebhookReceiver({ secret: SECRET, logger: log, on: { 'deposit.created': () => undefined } });
    const delivery = deposit();
    const signature = delivery.headers['x-webhook-signature'];
    expect((await receive({ body: delivery.body, signature })).outcome).toBe('processed');
    expect(log.debug).not.toHaveBeenCalled();
    expect((await receive({ body: delivery.body, signature })).outcome).toBe('duplicate');
    expect(log.debug).toHaveBeenCalledExactlyOnceWith(
      `credit-platform: webhook event "${delivery.event.id}" not run: a duplicate: the event id was already handled.`,
      { eventId: delivery.event.id, type: 'deposit.created', outcome: 'duplicate' },
    );
    expect([log.info, log.warn, log.error].flatMap((fn) => fn.mock.calls)).toEqual([]);
  });

  it('a delivery still being handled: one line naming the event id', async () => {
    const log = logger();
    let finish!: () => void;
    const handler = createWebhookHandler({
      secret: SECRET,
      logger: log,
      on: { 'deposit.created': () => new Promise<void>((resolve) => (finish = resolve)) },
    });
    const delivery = deposit();
    const request = () => new Request('http://127.0.0.1/w', { method: 'POST', body: delivery.body, headers: delivery.headers });
    const first = handler(request());
    await vi.waitFor(() => expect(finish).toBeTypeOf('function'));
    expect((await handler(request())).status).toBe(503);
    expect(log.debug).toHaveBeenCalledExactlyOnceWith(expect.stringContaining(delivery.event.id), {
      eventId: delivery.event.id,
      type: 'deposit.created',
      outcome: 'in_progress',
    });
    finish();
    expect((await first).status).toBe(200);
  });

  it('quotes the id in the message, so a signed id with control characters cannot split or style the line', async () => {
    const log = logger();
    const receive = createWebhookReceiver({ secret: SECRET, logger: log });
    const id = `evt_1\n2026-01-01 INFO forged line \u001b[2J${'x'.repeat(500)}`;
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET, id });
    const signature = delivery.headers['x-webhook-signature'];
    await receive({ body: delivery.body, signature });
    expect((await receive({ body: delivery.body, signature })).outcome).toBe('duplicate');
    const [message, fields] = log.debug.mock.calls[0] ?? [];
    expect([message.includes('\n'), message.includes('\u001b')]).toEqual([false, false]);
    expect(message).toContain('"evt_1\\n2026-01-01 INFO forged line \\u001b[2J');
    expect(message.length).toBeLessThan(250);
    expect(fields).toMatchObject({ eventId: id });
  });

  it('writes nothing at debug without a logger', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const receive = createWebhookReceiver({ secret: SECRET });
    const delivery = deposit();
    const signature = delivery.headers['x-webhook-signature'];
    await receive({ body: delivery.body, signature });
    expect((await receive({ body: delivery.body, signature })).outcome).toBe('duplicate');
    expect(debug).not.toHaveBeenCalled();
    debug.mockRestore();
  });

  it('the default onError writes to logger.error, with the event id', async () => {
    const log = logger();
    const receive = createWebhookReceiver({
      secret: SECRET,
      logger: log,
      on: {
        'deposit.created': () => {
          throw new Error('database down');
        },
      },
    });
    const delivery = deposit();
    expect((await receive({ body: delivery.body, signature: delivery.headers['x-webhook-signature'] })).status).toBe(500);
    expect(log.error).toHaveBeenCalledExactlyOnceWith(expect.stringMatching(/^credit-platform: webhook receiver error$/), {
      error: expect.objectContaining({ message: 'database down' }),
      eventId: delivery.event.id,
    });
  });

  it('a logger without debug, warn and error is refused when the receiver is created', () => {
    const broken = { debug: () => undefined } as unknown as WebhookReceiverLogger;
    expect(() => createWebhookReceiver({ secret: SECRET, logger: broken })).toThrow(
      /^createWebhookReceiver: logger must have debug, warn and error methods/,
    );
  });
});
