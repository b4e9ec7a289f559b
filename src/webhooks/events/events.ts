import type { Token } from '../../utils/known-assets.js';
import type { WebhookEventType } from '../event-types.js';

/**
 * The `data` of a `deposit.created` event (spec section 2.5).
 *
 * @example
 * ```ts
 * import type { DepositCreatedData } from 'credit-platform/webhooks';
 * const data: DepositCreatedData = { depositId: 'dep_1', token: 'USDC', amount: '10000.00', transactionHash: '0xabc' };
 * ```
 */
export interface DepositCreatedData {
  /** Identifier of the deposit, prefix `dep_`. */
  readonly depositId: string;
  /** Token symbol, e.g. `USDC`; one this SDK version does not know arrives as sent. */
  readonly token: Token;
  /** Decimal amount as a string, e.g. `"10000.00"`; never a float. */
  readonly amount: string;
  /** On-chain transaction hash, `0x`-prefixed. */
  readonly transactionHash: string;
  /** Fields a later service version may add are kept. */
  readonly [field: string]: unknown;
}

/**
 * The `data` of event types whose content the spec does not show: an open object,
 * kept as sent.
 *
 * @example
 * ```ts
 * import type { WebhookEventData } from 'credit-platform/webhooks';
 * const data: WebhookEventData = { score: 742 };
 * ```
 */
export type WebhookEventData = { readonly [field: string]: unknown };

/**
 * The `data` type for each known event type.
 *
 * @example
 * ```ts
 * import type { WebhookEventDataMap } from 'credit-platform/webhooks';
 * type Deposit = WebhookEventDataMap['deposit.created']; // DepositCreatedData
 * ```
 */
export type WebhookEventDataMap = {
  readonly [T in WebhookEventType]: T extends 'deposit.created' ? DepositCreatedData : WebhookEventData;
};

/**
 * The event of one known type `T`, e.g. `WebhookEventOf<'deposit.created'>`.
 *
 * @example
 * ```ts
 * import type { WebhookEventOf } from 'credit-platform/webhooks';
 * function onDeposit(event: WebhookEventOf<'deposit.created'>) {
 *   console.log(event.data.amount);
 * }
 * ```
 */
export interface WebhookEventOf<T extends WebhookEventType> {
  /** Event id, prefix `evt_`; the same across retries, so use it to de-duplicate. */
  readonly id: string;
  /** The event type; narrowing on it types `data`. */
  readonly type: T;
  /** ISO 8601 instant, as sent. */
  readonly timestamp: string;
  /** The event's payload: {@link DepositCreatedData} for `deposit.created`, an open object for the others. */
  readonly data: WebhookEventDataMap[T];
}

/**
 * A verified delivery of one of the 11 known event types, discriminated by `type`.
 *
 * @example
 * ```ts
 * import type { WebhookEvent } from 'credit-platform/webhooks';
 * function handle(event: WebhookEvent) {
 *   if (event.type === 'deposit.created') console.log(event.data.transactionHash);
 * }
 * ```
 */
export type WebhookEvent = { [T in WebhookEventType]: WebhookEventOf<T> }[WebhookEventType];

/**
 * A verified delivery whose type this SDK version does not know. `type` is
 * `'unknown'` so that narrowing on the known types keeps working; the sent type is
 * in `rawType`.
 *
 * @example
 * ```ts
 * import { constructWebhookEvent } from 'credit-platform/webhooks';
 * const event = constructWebhookEvent(body, signature, secret);
 * if (event.type === 'unknown') console.warn('unhandled webhook type', event.rawType);
 * ```
 */
export interface UnknownWebhookEvent {
  /** Event id, prefix `evt_`; the same across retries. */
  readonly id: string;
  /** Always `'unknown'`; the sent type is in `rawType`. */
  readonly type: 'unknown';
  /** The type string the service sent. */
  readonly rawType: string;
  /** ISO 8601 instant, as sent. */
  readonly timestamp: string;
  /** The payload, kept as sent. */
  readonly data: WebhookEventData;
}
