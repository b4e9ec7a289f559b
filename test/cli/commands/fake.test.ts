import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLoopbackListenHost } from '../../../src/cli/commands/fake.js';
import { runCli } from '../../../src/cli/dispatch.js';
import { createNodeWebhookHandler, type WebhookEvent } from '../../../src/webhooks/index.js';
import { cli, memoryIO } from '../../helpers/cli-run.js';
import { CreditPlatform } from '../../../src/index.js';
import { startFakeServer } from '../../../src/testing/index.js';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, randomInt: vi.fn(actual.randomInt) };
});

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A loopback endpoint whose handler is set later (once the fake has printed its secret). */
async function lateEndpoint() {
  let listener: RequestListener = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    use(l: RequestListener) {
      listener = l;
    },
  };
}

/** Starts `credit-platform fake <args>` in-process; resolves once it printed its key. */
async function startFake(args: string[], processEnv: Record<string, string> = {}) {
  const { io, out, stop } = memoryIO({ env: processEnv });
  const exit = runCli(['fake', '--port', '0', '--transactions', '3', ...args], io);
  cleanups.push(async () => {
    stop();
    await exit;
  });
  while (!/CREDIT_PLATFORM_API_KEY[=:]/.test(out.stdout)) {
    const early = await Promise.race([exit, new Promise((resolve) => setTimeout(resolve, 10))]);
    if (typeof early === 'number') throw new Error(`fake exited with ${early}: ${out.stderr}`);
  }
  const line = (name: string) => new RegExp(`^${name}=(\\S+)$`, 'm').exec(out.stdout)?.[1];
  const env = {
    CREDIT_PLATFORM_BASE_URL: line('CREDIT_PLATFORM_BASE_URL') ?? '',
    CREDIT_PLATFORM_API_KEY: line('CREDIT_PLATFORM_API_KEY') ?? '',
  };
  return { out, env, secret: line('CREDIT_PLATFORM_WEBHOOK_SECRET'), stop, exit };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

describe('credit-platform fake --forward-to', () => {
  it('prints a generated CREDIT_PLATFORM_WEBHOOK_SECRET, forwards a triggered event signed with it, and prints one line per attempt', async () => {
    const endpoint = await lateEndpoint();
    const fake = await startFake(['--forward-to', endpoint.url]);
    expect(fake.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const handled: WebhookEvent[] = [];
    endpoint.use((req, res) =>
      createNodeWebhookHandler({ secret: fake.secret ?? '', on: { 'deposit.created': (e) => void handled.push(e) } })(req, res),
    );

    const trigger = await cli(['webhooks', 'trigger', 'deposit.created', '--data', '{"amount":"42.00"}'], { env: fake.env });
    expect(trigger.code).toBe(0);
    const id = /^emitted deposit\.created (evt_\S+) to 1 endpoint\(s\)\n {2}http:\/\/127\.0\.0\.1:\d+\/webhooks: 200\n$/.exec(
      trigger.stdout,
    )?.[1];
    expect(id).toBeDefined();
    expect(handled.map((e) => [e.id, e.data.amount])).toEqual([[id, '42.00']]);
    expect(fake.out.stdout).toMatch(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\S+Z ${id} deposit\\.created 200 in \\d+ ms \\(attempt 1 to ${endpoint.url}\\)$`, 'm'),
    );

    // An event the API emits by itself (a deposit) is forwarded too.
    const res = await fetch(`${fake.env.CREDIT_PLATFORM_BASE_URL}/deposits`, {
      method: 'POST',
      headers: { 'x-api-key': fake.env.CREDIT_PLATFORM_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'USDC', chain: 'Base', amount: '1.00' }),
    });
    expect(res.status).toBe(201);
    await until(() => handled.length === 2);

    fake.stop();
    expect(await fake.exit).toBe(0);
  });

  it('prints the network error and the next attempt when the endpoint is down; never prints a --secret it was given', async () => {
    const endpoint = await lateEndpoint();
    endpoint.use((req) => req.socket.destroy());
    const fake = await startFake(['--forward-to', endpoint.url, '--secret', 'whsec_given_by_user_91']);
    expect(fake.secret).toBeUndefined();
    const trigger = await cli(['webhooks', 'trigger', 'score.updated'], { env: fake.env });
    // The attempt failed: the fake retries it, and the command says so with exit 1.
    expect(trigger.code).toBe(1);
    await until(() => /score\.updated failed: /.test(fake.out.stdout));
    expect(fake.out.stdout).toMatch(
      / score\.updated failed: TypeError: fetch failed \(.+\) in \d+ ms \(attempt 1 to .+, next attempt in 1 min\)$/m,
    );
    expect(fake.out.stdout + fake.out.stderr).not.toContain('whsec_given_by_user_91');
  });

  it('says when deliveries are only recorded, and sends them to subscriptions with --send-webhooks', async () => {
    for (const [flag, expected, code] of [
      [[], /recorded, not sent \(attempt 1 to https:\/\/127\.0\.0\.1:1\/x; start the fake with --send-webhooks/, 0],
      [
        ['--send-webhooks'],
        /failed: TypeError: fetch failed \(.+\) in \d+ ms \(attempt 1 to https:\/\/127\.0\.0\.1:1\/x, next attempt in 1 min\)/,
        1,
      ],
    ] as const) {
      const fake = await startFake([...flag]);
      const headers = { 'x-api-key': fake.env.CREDIT_PLATFORM_API_KEY, 'content-type': 'application/json' };
      const sub = await fetch(`${fake.env.CREDIT_PLATFORM_BASE_URL}/webhooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: 'https://127.0.0.1:1/x', events: ['deposit.created'], secret: 'whsec_s' }),
      });
      expect(sub.status).toBe(201);
      expect((await cli(['webhooks', 'trigger', 'deposit.created'], { env: fake.env })).code).toBe(code);
      await until(() => expected.test(fake.out.stdout));
    }
  });

  it('refuses, with exit 2 and nothing started, --secret without --forward-to and plain http:// beyond loopback', async () => {
    const lone = await cli(['fake', '--secret', 'whsec_lonely']);
    expect(lone.code).toBe(2);
    expect(lone.stderr).toContain('--secret signs forwarded deliveries; give --forward-to <url> too.');
    const remote = await cli(['fake', '--forward-to', 'http://192.168.0.10:3000/webhooks']);
    expect(remote.code).toBe(2);
    expect(remote.stderr).toContain('--forward-to may use http:// only on this machine');
    expect(remote.stdout).toBe('');
  });
});

describe('credit-platform fake on a busy port', () => {
  it('exits 1 and says to pick another --port', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => busy.close(() => resolve())));
    const result = await cli(['fake', '--port', String((busy.address() as AddressInfo).port)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/EADDRINUSE.*another program listens there; pick another --port \(0: any free port\)\.\n$/);
  });
});

describe('credit-platform webhooks trigger', () => {
  it('says what to set when there is no fake to talk to, and refuses a base URL that is not a local fake', async () => {
    const none = await cli(['webhooks', 'trigger', 'deposit.created']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('set CREDIT_PLATFORM_BASE_URL and CREDIT_PLATFORM_API_KEY');
    const remote = await cli(['webhooks', 'trigger', 'deposit.created'], {
      env: { CREDIT_PLATFORM_BASE_URL: 'https://api.example.com/api/v1', CREDIT_PLATFORM_API_KEY: 'cpk_live_x' },
    });
    expect(remote.code).toBe(1);
    expect(remote.stderr).toContain('https://api.example.com is not a local fake');
  });
});

describe('credit-platform fake: a key and event ids of its own on every run', () => {
  /** One fake run: its key, and the id of the event `webhooks trigger` made it emit. */
  async function run(args: string[]) {
    const fake = await startFake(args);
    const trigger = await cli(['webhooks', 'trigger', 'deposit.created'], { env: fake.env });
    const id = /^emitted deposit\.created (evt_\S+)/.exec(trigger.stdout)?.[1];
    expect(id).toMatch(/^evt_/);
    fake.stop();
    await fake.exit;
    return { key: fake.env.CREDIT_PLATFORM_API_KEY, id };
  }

  it('mints a fresh key and fresh event ids without --seed; --seed 7 gives the same ones each run', async () => {
    const [a, b] = [await run([]), await run([])];
    expect(a.key).toMatch(/^cpk_test_[0-9a-f]{40}$/);
    expect(b.key).not.toBe(a.key);
    expect(b.id).not.toBe(a.id);
    const [c, d] = [await run(['--seed', '7']), await run(['--seed', '7'])];
    expect(d).toEqual(c);
  });

  it('says in its attempt line when the endpoint had already handled the id, and that --seed repeats ids', async () => {
    const endpoint = await lateEndpoint();
    const secret = 'whsec_seeded_runs_8c1e';
    const handled: string[] = [];
    // One handler (one de-duplication store) for both runs: an endpoint left running across a restart.
    const handler = createNodeWebhookHandler({ secret, on: { 'deposit.created': (e) => void handled.push(e.id) } });
    endpoint.use((req, res) => void handler(req, res));
    const outputs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const fake = await startFake(['--seed', '7', '--forward-to', endpoint.url, '--secret', secret]);
      expect((await cli(['webhooks', 'trigger', 'deposit.created'], { env: fake.env })).code).toBe(0);
      await until(() => / deposit\.created 200 in /.test(fake.out.stdout));
      fake.stop();
      await fake.exit;
      outputs.push(fake.out.stdout);
    }
    expect(handled).toHaveLength(1);
    expect(outputs[0]).not.toContain('already handled');
    expect(outputs[1]).toMatch(
      / deposit\.created 200 in \d+ ms \(attempt 1 to \S+\): the endpoint had already handled this event id and did not run its handler again; with --seed every run of the fake emits the same ids: restart the fake without --seed, or restart the endpoint$/m,
    );
  });
});

describe('credit-platform fake --host', () => {
  it('warns, naming the risk, when it listens beyond loopback, and not on loopback', async () => {
    const open = await startFake(['--host', '0.0.0.0', '--forward-to', 'http://127.0.0.1:9/webhooks']);
    expect(open.out.stderr).toBe(
      "fake: warning: --host 0.0.0.0 is not loopback: any machine that reaches this address can use the fake's API with the key printed below and make the fake sign events and deliver them to your --forward-to endpoint. Use --host 127.0.0.1 unless another machine must reach it.\n",
    );
    for (const host of ['127.0.0.1', 'localhost', '127.0.0.2']) {
      const local = await startFake(['--host', host]);
      expect(local.out.stderr).toBe('');
    }
  });

  it('counts 127.0.0.0/8, ::1 (bracketed, long, IPv4-mapped) and localhost as loopback; anything else not', () => {
    for (const host of [
      '127.0.0.1',
      '127.1.2.3',
      'localhost',
      'LOCALHOST',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLoopbackListenHost(host), host).toBe(true);
    }
    for (const host of [
      '0.0.0.0',
      '::',
      '192.168.1.5',
      '10.0.0.1',
      'example.com',
      'localhost.example.com',
      '128.0.0.1',
      // Brackets only around the whole address; an IPv4-mapped prefix only at the start.
      '::[1]',
      '[::]1',
      '1::ffff:127.0.0.1',
      '::ffff:127.example',
    ]) {
      expect(isLoopbackListenHost(host), host).toBe(false);
    }
  });
});

describe('credit-platform webhooks trigger: what the endpoint answered', () => {
  it('explains a 401 in the words of webhooks send and exits 1', async () => {
    const endpoint = await lateEndpoint();
    endpoint.use((req, res) => void createNodeWebhookHandler({ secret: 'whsec_endpoint_has_another', on: {} })(req, res));
    const fake = await startFake(['--forward-to', endpoint.url]);
    const trigger = await cli(['webhooks', 'trigger', 'deposit.created'], { env: fake.env });
    expect(trigger.code).toBe(1);
    expect(trigger.stdout).toMatch(/\n {2}http:\/\/127\.0\.0\.1:\d+\/webhooks: 401\n$/);
    const explained = /: 401: (the endpoint refused the signature; does it verify with the same secret as) the fake \(/.exec(
      trigger.stderr,
    );
    expect(explained).not.toBeNull();
    expect(trigger.stderr).toContain(
      'a restarted fake prints a new one unless CREDIT_PLATFORM_WEBHOOK_SECRET is set where it runs)?',
    );
    const send = await cli(['webhooks', 'send', 'deposit.created', '--to', endpoint.url, '--secret', 'whsec_x_other']);
    expect(send.stderr).toContain(explained?.[1]);
  });
});

describe('credit-platform webhooks trigger: a duplicate answer', () => {
  // The emit answer's `duplicate` field alone, from a stand-in: what trigger prints for it.
  it('says the endpoint had already handled the id, with the --seed hint, exit 0', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          success: true,
          data: {
            event: { id: 'evt_0001aaaabbbb', type: 'deposit.created' },
            deliveries: [
              {
                url: 'http://127.0.0.1:3000/webhooks',
                attempt: 1,
                outcome: 'succeeded',
                responseStatus: 200,
                error: null,
                duplicate: true,
              },
            ],
          },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    const port = (server.address() as AddressInfo).port;
    const env = { CREDIT_PLATFORM_BASE_URL: `http://127.0.0.1:${port}/api/v1`, CREDIT_PLATFORM_API_KEY: 'cpk_test_x' };
    const trigger = await cli(['webhooks', 'trigger', 'deposit.created'], { env });
    expect(trigger.code).toBe(0);
    expect(trigger.stderr).toBe(
      'webhooks trigger: http://127.0.0.1:3000/webhooks: 200: the endpoint had already handled this event id and did not run its handler again. A restarted fake emits the ids of an earlier run only when started with the same --seed.\n',
    );
  });
});

describe('credit-platform webhooks trigger against a running fake: a duplicate answer', () => {
  it("says the endpoint had already handled the id, from what the real fake read of the receiver's answer", async () => {
    const endpoint = await lateEndpoint();
    const fake = await startFake(['--seed', '7', '--forward-to', endpoint.url]);
    let runs = 0;
    // A receiver whose store has handled every id before, as one left running across fake restarts.
    const store = { claim: () => 'completed' as const, complete: () => undefined, release: () => undefined };
    endpoint.use(createNodeWebhookHandler({ secret: fake.secret ?? '', store, on: { 'deposit.created': () => void runs++ } }));
    const trigger = await cli(['webhooks', 'trigger', 'deposit.created'], { env: fake.env });
    expect(runs).toBe(0);
    expect(trigger.code).toBe(0);
    expect(trigger.stderr).toContain(': 200: the endpoint had already handled this event id and did not run its handler again.');
    await until(() => fake.out.stdout.includes('already handled'));
  });
});

describe('credit-platform fake: a key kept across restarts', () => {
  const KEY = 'cpk_test_kept_across_restarts_4b2e';

  /** `webhooks trigger` with `key` against the running fake. */
  const trigger = (fake: { env: Record<string, string> }, key: string) =>
    cli(['webhooks', 'trigger', 'score.updated'], { env: { ...fake.env, CREDIT_PLATFORM_API_KEY: key } });

  it('answers to --api-key on every run, says where the key came from, and never prints it', async () => {
    for (let run = 0; run < 2; run++) {
      const fake = await startFake(['--api-key', KEY]);
      expect(fake.out.stdout).toContain('CREDIT_PLATFORM_API_KEY: the key from --api-key, the same on every run (not printed)\n');
      expect(fake.out.stdout).not.toContain(KEY);
      const result = await trigger(fake, KEY);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      fake.stop();
      await fake.exit;
    }
  });

  it('takes the key from CREDIT_PLATFORM_API_KEY where it runs; --api-key wins over it', async () => {
    const fromEnv = await startFake([], { CREDIT_PLATFORM_API_KEY: KEY });
    expect(fromEnv.out.stdout).toContain('CREDIT_PLATFORM_API_KEY: the key from CREDIT_PLATFORM_API_KEY,');
    expect((await trigger(fromEnv, KEY)).code).toBe(0);
    const both = await startFake(['--api-key', `${KEY}_option`], { CREDIT_PLATFORM_API_KEY: KEY });
    expect(both.out.stdout).toContain('the key from --api-key');
    expect((await trigger(both, `${KEY}_option`)).code).toBe(0);
    expect((await trigger(both, KEY)).code).toBe(1);
  });

  it('tells a stale key from a missing one, and says what to do about it', async () => {
    const first = await startFake([]);
    const stale = first.env.CREDIT_PLATFORM_API_KEY;
    first.stop();
    await first.exit;
    const restarted = await startFake([]);
    const result = await trigger(restarted, stale);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "webhooks trigger: the fake refused: This key is not the fake's current key (a restarted fake makes a new one). Set CREDIT_PLATFORM_API_KEY to the CREDIT_PLATFORM_API_KEY=... line the running fake printed; to keep one key across restarts, start the fake with CREDIT_PLATFORM_API_KEY set where it runs (or --api-key <key>).\n",
    );
    expect(result.stderr).not.toContain(stale);
    const missing = await fetch(`${new URL(restarted.env.CREDIT_PLATFORM_BASE_URL).origin}/_fake/events`, {
      method: 'POST',
      body: '{"type":"score.updated"}',
    });
    expect(missing.status).toBe(401);
    expect(await missing.text()).toContain("The fake's API key is required (CREDIT_PLATFORM_API_KEY)");
  });

  it('refuses a key that cannot be an X-API-Key header, exit 2, without quoting it', async () => {
    for (const [args, env] of [
      [['--api-key', 'short'], {}],
      [['--api-key', 'cpk test with spaces'], {}],
      [[], { CREDIT_PLATFORM_API_KEY: 'cpk_test_\u00e9t\u00e9_key' }],
    ] as const) {
      const result = await cli(['fake', '--port', '0', ...args], { env });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/fake: the key from (--api-key|CREDIT_PLATFORM_API_KEY) must be 8 to 256 visible ASCII/);
      expect(result.stderr).not.toMatch(/short|with spaces|été/);
    }
  });
});

describe('credit-platform fake: what it prints as it starts', () => {
  const ENV_SECRET = 'whsec_from_the_environment_3c9d';

  it('without --forward-to: where it listens, the base URL and the key, and nothing about deliveries or a secret', async () => {
    const fake = await startFake([], { CREDIT_PLATFORM_WEBHOOK_SECRET: ENV_SECRET });
    const lines = fake.out.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Credit Platform fake listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines[1]).toBe(`CREDIT_PLATFORM_BASE_URL=${fake.env.CREDIT_PLATFORM_BASE_URL}`);
    expect(lines[2]).toBe(`CREDIT_PLATFORM_API_KEY=${fake.env.CREDIT_PLATFORM_API_KEY}`);
    expect(fake.out.stderr).toBe('');
  });

  it('with --forward-to and a secret of its own: says where it forwards and where the secret came from, never the secret', async () => {
    const fake = await startFake(['--forward-to', 'http://127.0.0.1:9/webhooks'], { CREDIT_PLATFORM_WEBHOOK_SECRET: ENV_SECRET });
    expect(fake.out.stdout.trimEnd().split('\n').slice(3)).toEqual([
      'Signing deliveries with the secret from CREDIT_PLATFORM_WEBHOOK_SECRET',
      'Forwarding every event to http://127.0.0.1:9/webhooks',
      'Trigger one from another terminal: npx credit-platform webhooks trigger deposit.created',
    ]);
    expect(fake.out.stdout).not.toContain(ENV_SECRET);
  });

  it('warns beyond loopback without naming deliveries when it forwards none', async () => {
    const open = await startFake(['--host', '0.0.0.0']);
    expect(open.out.stderr).toBe(
      "fake: warning: --host 0.0.0.0 is not loopback: any machine that reaches this address can use the fake's API with the key printed below. Use --host 127.0.0.1 unless another machine must reach it.\n",
    );
  });

  it('takes --seed from 0 to 2^31 - 1 and refuses one more, exit 2', async () => {
    await startFake(['--seed', String(2 ** 31 - 1)]);
    const over = await cli(['fake', '--port', '0', '--seed', String(2 ** 31)]);
    expect(over.code).toBe(2);
    expect(over.stderr).toContain('--seed');
    expect(over.stdout).toBe('');
  });

  it('reports an address it cannot listen on as it is, exit 1', async () => {
    const result = await cli(['fake', '--port', '0', '--host', '192.0.2.1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/EADDRNOTAVAIL/);
    expect(result.stderr).not.toContain('another program listens there');
  });

  it("without --seed, serves startFakeServer()'s data, which the README prints: one seed for both", async () => {
    const fake = await startFake(['--transactions', '250']);
    const server = await startFakeServer();
    cleanups.push(() => server.close());
    const fromCommand = new CreditPlatform({
      apiKey: fake.env.CREDIT_PLATFORM_API_KEY,
      baseUrl: fake.env.CREDIT_PLATFORM_BASE_URL,
    });
    const fromTests = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl });
    const me = await fromCommand.accounts.me();
    const remaining = fromCommand.rateLimit?.remaining;
    expect({ ...me, createdAt: undefined }).toEqual({ ...(await fromTests.accounts.me()), createdAt: undefined });
    expect(fromCommand.rateLimit?.remaining).toBe(fromTests.rateLimit?.remaining);
    const firstPage = (client: CreditPlatform) => client.transactions.list({ limit: 100 }).toArray({ max: 250 });
    expect((await firstPage(fromCommand)).map((tx) => [tx.id, tx.amount])).toEqual(
      (await firstPage(fromTests)).map((tx) => [tx.id, tx.amount]),
    );
    // What the README's Call the API block prints against it.
    expect([me.id, remaining]).toEqual(['acc_0001c9b1cc54', 599]);
  });

  it('without --seed, uses a random key, not the one --seed gives for the seed it drew', async () => {
    vi.mocked(crypto.randomInt).mockReturnValueOnce(7 as never);
    const drawn = await startFake([]);
    const seeded = await startFake(['--seed', '7']);
    expect(drawn.env.CREDIT_PLATFORM_API_KEY).not.toBe(seeded.env.CREDIT_PLATFORM_API_KEY);
  });
});
