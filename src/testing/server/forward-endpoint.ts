// `GET /_fake/forward`: where the fake forwards events (`credit-platform fake --forward-to`) and
// how that is going, so `credit-platform webhooks status` can tell the developer that the forward
// is not a subscription and whether it delivered everything. Outside `/api/v1`, as the emit
// endpoint: the service has no such operation.
import { FORWARD_SUBSCRIPTION_ID } from '../delivery/webhook-deliverer.js';
import type { FakeCreditPlatform } from '../service/fake-credit-platform.js';
import type { WebhookDeliveryRecord } from '../types.js';
import { errorResponse, FakeHttpError, httpError, okResponse } from '../http-envelope.js';
import { requireFakeKey } from './fake-key.js';

/** The path of the forward endpoint on a fake server's origin. */
export const FORWARD_PATH = '/_fake/forward';

/** The answer's `data`: the forward's URL (`null`: the fake forwards nothing) and its events. */
export interface ForwardReport {
  url: string | null;
  /** Events sent to the forward endpoint. */
  events: number;
  /** Events whose latest attempt failed: retried on the service's schedule, or out of attempts. */
  undelivered: number;
  /** The latest failed attempt of an undelivered event, or `null` when every event was delivered. */
  lastFailure: Pick<
    WebhookDeliveryRecord,
    'eventId' | 'eventType' | 'attempt' | 'attemptedAt' | 'responseStatus' | 'error'
  > | null;
}

/** The forward's report from the fake's delivery records; `url` is the forward's, if any. */
export function forwardReport(fake: FakeCreditPlatform, url: string | undefined): ForwardReport {
  const latest = new Map<string, WebhookDeliveryRecord>();
  for (const d of fake.admin.deliveries({ subscriptionId: FORWARD_SUBSCRIPTION_ID })) {
    const seen = latest.get(d.eventId);
    // Stryker disable next-line EqualityOperator: one subscription's attempts of an event are numbered apart, so none ties.
    if (seen === undefined || d.attempt > seen.attempt) latest.set(d.eventId, d);
  }
  const failed = [...latest.values()].filter((d) => d.outcome !== 'succeeded');
  const last = failed.reduce<WebhookDeliveryRecord | undefined>(
    (a, d) => (a === undefined || d.attemptedAt >= a.attemptedAt ? d : a),
    undefined,
  );
  return {
    url: url ?? null,
    events: latest.size,
    undelivered: failed.length,
    lastFailure:
      last === undefined
        ? null
        : {
            eventId: last.eventId,
            eventType: last.eventType,
            attempt: last.attempt,
            attemptedAt: last.attemptedAt,
            responseStatus: last.responseStatus,
            error: last.error,
          },
  };
}

/** Answers one request to {@link FORWARD_PATH}: 200 with a {@link ForwardReport}; the fake's key is required. */
export function handleForwardRequest(fake: FakeCreditPlatform, request: Request, url: string | undefined): Response {
  const headers = new Headers();
  try {
    if (request.method !== 'GET') throw httpError(405, 'METHOD_NOT_ALLOWED', 'method', `Only GET ${FORWARD_PATH}`);
    requireFakeKey(fake, request);
    return okResponse({ status: 200, data: forwardReport(fake, url) }, headers);
  } catch (error) {
    // Stryker disable next-line ConditionalExpression: only the two checks above throw here, each a FakeHttpError.
    if (error instanceof FakeHttpError) return errorResponse(error, headers);
    throw error;
  }
}
