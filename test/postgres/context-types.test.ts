// What the types say each store gives a callback: `npm run typecheck` compiles this file, so a
// `@ts-expect-error` that stops erroring, or an `expectTypeOf` that stops holding, fails it.
import { Pool, type PoolClient } from 'pg';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createPostgresWebhookStore } from '../../src/postgres/index.js';
import { createRedisDedupStore, type RedisClient } from '../../src/redis/index.js';
import {
  createMemoryDedupStore,
  createNodeWebhookHandler,
  createWebhookHandler,
  createWebhookReceiver,
  type WebhookContext,
} from '../../src/webhooks/index.js';

const secret = 'whsec_types';

describe('the callback context, by store', () => {
  it('is PoolClient-typed db with the Postgres store, in all three receivers', () => {
    const store = createPostgresWebhookStore(new Pool());
    createNodeWebhookHandler({
      secret,
      store,
      on: { 'deposit.created': async (_event, context) => expectTypeOf(context.db).toEqualTypeOf<PoolClient>() },
    });
    createWebhookHandler({ secret, store, onUnknownEvent: (_event, { db }) => expectTypeOf(db).toEqualTypeOf<PoolClient>() });
    createWebhookReceiver({ secret, store, on: { 'score.updated': (_event, { db }) => db.query('SELECT 1') } });
    expect(typeof store.transaction).toBe('function');
  });

  it('has no db with the memory, Redis or default store; callbacks of one argument compile everywhere', () => {
    createNodeWebhookHandler({
      secret,
      store: createMemoryDedupStore(),
      on: {
        'deposit.created': (_event, context) => {
          expectTypeOf(context).toEqualTypeOf<WebhookContext>();
          // @ts-expect-error: no db without a transactional store
          return context.db;
        },
      },
    });
    // Compiled, not called: a Redis store needs a connected client.
    const withRedis = (redis: RedisClient) =>
      createWebhookHandler({
        secret,
        store: createRedisDedupStore(redis),
        // @ts-expect-error: no db without a transactional store
        on: { 'payment.received': (_event, { db }) => db },
      });
    expect(withRedis).toBeTypeOf('function');
    createWebhookReceiver({ secret, on: { 'payment.received': (event) => event.data } });
    createWebhookReceiver({
      secret,
      store: createPostgresWebhookStore(new Pool()),
      on: { 'payment.received': (event) => event.id },
    });
    expect(Object.keys(createMemoryDedupStore())).not.toContain('transaction');
  });
});
