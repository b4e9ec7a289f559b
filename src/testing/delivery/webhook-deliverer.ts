import { isDuplicateAnswer } from './duplicate-answer.js';
import { signWebhookPayload, WEBHOOK_RETRY_SCHEDULE, WEBHOOK_SIGNATURE_HEADER } from '../../webhooks/index.js';
import { networkErrorText } from './network-error.js';
import type { Scheduler } from './scheduler.js';
import type { AccountState, Store } from '../store/store.js';
import type { WebhookAttemptTiming, WebhookDeliveryRecord, WebhookEventPayload, WebhookTransport } from '../types.js';

/**
 * How one delivery attempt ended, before {@link isFailedDelivery} judges it.
 *
 * @example
 * ```ts
 * const outcome: DeliveryOutcome = { kind: 'response', status: 503 };
 * ```
 */
export type DeliveryOutcome =
  | {
      /** The receiver answered. */
      kind: 'response';
      /** Its HTTP status. */
      status: number;
      /** A 2xx answer saying the receiver had already handled the event id (`"duplicate": true`). */
      duplicate?: boolean;
    }
  | {
      /** The transport threw before any response. */
      kind: 'error';
      /** The transport's error message. */
      message: string;
    }
  | {
      /** No response within the delivery time-out. */
      kind: 'timeout';
    };

/**
 * The fake's answer to "what counts as a failed delivery" (spec: not shown): anything
 * but a 2xx response. A 3xx counts as failed because redirects are not followed, a
 * thrown transport error and no response within the time-out count as failed too.
 *
 * @example
 * ```ts
 * isFailedDelivery({ kind: 'response', status: 204 }); // false
 * isFailedDelivery({ kind: 'timeout' }); // true
 * ```
 */
export function isFailedDelivery(outcome: DeliveryOutcome): boolean {
  return !(outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300);
}

/** Delays before attempts 1..6; at most six attempts are made (spec section 6.4). */
const SCHEDULE: readonly number[] = WEBHOOK_RETRY_SCHEDULE;

/**
 * The `subscriptionId` of deliveries to the fake's `forwardWebhooks` endpoint, which stands for a
 * subscription to every event type.
 */
export const FORWARD_SUBSCRIPTION_ID = 'forward';

/** The endpoint `forwardWebhooks` names, checked, with its transport. */
export interface ForwardTarget {
  url: string;
  secret: string;
  transport: WebhookTransport;
}

/** How the deliverer sends, and whom it tells. */
export interface DelivererOptions {
  /** Undefined: deliveries to subscriptions are recorded, never sent. */
  transport: WebhookTransport | undefined;
  timeoutMs: number;
  /** Gets every event, always sent, never turned inactive. */
  forward?: ForwardTarget;
  onAttempt?: (delivery: WebhookDeliveryRecord, timing: WebhookAttemptTiming) => void;
}

/** A subscription's id, or the forward endpoint. */
type Target = { kind: 'subscription'; subscriptionId: string } | { kind: 'forward'; forward: ForwardTarget };

interface Pending {
  event: WebhookEventPayload;
  body: string;
  target: Target;
}

interface Endpoint {
  id: string;
  url: string;
  secret: string;
  transport: WebhookTransport | undefined;
}

/**
 * Signs each event for the subscriptions that list it with the subscription's current
 * secret (and for the forward endpoint, with its own), and records the delivery; with a
 * transport it also sends it and re-schedules failures on the spec's schedule.
 */
export class WebhookDeliverer {
  readonly deliveries: WebhookDeliveryRecord[] = [];
  readonly events: WebhookEventPayload[] = [];

  constructor(
    private readonly store: Store,
    private readonly scheduler: Scheduler,
    private readonly options: DelivererOptions,
  ) {}

  /** Records the event and runs the first attempts; resolves with those attempts. */
  publish(
    state: AccountState,
    type: string,
    data: Record<string, unknown>,
  ): Promise<{ event: WebhookEventPayload; deliveries: WebhookDeliveryRecord[] }> {
    return this.publishEvent(state, { id: this.store.ids.next('evt_'), type, timestamp: this.store.nowIso(), data });
  }

  /** {@link publish} for an event built by the caller (`admin.emit` checks it first). */
  async publishEvent(
    state: AccountState,
    event: WebhookEventPayload,
  ): Promise<{ event: WebhookEventPayload; deliveries: WebhookDeliveryRecord[] }> {
    this.events.push(event);
    const body = JSON.stringify(event);
    // An inactive subscription is skipped by #endpoint, the one place that judges it.
    const targets: Target[] = [...state.webhooks.values()]
      .filter((s) => s.events.includes(event.type))
      .map((s) => ({ kind: 'subscription', subscriptionId: s.id }));
    const { forward } = this.options;
    if (forward) targets.push({ kind: 'forward', forward });
    const first = await Promise.all(targets.map((target) => this.#attempt(state, { event, body, target }, 1)));
    return { event, deliveries: first.filter((d): d is WebhookDeliveryRecord => d !== undefined) };
  }

  /** Where a job goes now; undefined for a subscription deleted or turned inactive meanwhile. */
  #endpoint(state: AccountState, target: Target): Endpoint | undefined {
    if (target.kind === 'forward') return { id: FORWARD_SUBSCRIPTION_ID, ...target.forward };
    const sub = state.webhooks.get(target.subscriptionId);
    // Stryker disable next-line OptionalChaining: only a retry meets a deleted subscription, and the scheduler drops a retry that throws as it drops one that finds nothing
    if (sub?.status !== 'active') return undefined;
    // Stored and deleted with the subscription (routes/webhook-handlers.ts).
    const secret = this.store.webhookSecrets.get(sub.id) as string;
    return { id: sub.id, url: sub.url, secret, transport: this.options.transport };
  }

  async #attempt(state: AccountState, job: Pending, attempt: number): Promise<WebhookDeliveryRecord | undefined> {
    const endpoint = this.#endpoint(state, job.target);
    if (endpoint === undefined) return undefined;
    const signature = signWebhookPayload(job.body, endpoint.secret);
    const attemptedAt = this.store.nowIso();
    const headers = { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature };
    const started = performance.now();
    // No transport: the delivery is only recorded, for the test to read or hand to its handler.
    const outcome = endpoint.transport ? await this.#send(endpoint.transport, endpoint.url, job.body, headers) : undefined;
    const durationMs = outcome === undefined ? 0 : performance.now() - started;
    const failed = outcome !== undefined && isFailedDelivery(outcome);
    const record: WebhookDeliveryRecord = {
      id: this.store.ids.next('dlv_'),
      eventId: job.event.id,
      eventType: job.event.type,
      subscriptionId: endpoint.id,
      url: endpoint.url,
      attempt,
      attemptedAt,
      outcome: outcome === undefined ? 'recorded' : failed ? 'failed' : 'succeeded',
      responseStatus: outcome?.kind === 'response' ? outcome.status : null,
      duplicate: outcome?.kind === 'response' && outcome.duplicate === true,
      error:
        outcome?.kind === 'error'
          ? outcome.message
          : outcome?.kind === 'timeout'
            ? `no response within ${this.options.timeoutMs} ms`
            : null,
      body: job.body,
      signature,
      headers,
    };
    this.deliveries.push(record);
    this.#report(record, durationMs);
    if (!failed) return record;
    const delay = SCHEDULE[attempt];
    if (delay !== undefined) {
      this.scheduler.at(this.store.clock.now() + delay, async () => {
        await this.#attempt(state, job, attempt + 1);
      });
      return record;
    }
    // The last attempt failed. The forward endpoint stands for a developer's machine: one event
    // that never got through does not stop the next ones.
    // Stryker disable next-line ConditionalExpression: no subscription has the forward endpoint's id, so the lookup below finds nothing for it either
    if (job.target.kind === 'subscription') {
      // Deleted while the attempt was in flight: nothing to turn inactive.
      const current = state.webhooks.get(endpoint.id);
      // Stryker disable next-line ConditionalExpression: put refuses a record no longer stored, and the scheduler drops a retry that throws: a deleted subscription stays deleted either way
      if (current) state.webhooks.put({ ...current, status: 'inactive', updatedAt: this.store.nowIso() });
    }
    return record;
  }

  /** Tells `onAttempt`; a callback that throws does not stop the delivery or its retries. */
  #report(record: WebhookDeliveryRecord, durationMs: number): void {
    try {
      // Stryker disable next-line OptionalChaining: without a callback the call throws a TypeError the catch below drops; nothing else differs
      this.options.onAttempt?.(structuredClone(record), { durationMs });
    } catch {
      // The callback's own failure is its business.
    }
  }

  /** Races the transport against the time-out, so a transport that ignores the abort signal cannot hang a delivery. */
  async #send(transport: WebhookTransport, url: string, body: string, headers: Record<string, string>): Promise<DeliveryOutcome> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<DeliveryOutcome>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve({ kind: 'timeout' });
      }, this.options.timeoutMs);
    });
    const request = new Request(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: controller.signal,
    });
    const sent = (async (): Promise<DeliveryOutcome> => {
      try {
        const response = await transport(request);
        return { kind: 'response', status: response.status, duplicate: await isDuplicateAnswer(response) };
      } catch (error) {
        // A transport that gives up on the abort loses the race to the time-out, which aborted it.
        // Only the error's name and message: the request (and so the signature) stays out.
        return { kind: 'error', message: networkErrorText(error) };
      }
    })();
    try {
      return await Promise.race([sent, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}
