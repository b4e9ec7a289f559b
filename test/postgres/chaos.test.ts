// The inbox under chaos, against a PostgreSQL of its own: three worker processes on 2 000 events,
// workers killed with SIGKILL (and restarted), `inbox.replay(id)` while events run, handlers that
// `SET` a session setting or never settle, and PostgreSQL itself crashed and restarted midway.
// At the end every event's effect is in the ledger exactly once (plus once per replay that put a
// finished event back) and nothing is left pending. Randomness is seeded; every wait is bounded.
import { fileURLToPath } from 'node:url';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresWebhookInbox } from '../../src/postgres/index.js';
import { depositEvent } from '../helpers/inbox-event.js';
import { type InboxWorkerProcess, startInboxWorkerProcess } from '../helpers/inbox-worker-process.js';
import { type PostgresServer, startPostgresServer } from '../helpers/postgres-server.js';
import { useSystemPrograms } from '../helpers/system-programs.js';

const MAIN = fileURLToPath(new URL('../helpers/chaos-worker-main.ts', import.meta.url));
const EVENTS = 2_000;
const WORKERS = 3;
// Each worker's handler deadline: long enough that a hanging event is surely still running when
// the test replays it, short enough that ten of them cost a few seconds.
const TIMEOUT_MS = 3_000;
// Done counts at which a worker is killed, and at which PostgreSQL is restarted.
const KILL_AT = [200, 600, 1_000, 1_500];
const RESTART_AT = 800;
const RANDOM_REPLAYS = 60;
// The whole run is bounded, from the test's start (filling the inbox and starting the workers
// included): what is not done by then is reported by the assertions, within the test's 60 s.
const RUN_MS = 50_000;
// A replay never waits for a handler: one that takes this long is counted as blocked.
const REPLAY_BOUND_MS = 2_000;

// Every 100th event (from the 50th) SETs on its first attempt; every 200th (from the 17th) hangs.
const kindOf = (i: number) => (i % 200 === 17 ? 'hang' : i % 100 === 50 ? 'set' : 'ok');
const idOf = (i: number) => `evt_${String(i).padStart(4, '0')}_${kindOf(i)}`;
const IDS = Array.from({ length: EVENTS }, (_, i) => idOf(i));

// mulberry32: a small seeded generator, so each run kills and replays alike.
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// What a replay resolved to, or 'blocked' past REPLAY_BOUND_MS, or 'failed' (PostgreSQL down).
async function boundedReplay(replay: () => Promise<number>): Promise<number | 'blocked' | 'failed'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<'blocked'>((resolve) => {
    timer = setTimeout(() => resolve('blocked'), REPLAY_BOUND_MS);
  });
  try {
    return await Promise.race([replay().catch(() => 'failed' as const), bound]);
  } finally {
    clearTimeout(timer);
  }
}

const programs = useSystemPrograms('PostgreSQL', ['initdb', 'pg_ctl', 'postgres']);
// A cluster of its own: this test crashes and restarts it.
let server: PostgresServer | undefined;
beforeAll(async () => {
  if (programs.available) server = await startPostgresServer();
}, 60_000);
afterAll(() => server?.close());

describe('the inbox under chaos', () => {
  it('applies each of 2 000 events exactly once through kills, replays, SETs, hangs and a PostgreSQL restart', async () => {
    const started = Date.now();
    const pg = server as PostgresServer;
    const pool = new Pool({ connectionString: pg.url, max: 6 });
    const workers: InboxWorkerProcess[] = [];
    try {
      const inbox = createPostgresWebhookInbox(pool, { maxAttempts: 10, retryDelayMs: () => 50 });
      await pool.query('CREATE TABLE ledger (event_id text PRIMARY KEY)');
      await pool.query('CREATE TABLE effects (event_id text NOT NULL)');
      for (let i = 0; i < EVENTS; i += 100) await Promise.all(IDS.slice(i, i + 100).map((id) => inbox.accept(depositEvent(id))));
      // The tenant's schema a SET points at, holding a table of the inbox's name: a statement that
      // follows the setting lands there.
      await pool.query('CREATE SCHEMA tenant_b');
      await pool.query(`CREATE TABLE tenant_b.${inbox.table} (LIKE public.${inbox.table} INCLUDING ALL)`);

      const env = { DATABASE_URL: pg.url, CONCURRENCY: '3', TIMEOUT_MS: String(TIMEOUT_MS) };
      const start = () => startInboxWorkerProcess(env, MAIN);
      for (let w = 0; w < WORKERS; w++) workers.push(start());
      await Promise.all(workers.map((worker) => worker.printed('working')));

      const random = seeded(41);
      const okIds = IDS.filter((id) => id.endsWith('_ok'));
      // Per event: the replays that put it back (resolved 1), each one more run of its handler.
      const putBack = new Map<string, number>();
      const randomResults: (number | 'blocked' | 'failed')[] = [];
      // Replays of an event seen hanging, made while its attempt surely still runs: each must be 0.
      const hangResults: (number | 'blocked' | 'failed')[] = [];
      const hangsSeen = new Set<string>();
      const replay = async (id: string) => {
        const result = await boundedReplay(() => inbox.replay(id));
        if (result === 1) putBack.set(id, (putBack.get(id) ?? 0) + 1);
        return result;
      };
      const retired: InboxWorkerProcess[] = [];
      let kills = 0;
      let restarted = false;
      // Bumped at each kill and restart: a hanging attempt may end early then, so a hang first seen
      // after one is replayed but not judged.
      let epoch = 0;
      let epochAtLastLook = 0;
      let drained = false;
      const deadline = started + RUN_MS;

      while (Date.now() < deadline) {
        const stats = await inbox.stats().catch(() => undefined);
        if (stats && stats.done === EVENTS && stats.pending === 0 && stats.dead === 0) {
          drained = true;
          break;
        }
        // A hang printed since the last look, with no kill or restart since: its attempt still runs.
        const judged = epoch === epochAtLastLook;
        epochAtLastLook = epoch;
        for (const worker of [...workers, ...retired]) {
          for (const line of worker.lines) {
            const id = line.startsWith('hang ') ? line.slice('hang '.length) : undefined;
            if (id === undefined || hangsSeen.has(id)) continue;
            hangsSeen.add(id);
            const result = await replay(id);
            if (judged) hangResults.push(result);
          }
        }
        const done = stats?.done ?? 0;
        if (kills < KILL_AT.length && done >= (KILL_AT[kills] as number)) {
          const index = Math.floor(random() * WORKERS);
          const victim = workers[index] as InboxWorkerProcess;
          await victim.kill();
          retired.push(victim);
          workers[index] = start();
          kills++;
          epoch++;
        }
        if (!restarted && done >= RESTART_AT) {
          pg.restart();
          restarted = true;
          epoch++;
        }
        if (randomResults.length < RANDOM_REPLAYS) {
          randomResults.push(await replay(okIds[Math.floor(random() * okIds.length)] as string));
        }
        await sleep(50);
      }

      const counted = await pool.query<{ event_id: string; n: number }>(
        'SELECT event_id, count(*)::int AS n FROM effects GROUP BY event_id',
      );
      const runs = new Map(counted.rows.map((row) => [row.event_id, row.n]));
      // An event whose effect is missing (0) or doubled beyond what its replays asked for.
      const wrong = IDS.filter((id) => (runs.get(id) ?? 0) !== 1 + (putBack.get(id) ?? 0)).map(
        (id) => `${id}: ${runs.get(id) ?? 0} run(s), ${putBack.get(id) ?? 0} replay(s)`,
      );
      const ledger = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger');
      const misbehaved = await pool.query<{ event_id: string; attempts: number }>(
        `SELECT event_id, attempts FROM ${inbox.table} WHERE event_id LIKE '%\\_set' OR event_id LIKE '%\\_hang'`,
      );
      const tenant = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM tenant_b.${inbox.table}`);

      const summary = {
        drained,
        kills,
        restarted,
        hangsReplayed: hangResults.length,
        randomReplays: randomResults.length,
        putBack: [...putBack.values()].reduce((a, b) => a + b, 0),
      };
      process.stdout.write(`chaos: ${JSON.stringify({ ...summary, stats: await inbox.stats() })}\n`);

      // Soft: a run that goes wrong reports every way it did at once.
      expect.soft(summary).toMatchObject({ drained: true, kills: KILL_AT.length, restarted: true });
      expect.soft(await inbox.stats()).toMatchObject({ pending: 0, dead: 0, done: EVENTS });
      expect.soft(wrong).toEqual([]);
      expect.soft(ledger.rows[0]?.n).toBe(EVENTS);
      // A replay never waits for a running handler, and leaves a running event as it is.
      expect.soft(hangResults.filter((result) => result !== 0)).toEqual([]);
      expect.soft(randomResults.filter((result) => result === 'blocked')).toEqual([]);
      // A SET was refused and a hang timed out: each failed its first attempt, and the event ran again.
      expect.soft(misbehaved.rows).toHaveLength(30);
      expect.soft(misbehaved.rows.filter((row) => row.attempts < 2)).toEqual([]);
      // Nothing was ever stored in, or marked in, the tenant's table.
      expect.soft(tenant.rows[0]?.n).toBe(0);
    } finally {
      await Promise.all(workers.map((worker) => worker.kill()));
      await pool.end().catch(() => undefined);
    }
  }, 60_000);
});
