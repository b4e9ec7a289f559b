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
import { checkLogger, logNotRun, quotedEventId } from '../../../src/webhooks/receivers/receiver-logger.js';
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

describe('checkLogger, quotedEventId and logNotRun', () => {
  it('checkLogger wants all three methods, and takes no logger as none', () => {
    const fn = () => undefined;
    expect(checkLogger(undefined, 'f')).toBeUndefined();
    const full = { debug: fn, warn: fn, error: fn };
    expect(checkLogger(full, 'f')).toBe(full);
    for (const broken of [
      null,
      {},
      { warn: fn, error: fn },
      { debug: fn, error: fn },
      { debug: fn, warn: fn },
      { ...full, warn: 'x' },
    ]) {
      expect(() => checkLogger(broken, 'f')).toThrow(/^f: logger must have debug, warn and error methods/);
    }
  });

  it('quotedEventId quotes and escapes an id, and cuts it at 100 characters', () => {
    expect(quotedEventId('evt_1')).toBe('"evt_1"');
    expect(quotedEventId('evt_\n\u001b')).toBe('"evt_\\n\\u001b"');
    const hundred = `evt_${'a'.repeat(96)}`;
    expect(quotedEventId(hundred)).toBe(`"${hundred}"`);
    expect(quotedEventId(`${hundred}b`)).toBe(`"${hundred}…"`);
  });

  it('logNotRun names the sent type of an unknown event, and the outcome', () => {
    const log = logger();
    const unknown = {
      id: 'evt_u',
      type: 'unknown',
      rawType: 'loan.created',
      timestamp: '2026-01-01T00:00:00Z',
      data: {},
    } as const;
    logNotRun(log, unknown, 'in_progress');
    logNotRun(log, { ...unknown, type: 'score.updated' } as never, 'completed');
    logNotRun(undefined, unknown, 'completed');
    expect(log.debug.mock.calls).toEqual([
      [
        'credit-platform: webhook event "evt_u" not run: another delivery of it is being handled.',
        { eventId: 'evt_u', type: 'loan.created', outcome: 'in_progress' },
      ],
      [
        'credit-platform: webhook event "evt_u" not run: a duplicate: the event id was already handled.',
        { eventId: 'evt_u', type: 'score.updated', outcome: 'duplicate' },
      ],
    ]);
  });
});
