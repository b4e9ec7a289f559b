// A replayed event is due at once, and starts at once: a replay wakes idle workers as a stored
// event does, against a real PostgreSQL, with a poll (60 s) far beyond the test's wait.
import { afterEach, expect, it, vi } from 'vitest';
import { createPostgresWebhookInbox, type WebhookInboxWorker } from '../../../../src/postgres/index.js';
import { depositEvent } from '../../../helpers/inbox-event.js';
import { usePostgresServer } from '../../../helpers/use-postgres.js';

vi.setConfig({ testTimeout: 30_000 });

const pg = usePostgresServer();
const workers: WebhookInboxWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

it.each([
  ['replay(eventId)', (inbox: { replay(id: string): Promise<number> }) => inbox.replay('evt_replayed')],
  [
    "replay({ status: 'dead' })",
    (inbox: { replay(filter: { status: 'dead' }): Promise<number> }) => inbox.replay({ status: 'dead' }),
  ],
])('%s wakes an idle worker of the same process before its poll', async (_name, replay) => {
  const inbox = createPostgresWebhookInbox(pg.pool({ max: 6 }), { logger: { warn: () => undefined }, maxAttempts: 1 });
  await inbox.accept(depositEvent('evt_replayed'));
  const runs: number[] = [];
  workers.push(
    inbox.work({
      pollIntervalMs: 60_000,
      onError: () => undefined,
      on: {
        'deposit.created': () => {
          runs.push(Date.now());
          // Dead after its one attempt, so that both kinds of replay take it.
          throw new Error('not yet');
        },
      },
    }),
  );
  await vi.waitFor(async () => expect((await inbox.stats()).dead).toBe(1));
  // Past its last look for more (a few ms): the worker is idle now, until its next poll in 60 s.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await replay(inbox)).toBe(1);
  await vi.waitFor(() => expect(runs).toHaveLength(2), { timeout: 10_000 });
});
