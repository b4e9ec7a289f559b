import { describe, expect, it } from 'vitest';
import { formatAttempt } from '../../../src/cli/output/delivery-line.js';
import type { WebhookDeliveryRecord } from '../../../src/testing/index.js';

function delivery(over: Partial<WebhookDeliveryRecord>): WebhookDeliveryRecord {
  return {
    id: 'dlv_1',
    eventId: 'evt_1',
    eventType: 'deposit.created',
    subscriptionId: 'sub_1',
    url: 'http://127.0.0.1:9/hook',
    attempt: 1,
    attemptedAt: '2026-01-01T00:00:00.000Z',
    outcome: 'failed',
    responseStatus: 500,
    duplicate: false,
    error: null,
    body: '{}',
    signature: 't=1,v1=00',
    headers: {},
    ...over,
  };
}

const HEAD = '2026-01-01T00:00:00.000Z evt_1 deposit.created';

describe('formatAttempt', () => {
  it('says a recorded delivery was not sent, and how to send it', () => {
    const line = formatAttempt(delivery({ outcome: 'recorded', responseStatus: null }), { durationMs: 0 });
    expect(line).toBe(
      `${HEAD} recorded, not sent (attempt 1 to http://127.0.0.1:9/hook; start the fake with --send-webhooks to send to subscriptions)`,
    );
  });

  it('gives a success its status and rounded time, with no next attempt', () => {
    const line = formatAttempt(delivery({ outcome: 'succeeded', responseStatus: 204 }), { durationMs: 12.6 });
    expect(line).toBe(`${HEAD} 204 in 13 ms (attempt 1 to http://127.0.0.1:9/hook)`);
  });

  it('gives a failure the next attempt of the retry schedule, or says none is left after the sixth', () => {
    const next = (attempt: number) => formatAttempt(delivery({ attempt }), { durationMs: 3 });
    expect(next(1)).toBe(`${HEAD} 500 in 3 ms (attempt 1 to http://127.0.0.1:9/hook, next attempt in 1 min)`);
    expect(next(3)).toBe(`${HEAD} 500 in 3 ms (attempt 3 to http://127.0.0.1:9/hook, next attempt in 30 min)`);
    expect(next(5)).toBe(`${HEAD} 500 in 3 ms (attempt 5 to http://127.0.0.1:9/hook, next attempt in 12 h)`);
    expect(next(6)).toBe(`${HEAD} 500 in 3 ms (attempt 6 to http://127.0.0.1:9/hook, no attempts left)`);
  });

  it('shows the network error of an attempt without a response, or "no response" when there is none', () => {
    const refused = delivery({ responseStatus: null, error: 'connect ECONNREFUSED' });
    expect(formatAttempt(refused, { durationMs: 1 })).toContain(' failed: connect ECONNREFUSED in 1 ms ');
    expect(formatAttempt(delivery({ responseStatus: null }), { durationMs: 1 })).toContain(' failed: no response in 1 ms ');
  });

  it('ends with the note when there is one', () => {
    const line = formatAttempt(delivery({ outcome: 'succeeded', responseStatus: 200 }), { durationMs: 2 }, 'duplicate');
    expect(line).toBe(`${HEAD} 200 in 2 ms (attempt 1 to http://127.0.0.1:9/hook): duplicate`);
    expect(formatAttempt(delivery({}), { durationMs: 2 }, '')).not.toMatch(/: $/);
  });

  it('keeps every part on one printable line: ids, types and URLs come from the fake’s API', () => {
    const hostile = delivery({ eventId: 'evt_1\nverified: evt_2', eventType: 'x\u001b]0;owned\u0007', url: 'http://h/\r' });
    const line = formatAttempt(hostile, { durationMs: 1 }, 'note\u009b2J');
    expect(line).toBe(
      '2026-01-01T00:00:00.000Z evt_1\\nverified: evt_2 x\\u001b]0;owned\\u0007 500 in 1 ms (attempt 1 to http://h/\\r, next attempt in 1 min): note\\u009b2J',
    );
  });
});
