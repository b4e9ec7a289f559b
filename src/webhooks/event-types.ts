/**
 * The 11 event types the Credit Platform service delivers (spec section 6.1).
 *
 * @example
 * ```ts
 * import { WEBHOOK_EVENT_TYPES } from 'credit-platform/webhooks';
 * WEBHOOK_EVENT_TYPES.includes('deposit.created'); // true
 * ```
 */
export const WEBHOOK_EVENT_TYPES = [
  'deposit.created',
  'deposit.withdrawn',
  'payment.received',
  'payment.due',
  'payment.overdue',
  'credit.tier_changed',
  'credit.line_updated',
  'credit.frozen',
  'yield.distributed',
  'score.updated',
  'account.frozen',
] as const;

/**
 * One of the event types in {@link WEBHOOK_EVENT_TYPES}.
 *
 * @example
 * ```ts
 * import type { WebhookEventType } from 'credit-platform/webhooks';
 * const events: WebhookEventType[] = ['deposit.created', 'payment.overdue'];
 * ```
 */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
