import { describe, expect, it, vi } from 'vitest';
import { createPostgresWebhookInbox, type PostgresWebhookInbox } from '../../../src/postgres/index.js';
import { cli } from '../../helpers/cli-run.js';
import { unsafeForTerminal } from '../../helpers/terminal-safe.js';
import { usePostgresServer } from '../../helpers/use-postgres.js';

// `credit-platform webhooks inbox stats|list|replay` against a real PostgreSQL holding an inbox
// filled by the inbox itself: pending events, dead ones (a handler that always throws), done ones.

const pg = usePostgresServer();

const event = (id: string, type = 'deposit.created') => {
  const timestamp = new Date().toISOString();
  const body = JSON.stringify({
    id,
    type,
    timestamp,
    data: { depositId: 'dep_1', token: 'USDC', amount: '1.00', transactionHash: `0x${'a'.repeat(64)}` },
  });
  return { id, type, timestamp, body };
};

/** An inbox with `pending` untouched events, `dead` events whose handler threw, and `done` processed ones. */
async function filled(counts: { pending?: number; dead?: number; done?: number }, table?: string) {
  const pool = pg.pool();
  const inbox = createPostgresWebhookInbox(pool, {
    maxAttempts: 1,
    logger: { warn: () => undefined },
    ...(table ? { table } : {}),
  });
  const run = async (ids: string[], fail: boolean) => {
    for (const id of ids) await inbox.accept(event(id));
    const worker = inbox.work({
      on: {
        'deposit.created': async () => {
          if (fail) throw new Error('ledger is down: connect ECONNREFUSED 10.0.0.5:5432');
        },
      },
      onError: () => undefined,
      pollIntervalMs: 20,
    });
    await vi.waitUntil(async () => (await inbox.stats()).pending === 0, { timeout: 10_000, interval: 20 });
    await worker.stop();
  };
  const ids = (prefix: string, n = 0) => Array.from({ length: n }, (_, i) => `evt_${prefix}_${i}`);
  await run(ids('done', counts.done), false);
  await run(ids('dead', counts.dead), true);
  for (const id of ids('pending', counts.pending)) await inbox.accept(event(id));
  return inbox;
}

const env = () => ({ DATABASE_URL: pg.server.url });
const inboxCli = (args: string[], environment: Record<string, string> = env()) =>
  cli(['webhooks', 'inbox', ...args], { env: environment });

describe('credit-platform webhooks inbox stats', () => {
  it('prints the counts per status and exits 3 while an event is dead, 0 once none is', async () => {
    const inbox = await filled({ pending: 2, dead: 1, done: 3 });
    const result = await inboxCli(['stats']);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/^pending {2}2 {2}\(oldest waiting \d+ s\)\ndead {5}1\ndone {5}3\n$/);
    expect(result.stderr).toBe(
      'webhooks inbox stats: 1 dead event(s): see why with `credit-platform webhooks inbox list --status dead`, fix the handler, then `credit-platform webhooks inbox replay --dead`.\n',
    );
    await inbox.replay({ status: 'dead' });
    const after = await inboxCli(['stats']);
    expect([after.code, after.stdout.split('\n')[0]?.startsWith('pending  3'), after.stderr]).toEqual([0, true, '']);
  });

  it('reads the table given with --table, and says what is wrong when there is none', async () => {
    await filled({ pending: 1 }, 'billing_inbox');
    expect((await inboxCli(['stats', '--table', 'billing_inbox'])).stdout).toMatch(/^pending {2}1 /);
    const missing = await inboxCli(['stats']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /^webhooks inbox stats: .*credit_platform_webhook_inbox.* \(no inbox table in this database: is it the receivers' database, and --table the name they use\?\)\n$/,
    );
  });
});

describe('credit-platform webhooks inbox list', () => {
  it('lists dead events by default, oldest first, with their redacted last error, one line each', async () => {
    await filled({ dead: 2, done: 1 });
    const result = await inboxCli(['list']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^evt_dead_0 {2}deposit\.created {2}attempts=1 {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}Error: ledger is down: connect ECONNREFUSED 10\.0\.0\.5:5432$/,
    );
    expect(lines[1]).toMatch(/^evt_dead_1 /);
    expect((await inboxCli(['list', '--status', 'done'])).stdout).toMatch(
      /^evt_done_0 {2}deposit\.created {2}attempts=1 {2}\S+\n$/,
    );
  });

  it('stops at --limit and says there is more; says so when there is nothing', async () => {
    await filled({ pending: 3 });
    const cut = await inboxCli(['list', '--status', 'pending', '--limit', '2']);
    expect([cut.code, cut.stdout.trimEnd().split('\n').length]).toEqual([0, 2]);
    expect(cut.stderr).toBe('webhooks inbox list: more than 2 pending events; --limit <n> shows more.\n');
    const none = await inboxCli(['list']);
    expect([none.code, none.stdout, none.stderr]).toEqual([0, '', 'webhooks inbox list: no dead event.\n']);
  });

  it('shows what the service or a handler wrote as text: ids and errors cannot drive the terminal', async () => {
    const pool = pg.pool();
    const inbox = createPostgresWebhookInbox(pool, { maxAttempts: 1 });
    const hostileId = 'evt_\u001b]52;c;cHduZWQ=\u0007\u202e';
    await inbox.accept(event(hostileId, 'deposit.created\r\u009b2J'));
    const worker = inbox.work({
      onUnknownEvent: () => {
        throw new Error('bad\nline\u001b[2J');
      },
      onError: () => undefined,
      pollIntervalMs: 20,
    });
    await vi.waitUntil(async () => (await inbox.stats()).dead === 1, { timeout: 10_000, interval: 20 });
    await worker.stop();
    const result = await inboxCli(['list']);
    expect(result.stdout.split('\n')).toHaveLength(2);
    expect(unsafeForTerminal(result.stdout.trimEnd(), true)).toEqual([]);
    expect(result.stdout).toContain('evt_\\u001b]52;c;cHduZWQ=\\u0007\\u202e  deposit.created\\r\\u009b2J  attempts=1');
  });

  it('refuses a status it does not know, with the closest one (exit 2, no connection)', async () => {
    const result = await inboxCli(['list', '--status', 'daed'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'webhooks inbox list: --status must be pending, dead or done: did you mean dead?\nRun `credit-platform webhooks inbox --help` for usage.\n',
    });
  });
});

describe('credit-platform webhooks inbox replay', () => {
  it('puts every dead event back with --dead, and one event by id; says when it replayed nothing', async () => {
    const inbox: PostgresWebhookInbox = await filled({ dead: 2, done: 1 });
    const all = await inboxCli(['replay', '--dead']);
    expect([all.code, all.stdout]).toEqual([0, 'replayed 2 dead event(s)\n']);
    expect(await inbox.stats()).toMatchObject({ pending: 2, dead: 0, done: 1 });

    const one = await inboxCli(['replay', 'evt_done_0']);
    expect([one.code, one.stdout]).toEqual([0, 'replayed evt_done_0: pending again, due now\n']);
    expect(await inbox.stats()).toMatchObject({ pending: 3, done: 0 });

    for (const id of ['evt_nope', 'evt_done_0']) {
      const none = await inboxCli(['replay', id]);
      expect([none.code, none.stdout, none.stderr]).toEqual([
        1,
        '',
        `webhooks inbox replay: nothing replayed: the inbox holds no done or dead event ${id} (one that is pending or running is left as it is, and runs anyway).\n`,
      ]);
    }
  });

  it('wants exactly one of <event-id> and --dead', async () => {
    const e = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    expect((await inboxCli(['replay'], e)).stderr).toMatch(
      /^webhooks inbox replay: give <event-id>, or --dead for every dead event\./,
    );
    expect((await inboxCli(['replay', 'evt_1', '--dead'], e)).stderr).toMatch(
      /^webhooks inbox replay: give <event-id> or --dead, not both\./,
    );
    const two = await inboxCli(['replay', 'evt_1', 'evt_2'], e);
    expect([two.code, two.stderr.split('\n')[0]]).toEqual([
      2,
      'webhooks inbox replay: takes [<event-id>] only, got 2; options start with --.',
    ]);
  });
});

describe('credit-platform webhooks inbox: the database URL', () => {
  it('takes --database-url over DATABASE_URL, and needs one of them', async () => {
    await filled({ pending: 1 });
    const viaOption = await inboxCli(['stats', '--database-url', pg.server.url], { DATABASE_URL: 'postgres://x@127.0.0.1:1/x' });
    expect(viaOption.stdout).toMatch(/^pending {2}1 /);
    const none = await inboxCli(['stats'], {});
    expect([none.code, none.stderr.split('\n')[0]]).toEqual([
      2,
      'webhooks inbox stats: no database: set DATABASE_URL to the PostgreSQL URL of the inbox.',
    ]);
  });

  it('never prints the URL or its password, whatever fails', async () => {
    const password = 'pa ss/w0rd%secret';
    const url = `postgres://app:${encodeURIComponent(password)}@127.0.0.1:1/ledger?sslmode=disable`;
    for (const args of [['stats'], ['list'], ['replay', '--dead'], ['replay', 'evt_1']]) {
      const result = await inboxCli(args, { DATABASE_URL: url });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^webhooks inbox \w+: /);
      for (const shown of [result.stdout, result.stderr]) {
        expect(shown).not.toContain(encodeURIComponent(password));
        expect(shown).not.toContain(password);
        expect(shown).not.toContain('secret');
      }
    }
    // A password with a malformed escape is still redacted as written.
    const odd = await inboxCli(['stats'], { DATABASE_URL: 'postgres://app:100%zz-secret@127.0.0.1:1/x' });
    expect([odd.code, odd.stderr.includes('100%zz-secret')]).toEqual([1, false]);
    // A wrong password on a real server: the server's answer names the user, never the password.
    const wrong = `postgres://postgres:${encodeURIComponent(password)}@${new URL(pg.server.url).host}/postgres`;
    const refused = await inboxCli(['stats'], { DATABASE_URL: wrong });
    expect(refused.stderr).not.toContain('secret');
  });
});

describe('credit-platform webhooks inbox: pg is loaded by this command only', () => {
  it('answers its help without a database', async () => {
    const help = await inboxCli(['--help'], {});
    expect([help.code, help.stdout.split('\n')[0]]).toEqual([
      0,
      'usage: credit-platform webhooks inbox <stats|list|replay> [options]',
    ]);
    expect((await inboxCli([], {})).code).toBe(2);
    const typo = await inboxCli(['stast'], {});
    expect([typo.code, typo.stderr.split('\n')[0]]).toEqual([
      2,
      'unknown command webhooks inbox stast: did you mean webhooks inbox stats? (stats, list, replay)',
    ]);
    expect((await inboxCli(['replay', '--help'], {})).stdout).toMatch(/^usage: credit-platform webhooks inbox replay <event-id>/);
  });
});
