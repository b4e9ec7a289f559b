import { signWebhookPayload, WEBHOOK_RETRY_SCHEDULE, WEBHOOK_SIGNATURE_HEADER } from '../webhooks/index.js';
import type { Scheduler } from './scheduler.js';
import type { AccountState, Store } from './store.js';
import type { WebhookDeliveryRecord, WebhookEventPayload, WebhookTransport } from './types.js';

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

interface Pending {
  event: WebhookEventPayload;
  body: string;
  subscriptionId: string;
}

/**
 * Signs each event for the subscriptions that list it with the subscription's current
 * secret, and records the delivery; with a transport it also sends it and re-schedules
 * failures on the spec's schedule.
 */
export class WebhookDeliverer {
  readonly deliveries: WebhookDeliveryRecord[] = [];
  readonly events: WebhookEventPayload[] = [];

  constructor(
    private readonly store: Store,
    private readonly scheduler: Scheduler,
    /** Undefined: deliveries are recorded, never sent. */
    private readonly transport: WebhookTransport | undefined,
    private readonly timeoutMs: number,
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
    const targets = [...state.webhooks.values()].filter((s) => s.status === 'active' && s.events.includes(event.type));
    const first = await Promise.all(targets.map((s) => this.#attempt(state, { event, body, subscriptionId: s.id }, 1)));
    return { event, deliveries: first.filter((d): d is WebhookDeliveryRecord => d !== undefined) };
  }

  async #attempt(state: AccountState, job: Pending, attempt: number): Promise<WebhookDeliveryRecord | undefined> {
    const sub = state.webhooks.get(job.subscriptionId);
    const secret = this.store.webhookSecrets.get(job.subscriptionId);
    // A subscription deleted or turned inactive meanwhile gets no further attempts.
    if (sub?.status !== 'active' || secret === undefined) return undefined;
    const signature = signWebhookPayload(job.body, secret);
    const attemptedAt = this.store.nowIso();
    const headers = { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature };
    // No transport: the delivery is only recorded, for the test to read or hand to its handler.
    const outcome = this.transport ? await this.#send(this.transport, sub.url, job.body, headers) : undefined;
    const failed = outcome !== undefined && isFailedDelivery(outcome);
    const record: WebhookDeliveryRecord = {
      id: this.store.ids.next('dlv_'),
      eventId: job.event.id,
      eventType: job.event.type,
      subscriptionId: sub.id,
      url: sub.url,
      attempt,
      attemptedAt,
      outcome: outcome === undefined ? 'recorded' : failed ? 'failed' : 'succeeded',
      responseStatus: outcome?.kind === 'response' ? outcome.status : null,
      error:
        outcome?.kind === 'error'
          ? outcome.message
          : outcome?.kind === 'timeout'
            ? `no response within ${this.timeoutMs} ms`
            : null,
      body: job.body,
      signature,
      headers,
    };
    this.deliveries.push(record);
    if (!failed) return record;
    const delay = SCHEDULE[attempt];
    if (delay === undefined) {
      const current = state.webhooks.get(sub.id);
      if (current) state.webhooks.put({ ...current, status: 'inactive', updatedAt: this.store.nowIso() });
    } else {
      this.scheduler.at(this.store.clock.now() + delay, async () => {
        await this.#attempt(state, job, attempt + 1);
      });
    }
    return record;
  }

  /** Races the transport against the time-out, so a transport that ignores the abort signal cannot hang a delivery. */
  async #send(transport: WebhookTransport, url: string, body: string, headers: Record<string, string>): Promise<DeliveryOutcome> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<DeliveryOutcome>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve({ kind: 'timeout' });
      }, this.timeoutMs);
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
        await response.body?.cancel().catch(() => undefined);
        return { kind: 'response', status: response.status };
      } catch (error) {
        if (controller.signal.aborted) return { kind: 'timeout' };
        // Only the error's name and message: the request (and so the signature) stays out.
        return { kind: 'error', message: error instanceof Error ? `${error.name}: ${error.message}` : 'transport failed' };
      }
    })();
    try {
      return await Promise.race([sent, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}
