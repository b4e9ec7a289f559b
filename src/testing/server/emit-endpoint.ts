// `POST /_fake/events`: `fake.admin.emit` over HTTP, so a developer can make a running fake emit an
// event from another terminal (`credit-platform webhooks trigger`). It lives outside `/api/v1` so
// it can never be mistaken for an operation of the service.
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../webhooks/index.js';
import type { FakeCreditPlatform } from '../service/fake-credit-platform.js';
import { errorResponse, FakeHttpError, httpError, okResponse, readJsonBody } from '../http-envelope.js';
import { requireFakeKey } from './fake-key.js';

/** The path of the emit endpoint on a fake server's origin. */
export const EMIT_PATH = '/_fake/events';

// An event's data is a handful of fields; anything bigger is not an honest trigger.
const MAX_BODY_BYTES = 64 * 1024;

/**
 * Answers one request to {@link EMIT_PATH}. The fake's key is required, as on the API: a web page
 * the developer visits cannot send `X-API-Key` to loopback without a preflight the fake never
 * answers. Body: `{ "type": "deposit.created", "data": { ... } }`, `data` optional and merged over
 * the type's sample data. Answers 201 with the event and the first attempt to each endpoint.
 */
export async function handleEmitRequest(fake: FakeCreditPlatform, request: Request): Promise<Response> {
  const headers = new Headers();
  try {
    if (request.method !== 'POST') throw httpError(405, 'METHOD_NOT_ALLOWED', 'method', `Only POST ${EMIT_PATH}`);
    requireFakeKey(fake, request);
    const body = (await readJsonBody(request, MAX_BODY_BYTES)) ?? {};
    const { type, data } = body;
    if (!(WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(type)) {
      throw httpError(422, 'INVALID_EVENT_TYPE', 'type', `type must be one of: ${WEBHOOK_EVENT_TYPES.join(', ')}`);
    }
    let emitted: Awaited<ReturnType<FakeCreditPlatform['admin']['emit']>>;
    // `emit` refuses data that is not an object of the event's fields with a TypeError.
    try {
      emitted = await fake.admin.emit(type as WebhookEventType, data as Record<string, unknown> | undefined);
    } catch (error) {
      if (error instanceof TypeError) throw httpError(422, 'INVALID_VALUE', 'data', error.message);
      throw error;
    }
    const deliveries = emitted.deliveries.map(({ url, attempt, outcome, responseStatus, error, duplicate }) => ({
      url,
      attempt,
      outcome,
      responseStatus,
      error,
      duplicate,
    }));
    return okResponse({ status: 201, data: { event: emitted.event, deliveries } }, headers);
  } catch (error) {
    if (error instanceof FakeHttpError) return errorResponse(error, headers);
    return errorResponse(httpError(500, 'INTERNAL_ERROR', 'server', 'The fake failed to emit the event'), headers);
  }
}
