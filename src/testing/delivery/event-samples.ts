import {
  constructWebhookEvent,
  signWebhookPayload,
  type WebhookEventDataMap,
  type WebhookEventType,
  type WebhookVerificationError,
} from '../../webhooks/index.js';
import { fakeTransactionHash } from '../store/generated-transactions.js';
import type { WebhookEventPayload } from '../types.js';

/**
 * What `fake.admin.emit(type, data)` accepts for `data`: any of the event type's fields
 * (typed where the SDK knows them, e.g. `amount: string` for `deposit.created`). They are
 * merged into a complete default payload for that type.
 *
 * @example
 * ```ts
 * const data: EmitData<'deposit.created'> = { amount: '25.00' };
 * await fake.admin.emit('deposit.created', data);
 * ```
 */
export type EmitData<T extends WebhookEventType> = Partial<WebhookEventDataMap[T]>;

// The spec shows the data of deposit.created only; the others are plausible, named like the
// records the fake serves, so a receiver under test has something to read. The ids of the records
// an event is about (`depositId`, `paymentId`, ...) follow from the event id: two emits are two
// deposits, so a ledger keyed on `deposit_id` takes both, and a retry of one event is one deposit.
function defaults(seed: number, ref: string): { [T in WebhookEventType]: Record<string, unknown> } {
  // The on-chain hash too: a ledger keyed on it (the inbox guide's) takes two emits as two deposits.
  const hash = fakeTransactionHash(seed, 42 + refNumber(ref));
  return {
    'deposit.created': { depositId: `dep_${ref}`, token: 'USDC', amount: '1000.00', transactionHash: hash },
    'deposit.withdrawn': { withdrawalId: `wd_${ref}`, token: 'USDC', amount: '250.00', transactionHash: hash },
    'payment.received': { paymentId: `pay_${ref}`, creditLineId: `cl_${ref}`, amount: '100.00', token: 'USDC' },
    'payment.due': { creditLineId: `cl_${ref}`, amount: '100.00', dueDate: '2026-02-01' },
    'payment.overdue': { creditLineId: `cl_${ref}`, amount: '100.00', dueDate: '2026-01-01', daysOverdue: 3 },
    'credit.tier_changed': { previousTier: 'SECURED_ONLY', creditTier: 'STANDARD' },
    'credit.line_updated': { creditLineId: `cl_${ref}`, limit: '5000.00', available: '4000.00' },
    'credit.frozen': { creditLineId: `cl_${ref}`, reason: 'payment_overdue' },
    'yield.distributed': { positionId: `yld_${ref}`, token: 'USDC', amount: '4.20' },
    'score.updated': { previousScore: 700, score: 720 },
    'account.frozen': { reason: 'compliance_review' },
  };
}

/** The part of an event id that names its sample records: `evt_0001b3e04f1d` gives `0001b3e04f1d`. */
// A whole number from an event's ref (FNV-1a over its characters), for the sample's hash.
function refNumber(ref: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < ref.length; i++) hash = Math.imul(hash ^ ref.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

function sampleRef(eventId: string): string {
  return eventId.replace(/^evt_/, '');
}

const CHECK_SECRET = 'whsec_fake_emit_check';

/**
 * The event `emit` (and `credit-platform webhooks send`) sends: the type's default data (its
 * record ids taken from the event id, so unique per event) with `data` merged over it, checked
 * the way `constructWebhookEvent` checks a delivery, so a receiver never gets an event the SDK
 * itself would refuse. `stamp` gives the id and timestamp, only once
 * the data passed; `label` names the caller's input in messages.
 */
export function buildEvent(
  type: WebhookEventType,
  data: Record<string, unknown> | undefined,
  seed: number,
  stamp: () => { id: string; timestamp: string },
  label = `emit('${type}', data)`,
): WebhookEventPayload {
  if (data !== undefined && (typeof data !== 'object' || data === null || Array.isArray(data))) {
    throw new TypeError(`${label}: data must be an object of the event's fields.`);
  }
  const checked = { ...defaults(seed, 'check')[type], ...data };
  const body = JSON.stringify({ id: 'evt_check', type, timestamp: new Date().toISOString(), data: checked });
  try {
    constructWebhookEvent(body, signWebhookPayload(body, CHECK_SECRET), CHECK_SECRET);
  } catch (error) {
    // Signed here with the check secret, so only the envelope can be refused.
    const { message } = error as WebhookVerificationError;
    throw new TypeError(`${label} would send an event constructWebhookEvent refuses: ${message}`, { cause: error });
  }
  const { id, timestamp } = stamp();
  return { id, type, timestamp, data: { ...defaults(seed, sampleRef(id))[type], ...data } };
}
