import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-run.js';

// `webhooks trigger` against a stand-in for the fake's emit endpoint: what it prints and how it
// exits for each answer the fake can give (test/cli/commands/fake.test.ts runs it against the real fake).

const KEY = 'cpk_test_trigger_key_5e2a';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** A stand-in fake that answers every request with `status` and `body`; its environment and the requests it saw. */
async function standIn(status: number, body: unknown) {
  const seen: { url: string; key: string | undefined; body: string }[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', key: req.headers['x-api-key'] as string | undefined, body: text });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  const port = (server.address() as AddressInfo).port;
  return { env: { CREDIT_PLATFORM_BASE_URL: `http://127.0.0.1:${port}/api/v1`, CREDIT_PLATFORM_API_KEY: KEY }, seen, port };
}

const EVENT = { id: 'evt_0001aaaabbbb', type: 'deposit.created' };
const delivery = (fields: Record<string, unknown>) => ({
  url: 'http://127.0.0.1:3000/webhooks',
  attempt: 1,
  outcome: 'succeeded',
  responseStatus: 200,
  error: null,
  duplicate: false,
  ...fields,
});
const trigger = (env: Record<string, string>, ...extra: string[]) =>
  cli(['webhooks', 'trigger', 'deposit.created', ...extra], { env });

describe('credit-platform webhooks trigger: finding the fake', () => {
  it('needs both variables and a URL: any one missing or unparsable says what to set, exit 1, nothing sent', async () => {
    const fake = await standIn(201, { data: { event: EVENT, deliveries: [] } });
    const envs: Record<string, string>[] = [
      { CREDIT_PLATFORM_BASE_URL: fake.env.CREDIT_PLATFORM_BASE_URL },
      { CREDIT_PLATFORM_API_KEY: KEY },
      { CREDIT_PLATFORM_BASE_URL: 'not a url', CREDIT_PLATFORM_API_KEY: KEY },
    ];
    for (const env of envs) {
      const result = await trigger(env);
      expect([result.code, result.stdout]).toEqual([1, '']);
      expect(result.stderr).toBe(
        'webhooks trigger: set CREDIT_PLATFORM_BASE_URL and CREDIT_PLATFORM_API_KEY to the lines `credit-platform fake` printed.\n',
      );
    }
    expect(fake.seen).toEqual([]);
  });

  it('talks only to a plain-http fake on this machine: https:// or another host is refused, exit 1', async () => {
    for (const base of ['https://127.0.0.1:4010/api/v1', 'http://api.example.com/api/v1']) {
      const result = await trigger({ CREDIT_PLATFORM_BASE_URL: base, CREDIT_PLATFORM_API_KEY: KEY });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `webhooks trigger: ${new URL(base).origin} is not a local fake; the service emits its events itself.\n`,
      );
    }
  });

  it('says there is no fake, and how to start one, when nothing listens there (exit 1)', async () => {
    const fake = await standIn(201, {});
    await cleanups.splice(0)[0]?.();
    const result = await trigger(fake.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^webhooks trigger: no fake at http://127\\.0\\.0\\.1:${fake.port}: .+; start one with \`credit-platform fake\`\\.\\n$`,
      ),
    );
  });

  it("posts the type and --data to the fake's emit endpoint with the key", async () => {
    const fake = await standIn(201, { data: { event: EVENT, deliveries: [delivery({})] } });
    expect((await trigger(fake.env, '--data', '{"amount":"42.00"}')).code).toBe(0);
    expect(fake.seen).toHaveLength(1);
    expect(fake.seen[0]?.key).toBe(KEY);
    expect(JSON.parse(fake.seen[0]?.body ?? '')).toEqual({ type: 'deposit.created', data: { amount: '42.00' } });
  });
});

describe('credit-platform webhooks trigger: what the fake answered', () => {
  it("prints the fake's refusal (its message, else the status) with the key redacted, exit 1", async () => {
    for (const [status, body, why] of [
      [401, { success: false, message: `Invalid API key ${KEY}` }, 'Invalid API key [REDACTED]'],
      [500, 'not json', 'HTTP 500'],
      [200, { data: { event: EVENT, deliveries: [] } }, 'HTTP 200'],
      [201, { data: { event: { type: 'deposit.created' }, deliveries: [] } }, 'HTTP 201'],
      [201, { data: {} }, 'HTTP 201'],
    ] as const) {
      const fake = await standIn(status, body);
      const result = await trigger(fake.env);
      expect({ status, code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
        status,
        code: 1,
        stdout: '',
        stderr: `webhooks trigger: the fake refused: ${why}\n`,
      });
    }
  });

  it('with no endpoint to deliver to, says how to add one, exit 0', async () => {
    for (const data of [{ event: EVENT, deliveries: [] }, { event: EVENT }]) {
      const fake = await standIn(201, { data });
      const result = await trigger(fake.env);
      expect(result).toEqual({
        code: 0,
        stdout:
          'emitted deposit.created evt_0001aaaabbbb to 0 endpoint(s)\n  (no endpoint: start the fake with --forward-to <url>, or subscribe one with client.webhooks.create)\n',
        stderr: '',
      });
    }
  });

  it('exits 0 only when every endpoint answered 2xx or the delivery was only recorded; explains each other answer on stderr', async () => {
    const cases: [Record<string, unknown>[], number][] = [
      [[delivery({ responseStatus: 200 }), delivery({ responseStatus: 299 })], 0],
      [[delivery({ responseStatus: null, outcome: 'recorded' })], 0],
      [[delivery({ responseStatus: 200 }), delivery({ responseStatus: 300, outcome: 'failed' })], 1],
      [[delivery({ responseStatus: 199, outcome: 'failed' })], 1],
      [[delivery({ responseStatus: 503, outcome: 'failed' })], 1],
      [[delivery({ responseStatus: null, outcome: 'failed', error: 'TypeError: fetch failed' })], 1],
    ];
    for (const [deliveries, code] of cases) {
      const fake = await standIn(201, { data: { event: EVENT, deliveries } });
      const result = await trigger(fake.env);
      expect({ deliveries, code: result.code }).toEqual({ deliveries, code });
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines[0]).toBe(`emitted deposit.created evt_0001aaaabbbb to ${deliveries.length} endpoint(s)`);
      expect(lines.slice(1)).toEqual(
        deliveries.map((d) => `  http://127.0.0.1:3000/webhooks: ${d.responseStatus ?? d.error ?? d.outcome}`),
      );
      // A hint only for an answer that needs one: never for a plain 2xx or a delivery with no answer.
      const hinted = deliveries.filter(
        (d) => typeof d.responseStatus === 'number' && (d.responseStatus < 200 || d.responseStatus >= 300),
      );
      const hints = result.stderr === '' ? [] : result.stderr.trimEnd().split('\n');
      expect(hints.map((h) => h.split(': ').slice(0, 3).join(': '))).toEqual(
        hinted.map((d) => `webhooks trigger: http://127.0.0.1:3000/webhooks: ${d.responseStatus}`),
      );
    }
  });

  it("words a failed delivery's retries as the fake's own line does: after 1 min, never after 0 min", async () => {
    const fake = await standIn(201, {
      data: { event: EVENT, deliveries: [delivery({ responseStatus: 503, outcome: 'failed' })] },
    });
    const result = await trigger(fake.env);
    expect(result.stderr.trimEnd()).toBe(
      'webhooks trigger: http://127.0.0.1:3000/webhooks: 503: the service counts this delivery as failed: retries after 1 min, 5 min, 30 min, 2 h, 12 h.',
    );
  });

  it('never prints the key when a delivery line echoes it', async () => {
    const fake = await standIn(201, {
      data: {
        event: EVENT,
        deliveries: [
          delivery({
            url: `http://127.0.0.1:3000/hook?key=${KEY}`,
            responseStatus: null,
            outcome: 'failed',
            error: `refused ${KEY}`,
          }),
          delivery({ url: `http://127.0.0.1:3000/hook?key=${KEY}`, responseStatus: 500, outcome: 'failed' }),
        ],
      },
    });
    const result = await trigger(fake.env);
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).not.toContain(KEY);
    expect(result.stdout).toContain('  http://127.0.0.1:3000/hook?key=[REDACTED]: refused [REDACTED]\n');
  });
});
