import { describe, expect, it } from 'vitest';
import { forwardNote } from '../../../src/cli/output/forward-note.js';
import type { ForwardReport } from '../../../src/testing/server/forward-endpoint.js';

const ORIGIN = 'http://127.0.0.1:4010';
const URL_ = 'http://localhost:3000/webhooks';
const TRIGGER = 'npx credit-platform webhooks trigger deposit.created';
const WHAT = `the fake at ${ORIGIN} forwards every event to ${URL_} (fake --forward-to), which is not a subscription`;
const same = (text: string) => text;

function report(over: Partial<ForwardReport> & { url?: string }): ForwardReport & { url: string } {
  return { events: 0, undelivered: 0, lastFailure: null, ...over, url: over.url ?? URL_ };
}

const failure = {
  eventId: 'evt_1',
  eventType: 'deposit.created',
  attempt: 1,
  attemptedAt: '2026-01-01T00:00:00.000Z',
  responseStatus: 503,
  error: null,
};

describe('forwardNote', () => {
  it('says the forward is not a subscription: alone, or besides the subscriptions listed', () => {
    expect(forwardNote(report({}), ORIGIN, 0, same).lines[0]).toBe(
      `no subscription: the service itself would send this account no events; ${WHAT}.`,
    );
    expect(forwardNote(report({}), ORIGIN, 2, same).lines[0]).toBe(`besides these subscriptions, ${WHAT}.`);
  });

  it('is an all-clear when nothing was forwarded yet, or every forwarded event was delivered', () => {
    expect(forwardNote(report({}), ORIGIN, 0, same)).toEqual({
      lines: [expect.any(String), `Nothing forwarded yet: ${TRIGGER} sends an event, and the fake prints a line per attempt.`],
      allClear: true,
    });
    expect(forwardNote(report({ events: 3 }), ORIGIN, 0, same)).toEqual({
      lines: [
        expect.any(String),
        `3 forwarded event(s), every one delivered; the fake prints a line per attempt, and ${TRIGGER} sends another.`,
      ],
      allClear: true,
    });
  });

  it('is no all-clear while an event is not delivered: the latest failed attempt, its answer and the next attempt', () => {
    const answered = forwardNote(report({ events: 3, undelivered: 2, lastFailure: failure }), ORIGIN, 0, same);
    expect(answered).toEqual({
      lines: [
        expect.any(String),
        '2 of 3 forwarded event(s) not delivered: the latest attempt (evt_1 deposit.created, attempt 1) got 503, ' +
          `next attempt in 1 min. The fake's terminal shows every attempt; once the endpoint answers 2xx, ${TRIGGER} checks it.`,
      ],
      allClear: false,
    });
    const down = { ...failure, attempt: 6, responseStatus: null, error: 'TypeError: fetch failed' };
    expect(forwardNote(report({ events: 1, undelivered: 1, lastFailure: down }), ORIGIN, 0, same).lines[1]).toContain(
      '(evt_1 deposit.created, attempt 6) failed: TypeError: fetch failed, no attempts left.',
    );
    const silent = { ...failure, responseStatus: null, error: null };
    expect(forwardNote(report({ events: 1, undelivered: 1, lastFailure: silent }), ORIGIN, 0, same).lines[1]).toContain(
      'attempt 1) failed: no response, next attempt in 1 min.',
    );
  });

  it('passes every string from the fake through clean, then shows it on one line', () => {
    const hostile = { ...failure, eventId: 'evt_K\n', eventType: 'K\u001b[2J', responseStatus: null, error: 'K' };
    const note = forwardNote(
      report({ url: 'http://localhost:3000/?k=K', events: 1, undelivered: 1, lastFailure: hostile }),
      ORIGIN,
      0,
      (text) => text.replaceAll('K', '[REDACTED]'),
    );
    expect(note.lines.join('\n')).not.toContain('K');
    expect(note.lines[0]).toContain('forwards every event to http://localhost:3000/?k=[REDACTED] (fake --forward-to)');
    expect(note.lines[1]).toContain(
      '(evt_[REDACTED]\\n [REDACTED]\\u001b[2J, attempt 1) failed: [REDACTED], next attempt in 1 min.',
    );
  });
});
