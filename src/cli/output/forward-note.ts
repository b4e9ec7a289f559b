import type { ForwardReport } from '../../testing/server/forward-endpoint.js';
import { nextAttempt } from './retry-wording.js';
import { printableLine } from './terminal-text.js';

const TRIGGER = 'npx credit-platform webhooks trigger deposit.created';

/**
 * What `webhooks status` says about a fake's `--forward-to` endpoint (`report.url` set), after
 * the subscriptions: that the forward is not one of them, and whether it delivered every event.
 * `allClear` is false while a forwarded event's latest attempt failed. Every string from the fake
 * goes through `clean` (the key redacted) and is printed on one line.
 */
export function forwardNote(
  report: ForwardReport & { url: string },
  fakeOrigin: string,
  subscriptions: number,
  clean: (text: string) => string,
): { lines: string[]; allClear: boolean } {
  const url = printableLine(clean(report.url));
  const what = `the fake at ${fakeOrigin} forwards every event to ${url} (fake --forward-to), which is not a subscription`;
  const head =
    subscriptions === 0
      ? `no subscription: the service itself would send this account no events; ${what}.`
      : `besides these subscriptions, ${what}.`;
  const failure = report.lastFailure;
  if (failure === null) {
    const done =
      report.events === 0
        ? `Nothing forwarded yet: ${TRIGGER} sends an event, and the fake prints a line per attempt.`
        : `${report.events} forwarded event(s), every one delivered; the fake prints a line per attempt, and ${TRIGGER} sends another.`;
    return { lines: [head, done], allClear: true };
  }
  const answer = failure.responseStatus === null ? `failed: ${failure.error ?? 'no response'}` : `got ${failure.responseStatus}`;
  const last = `${printableLine(clean(failure.eventId))} ${printableLine(clean(failure.eventType))}, attempt ${failure.attempt}`;
  const undelivered =
    `${report.undelivered} of ${report.events} forwarded event(s) not delivered: the latest attempt (${last}) ` +
    `${printableLine(clean(answer))}, ${nextAttempt(failure.attempt)}. The fake's terminal shows every attempt; once ` +
    `the endpoint answers 2xx, ${TRIGGER} checks it.`;
  return { lines: [head, undelivered], allClear: false };
}
