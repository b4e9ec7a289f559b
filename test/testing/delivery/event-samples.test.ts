import { describe, expect, it, vi } from 'vitest';
import { buildEvent } from '../../../src/testing/delivery/event-samples.js';
import {
  constructWebhookEvent,
  signWebhookPayload,
  WEBHOOK_EVENT_TYPES,
  WebhookVerificationError,
} from '../../../src/webhooks/index.js';

const STAMP = { id: 'evt_0001', timestamp: '2026-01-01T00:00:00.000Z' };

/** What a receiver makes of `event`, delivered and verified. */
function received(event: unknown) {
  const body = JSON.stringify(event);
  return constructWebhookEvent(body, signWebhookPayload(body, 'whsec_r'), 'whsec_r', { maxEventAge: Number.POSITIVE_INFINITY });
}

describe('buildEvent', () => {
  it('gives every event type sample data a receiver accepts, stamped once it passed', () => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      const stamp = vi.fn(() => STAMP);
      const event = buildEvent(type, undefined, 7, stamp);
      expect(stamp).toHaveBeenCalledTimes(1);
      expect(event).toEqual({ ...STAMP, type, data: expect.any(Object) });
      expect(Object.keys(event.data).length, type).toBeGreaterThan(0);
      expect(received(event)).toMatchObject({ id: STAMP.id, type, data: event.data });
    }
  });

  it('merges the caller’s fields over the defaults, and the same seed gives the same sample', () => {
    const event = buildEvent('deposit.created', { amount: '25.00', memo: 'extra' }, 7, () => STAMP);
    expect(event.data).toEqual({
      depositId: 'dep_0001',
      token: 'USDC',
      amount: '25.00',
      memo: 'extra',
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    const again = buildEvent('deposit.created', {}, 7, () => STAMP);
    const other = buildEvent('deposit.created', {}, 8, () => STAMP);
    expect(again.data.transactionHash).toBe(event.data.transactionHash);
    expect(other.data.transactionHash).not.toBe(event.data.transactionHash);
  });

  it('names the records of each event after the event id, so two emits are two deposits, and keeps a given id', () => {
    const first = buildEvent('deposit.created', undefined, 7, () => ({ ...STAMP, id: 'evt_0001aa' }));
    const second = buildEvent('deposit.created', undefined, 7, () => ({ ...STAMP, id: 'evt_0002bb' }));
    expect([first.data.depositId, second.data.depositId]).toEqual(['dep_0001aa', 'dep_0002bb']);
    // The on-chain hash differs too, so a ledger keyed on it (the inbox guide's) takes both.
    expect(first.data.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(second.data.transactionHash).not.toBe(first.data.transactionHash);
    const ids: Record<string, string[]> = {
      'deposit.withdrawn': ['withdrawalId'],
      'payment.received': ['paymentId', 'creditLineId'],
      'payment.due': ['creditLineId'],
      'payment.overdue': ['creditLineId'],
      'credit.line_updated': ['creditLineId'],
      'credit.frozen': ['creditLineId'],
      'yield.distributed': ['positionId'],
    };
    for (const [type, fields] of Object.entries(ids)) {
      const a = buildEvent(type as 'payment.due', undefined, 7, () => ({ ...STAMP, id: 'evt_a1' }));
      const b = buildEvent(type as 'payment.due', undefined, 7, () => ({ ...STAMP, id: 'evt_b2' }));
      for (const field of fields) {
        expect(String((a.data as Record<string, unknown>)[field]), `${type} ${field}`).toMatch(/_a1$/);
        expect(String((b.data as Record<string, unknown>)[field]), `${type} ${field}`).toMatch(/_b2$/);
      }
    }
    const given = buildEvent('deposit.created', { depositId: 'dep_mine' }, 7, () => STAMP);
    expect(given.data.depositId).toBe('dep_mine');
  });

  it('refuses data that is not an object of fields, naming the caller’s input, before stamping', () => {
    const stamp = vi.fn(() => STAMP);
    for (const data of ['25.00', null, ['25.00'], 25, true]) {
      expect(() => buildEvent('deposit.created', data as never, 7, stamp), String(data)).toThrow(
        new TypeError("emit('deposit.created', data): data must be an object of the event's fields."),
      );
    }
    expect(() => buildEvent('score.updated', 'x' as never, 7, stamp, 'webhooks send --data')).toThrow(
      /^webhooks send --data: data must be an object/,
    );
    expect(stamp).not.toHaveBeenCalled();
  });

  it('refuses data that would make an event constructWebhookEvent refuses, with the refusal as the cause', () => {
    const stamp = vi.fn(() => STAMP);
    let thrown: unknown;
    try {
      buildEvent('deposit.created', { amount: 25 }, 7, stamp);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect((thrown as TypeError).message).toMatch(
      /^emit\('deposit\.created', data\) would send an event constructWebhookEvent refuses: Invalid webhook envelope: `data\.amount`/,
    );
    expect((thrown as TypeError).cause).toBeInstanceOf(WebhookVerificationError);
    expect(((thrown as TypeError).cause as WebhookVerificationError).code).toBe('invalid_envelope');
    expect(stamp).not.toHaveBeenCalled();
  });
});
