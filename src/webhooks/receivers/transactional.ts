// A delivery under a transactional store: the store records the event id and runs the callback in
// one transaction, and the answer follows from how that transaction ended. No `node:*` import.
import type { UnknownWebhookEvent, WebhookEvent } from '../events/events.js';
import type { TransactionalWebhookStore, WebhookTransactionOutcome } from '../stores/transactional-store.js';
import { respond, type WebhookReceiverResult } from './receiver-result.js';

/**
 * @internal Runs `handle` inside the store's transaction. A callback that threw is a 500 (rolled
 * back, so the service's retry runs it again at once); any other failure is the store's, a 503
 * (the retry may find the database back). 200 only once the store has committed.
 */
export async function receiveInTransaction(
  store: TransactionalWebhookStore<unknown>,
  event: WebhookEvent | UnknownWebhookEvent,
  onError: (error: unknown, event?: WebhookEvent | UnknownWebhookEvent) => void,
  handle: (db: unknown) => unknown,
): Promise<WebhookReceiverResult> {
  // Set only by the callback, so a failure of BEGIN, the INSERT or COMMIT is never taken for it.
  let thrown: { error: unknown } | undefined;
  let outcome: WebhookTransactionOutcome;
  try {
    outcome = await store.transaction(event.id, async (db) => {
      try {
        await handle(db);
      } catch (error) {
        thrown = { error };
        throw error;
      }
    });
  } catch (error) {
    onError(thrown ? thrown.error : error, event);
    return respond(thrown ? 'handler_error' : 'store_error', undefined, event);
  }
  return respond(outcome, undefined, event);
}
