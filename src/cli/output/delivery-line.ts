import type { WebhookAttemptTiming, WebhookDeliveryRecord } from '../../testing/types.js';
import { nextAttempt } from './retry-wording.js';
import { printableLine } from './terminal-text.js';

/**
 * One line for one delivery attempt: when (the fake's clock), the event id and type, the
 * status or the network error, the time it took, what happens next, and `note` (what the
 * endpoint's answer meant). Every part is made printable: ids, types and URLs come from the
 * fake's API, where anyone with the key chooses them.
 */
export function formatAttempt(delivery: WebhookDeliveryRecord, timing: WebhookAttemptTiming, note?: string): string {
  return printableLine(attemptText(delivery, timing, note));
}

function attemptText(delivery: WebhookDeliveryRecord, timing: WebhookAttemptTiming, note: string | undefined): string {
  const head = `${delivery.attemptedAt} ${delivery.eventId} ${delivery.eventType}`;
  const where = `attempt ${delivery.attempt} to ${delivery.url}`;
  if (delivery.outcome === 'recorded') {
    return `${head} recorded, not sent (${where}; start the fake with --send-webhooks to send to subscriptions)`;
  }
  const result = delivery.responseStatus === null ? `failed: ${delivery.error ?? 'no response'}` : `${delivery.responseStatus}`;
  const after = delivery.outcome === 'succeeded' ? '' : `, ${nextAttempt(delivery.attempt)}`;
  return `${head} ${result} in ${Math.round(timing.durationMs)} ms (${where}${after})${note ? `: ${note}` : ''}`;
}
