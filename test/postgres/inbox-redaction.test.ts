// A handler's failure quoting credentials, against a real PostgreSQL: the stored last error, the
// worker's log line, `inbox.list()` and `credit-platform webhooks inbox list` hold none of them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPostgresWebhookInbox } from '../../src/postgres/index.js';
import { cli } from '../helpers/cli-run.js';
import { depositEvent } from '../helpers/inbox-event.js';
import { usePostgresServer } from '../helpers/use-postgres.js';

vi.setConfig({ testTimeout: 60_000 });

const pg = usePostgresServer();
afterEach(() => {
  vi.restoreAllMocks();
});

// Each credential, and the text that stands before it and must stay.
const CREDENTIALS = {
  bearer: ['Authorization: Bearer ', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'],
  dbPassword: ['DB_PASSWORD=', 'Hunter2-db-secret'],
  accessToken: ['access_token=', 'ya29.A0ARrdaM-access'],
  clientSecret: ['client_secret: ', 'GOCSPX-client-secret'],
  urlPassword: ['postgres://', 'u:p@ss'],
} as const;
const SECRETS = Object.values(CREDENTIALS).map(([, secret]) => secret);

function failure(): Error {
  return new Error(
    `upstream refused (${CREDENTIALS.bearer.join('')}) with ${CREDENTIALS.dbPassword.join('')} ` +
      `${CREDENTIALS.accessToken.join('')}&x=1 ${CREDENTIALS.clientSecret.join('')} ` +
      `while connecting to ${CREDENTIALS.urlPassword.join('')}@host/db`,
  );
}

function expectNoCredential(text: string): void {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
  // The password after the last `@` is gone whole, not only its part before the `@`.
  expect(text).not.toMatch(/ss@host/);
}

describe('the inbox keeps no credential of a failing handler', () => {
  it('stores, logs and lists the failure redacted, with what names it kept', async () => {
    const pool = pg.pool();
    const inbox = createPostgresWebhookInbox(pool, { maxAttempts: 1 });
    await inbox.accept(depositEvent('evt_cred'));
    // The worker's default log line, whichever console method it uses.
    const logged = (['error', 'warn'] as const).map((method) => vi.spyOn(console, method).mockImplementation(() => undefined));
    // No onError: the default log line is under test too.
    const worker = inbox.work({ on: { 'deposit.created': () => Promise.reject(failure()) }, pollIntervalMs: 20 });
    await vi.waitUntil(async () => (await inbox.stats()).dead === 1, { timeout: 10_000, interval: 20 });
    await worker.stop();

    const [stored] = await pg.query<{ last_error: string }>('SELECT last_error FROM credit_platform_webhook_inbox');
    const listed: string[] = [];
    for await (const entry of inbox.list({ status: 'dead' })) listed.push(entry.lastError ?? '');
    const command = await cli(['webhooks', 'inbox', 'list', '--status', 'dead'], { env: { DATABASE_URL: pg.server.url } });
    const lines = logged
      .flatMap((spy) => spy.mock.calls)
      .map((call) => call.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '))
      .join('\n');

    expect(listed).toHaveLength(1);
    expect(command.code).toBe(0);
    expect(lines).toContain('upstream refused');
    for (const text of [stored?.last_error ?? '', listed[0] ?? '', command.stdout, lines]) {
      expectNoCredential(text);
      for (const [before] of Object.values(CREDENTIALS)) expect(text).toContain(`${before.trim()}`);
      expect(text).toContain('upstream refused');
    }
    expect(stored?.last_error).toContain('postgres://[REDACTED]@host/db');
  });

  it('lists a last error stored with credentials (by an older version) redacted', async () => {
    const inbox = createPostgresWebhookInbox(pg.pool(), { maxAttempts: 1 });
    await inbox.accept(depositEvent('evt_old'));
    await pg.query("UPDATE credit_platform_webhook_inbox SET status = 'dead', last_error = $1", [failure().message]);

    const listed: string[] = [];
    for await (const entry of inbox.list({ status: 'dead' })) listed.push(entry.lastError ?? '');

    expect(listed).toHaveLength(1);
    expectNoCredential(listed[0] ?? '');
  });
});
