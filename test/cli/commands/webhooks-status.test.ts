import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CreditPlatform } from '../../../src/index.js';
import { createFakeCreditPlatform, createManualClock, startFakeServer } from '../../../src/testing/index.js';
import { cli } from '../../helpers/cli-run.js';
import { unsafeForTerminal } from '../../helpers/terminal-safe.js';

// `credit-platform webhooks status` against the fake over loopback (a subscription really turned
// inactive by six failed deliveries on the fake's clock), and against a stand-in service for
// hostile strings and failures.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const SECRET = 'whsec_status_cli';
const HOUR = 3_600_000;

/** A fake over loopback with two subscriptions; `failing` gets 500 for every delivery. */
async function fakeWithTwo() {
  const fake = createFakeCreditPlatform({
    clock: createManualClock(),
    transactions: 0,
    webhookTransport: async (request) => new Response(null, { status: request.url.includes('failing') ? 500 : 200 }),
  });
  const server = await startFakeServer({ fake });
  cleanups.push(() => server.close());
  const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl });
  const healthy = await client.webhooks.create({
    url: 'https://example.com/healthy',
    events: ['deposit.created'],
    secret: SECRET,
  });
  const failing = await client.webhooks.create({
    url: 'https://example.com/failing',
    events: ['deposit.created', 'payment.received'],
    secret: SECRET,
  });
  const env = { CREDIT_PLATFORM_API_KEY: server.apiKey, CREDIT_PLATFORM_BASE_URL: server.baseUrl };
  return { fake, env, healthy, failing };
}

describe('credit-platform webhooks status against the fake', () => {
  it('prints one line per subscription and exits 0 while all are active', async () => {
    const { env, healthy, failing } = await fakeWithTwo();
    const result = await cli(['webhooks', 'status'], { env });
    expect(result).toEqual({
      code: 0,
      stdout: [
        `active    ${healthy.id}  https://example.com/healthy  deposit.created`,
        `active    ${failing.id}  https://example.com/failing  deposit.created,payment.received`,
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('exits 3 once six failed deliveries turned one inactive, and says what to do on stderr', async () => {
    const { fake, env, failing } = await fakeWithTwo();
    await fake.admin.emit('deposit.created');
    await fake.advanceTime(14 * HOUR);
    expect((await cli(['webhooks', 'status'], { env })).code).toBe(0); // five attempts failed so far
    await fake.advanceTime(HOUR);
    const result = await cli(['webhooks', 'status'], { env });
    expect(result.code).toBe(3);
    expect(result.stdout).toContain(`inactive  ${failing.id}  https://example.com/failing`);
    expect(result.stdout).toMatch(/^active {4}wh_/);
    expect(result.stderr).toBe(
      'webhooks status: 1 of 2 subscription(s) inactive: the service sends them nothing until they are reactivated in ' +
        'the dashboard. Then replay what your inbox holds and catch up from transactions.list (docs/guides/webhooks.md, ' +
        '"Never lose an event").\n',
    );
    expect(result.stderr + result.stdout).not.toContain(env.CREDIT_PLATFORM_API_KEY);

    fake.admin.reactivateWebhook(failing.id as string);
    expect((await cli(['webhooks', 'status'], { env })).code).toBe(0);
  });

  it('reads every page (more than 100 subscriptions)', async () => {
    const fake = createFakeCreditPlatform({ transactions: 0 });
    const server = await startFakeServer({ fake });
    cleanups.push(() => server.close());
    const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl });
    for (let i = 0; i < 101; i++) {
      await client.webhooks.create({ url: `https://example.com/h${i}`, events: ['deposit.created'], secret: SECRET });
    }
    const env = { CREDIT_PLATFORM_API_KEY: server.apiKey, CREDIT_PLATFORM_BASE_URL: server.baseUrl };
    const result = await cli(['webhooks', 'status'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(101);
    expect(result.stdout).toContain('https://example.com/h100  ');
  });

  it('says so on stderr when there is no subscription, exit 0', async () => {
    const server = await startFakeServer({ transactions: 0 });
    cleanups.push(() => server.close());
    const env = { CREDIT_PLATFORM_API_KEY: server.apiKey, CREDIT_PLATFORM_BASE_URL: server.baseUrl };
    expect(await cli(['webhooks', 'status'], { env })).toEqual({
      code: 0,
      stdout: '',
      stderr: 'webhooks status: no subscription: the service sends this account no events.\n',
    });
  });
});

/** A fake as `credit-platform fake --forward-to` runs it; the forward endpoint answers `answers()`. */
async function forwardingFake(answers: () => number) {
  const server = await startFakeServer({
    clock: createManualClock(),
    transactions: 0,
    emitEndpoint: true,
    forwardWebhooks: {
      url: 'http://localhost:3000/webhooks',
      secret: SECRET,
      transport: async () => new Response(null, { status: answers() }),
    },
  });
  cleanups.push(() => server.close());
  const env = { CREDIT_PLATFORM_API_KEY: server.apiKey, CREDIT_PLATFORM_BASE_URL: server.baseUrl };
  return { fake: server.fake, env, origin: server.url };
}

describe('credit-platform webhooks status in the local loop (fake --forward-to)', () => {
  it('says the forward is not a subscription, and exits 0 while it delivered every event', async () => {
    const { fake, env, origin } = await forwardingFake(() => 200);
    const forward = `the fake at ${origin} forwards every event to http://localhost:3000/webhooks (fake --forward-to), which is not a subscription`;
    const before = await cli(['webhooks', 'status'], { env });
    expect(before).toEqual({
      code: 0,
      stdout: '',
      stderr: [
        `webhooks status: no subscription: the service itself would send this account no events; ${forward}.`,
        'webhooks status: Nothing forwarded yet: npx credit-platform webhooks trigger deposit.created sends an event, and the fake prints a line per attempt.',
        '',
      ].join('\n'),
    });
    await fake.admin.emit('deposit.created');
    await fake.admin.emit('payment.received');
    const after = await cli(['webhooks', 'status'], { env });
    expect(after.code).toBe(0);
    expect(after.stderr.split('\n')[1]).toBe(
      'webhooks status: 2 forwarded event(s), every one delivered; the fake prints a line per attempt, and npx credit-platform webhooks trigger deposit.created sends another.',
    );
  });

  it('exits 3 while a forwarded event is not delivered, naming the failed attempt and the next one', async () => {
    let status = 503;
    const { fake, env } = await forwardingFake(() => status);
    const { event } = await fake.admin.emit('deposit.created');
    const failing = await cli(['webhooks', 'status'], { env });
    expect(failing.code).toBe(3);
    expect(failing.stderr.split('\n')[1]).toBe(
      `webhooks status: 1 of 1 forwarded event(s) not delivered: the latest attempt (${event.id} deposit.created, attempt 1) ` +
        "got 503, next attempt in 1 min. The fake's terminal shows every attempt; once the endpoint answers 2xx, " +
        'npx credit-platform webhooks trigger deposit.created checks it.',
    );
    status = 204;
    await fake.advanceTime(60_000);
    expect((await cli(['webhooks', 'status'], { env })).code).toBe(0);
  });

  it('lists the subscriptions first, then the forward beside them', async () => {
    const { env, origin } = await forwardingFake(() => 200);
    const client = new CreditPlatform({ apiKey: env.CREDIT_PLATFORM_API_KEY, baseUrl: env.CREDIT_PLATFORM_BASE_URL });
    const sub = await client.webhooks.create({ url: 'https://example.com/h', events: ['deposit.created'], secret: SECRET });
    const result = await cli(['webhooks', 'status'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`active    ${sub.id}  https://example.com/h  deposit.created\n`);
    expect(result.stderr.split('\n')[0]).toBe(
      `webhooks status: besides these subscriptions, the fake at ${origin} forwards every event to http://localhost:3000/webhooks (fake --forward-to), which is not a subscription.`,
    );
  });

  it('says only that there is no subscription when the fake forwards nothing', async () => {
    const server = await startFakeServer({ transactions: 0, emitEndpoint: true });
    cleanups.push(() => server.close());
    const env = { CREDIT_PLATFORM_API_KEY: server.apiKey, CREDIT_PLATFORM_BASE_URL: server.baseUrl };
    expect((await cli(['webhooks', 'status'], { env })).stderr).toBe(
      'webhooks status: no subscription: the service sends this account no events.\n',
    );
  });
});

/** A stand-in service answering `GET /webhooks` with `status` and `body`. */
async function standIn(status: number, body: unknown) {
  const server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  const port = (server.address() as AddressInfo).port;
  return { CREDIT_PLATFORM_BASE_URL: `http://127.0.0.1:${port}/api/v1`, CREDIT_PLATFORM_API_KEY: 'cpk_status_key_0a1b2c3d' };
}

describe('credit-platform webhooks status: what the service sends is only text', () => {
  it('shows escapes, bidi controls and line breaks of every field as visible escapes, one line per subscription', async () => {
    const hostile = {
      id: 'wh_1\u001b]52;c;cHduZWQ=\u0007',
      url: 'https://example.com/\u202eevil\nactive  wh_fake',
      events: ['deposit.created\r\u009b2J'],
      status: 'inactive',
    };
    const env = await standIn(200, { success: true, data: { items: [hostile], nextCursor: null }, message: null });
    const result = await cli(['webhooks', 'status'], { env });
    expect(result.code).toBe(3);
    expect(result.stdout.split('\n')).toHaveLength(2); // one line, then the final newline
    expect(unsafeForTerminal(result.stdout.trimEnd(), true)).toEqual([]);
    expect(unsafeForTerminal(result.stderr.trimEnd(), true)).toEqual([]);
    expect(result.stdout).toBe(
      'inactive  wh_1\\u001b]52;c;cHduZWQ=\\u0007  https://example.com/\\u202eevil\\nactive  wh_fake  deposit.created\\r\\u009b2J\n',
    );
  });

  it("reads a loopback fake's forward report only when every field is what a fake sends, and prints it inert", async () => {
    const page = { items: [], nextCursor: null };
    const failure = { eventId: 'evt_1\u001b[2J', eventType: 'deposit.created', attempt: 2, attemptedAt: 'x' };
    const report = { url: 'http://localhost:3000/?k=cpk_status_key_0a1b2c3d\n', events: 1, undelivered: 1 };
    const shapes = [
      { ...report, lastFailure: { ...failure, eventId: 7, responseStatus: 503, error: null } },
      { ...report, events: '1', lastFailure: null },
      { ...report, lastFailure: { ...failure, responseStatus: '503', error: null } },
      { ...report, lastFailure: { ...failure, responseStatus: null, error: 42 } },
    ];
    for (const shape of shapes) {
      const env = await standIn(200, { success: true, data: { ...page, ...shape }, message: null });
      expect(await cli(['webhooks', 'status'], { env })).toEqual({
        code: 0,
        stdout: '',
        stderr: 'webhooks status: no subscription: the service sends this account no events.\n',
      });
    }
    const env = await standIn(200, {
      success: true,
      data: { ...page, ...report, lastFailure: { ...failure, responseStatus: null, error: 'TypeError: fetch failed' } },
      message: null,
    });
    const result = await cli(['webhooks', 'status'], { env });
    expect(result.code).toBe(3);
    expect(result.stderr).not.toContain('cpk_status_key_0a1b2c3d');
    for (const line of result.stderr.trimEnd().split('\n')) expect(unsafeForTerminal(line, true)).toEqual([]);
    expect(result.stderr).toContain('forwards every event to http://localhost:3000/?k=[REDACTED]\\n (fake --forward-to)');
    expect(result.stderr).toContain(
      'the latest attempt (evt_1\\u001b[2J deposit.created, attempt 2) failed: TypeError: fetch failed, next attempt in 5 min.',
    );
  });

  it('never prints the key, even when the service echoes it in a field', async () => {
    const env = await standIn(200, {
      success: true,
      data: {
        items: [{ id: 'wh_1', url: `https://example.com/?k=cpk_status_key_0a1b2c3d`, events: [], status: 'active' }],
        nextCursor: null,
      },
      message: null,
    });
    const result = await cli(['webhooks', 'status'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('cpk_status_key_0a1b2c3d');
  });

  it('exits 1 with the reason when the list cannot be read, and when the variables are missing', async () => {
    const env = await standIn(401, { success: false, data: null, message: 'Invalid API key' });
    const refused = await cli(['webhooks', 'status'], { env });
    expect([refused.code, refused.stdout]).toEqual([1, '']);
    expect(refused.stderr).toMatch(/^webhooks status: could not list the subscriptions: AuthenticationError: .*Invalid API key/);

    const missing = await cli(['webhooks', 'status'], { env: {} });
    expect([missing.code, missing.stdout]).toEqual([1, '']);
    expect(missing.stderr).toMatch(/^webhooks status: .*CREDIT_PLATFORM_API_KEY/);
  });

  it('is listed in --help and refuses arguments it does not take (exit 2)', async () => {
    expect((await cli(['--help'])).stdout).toContain('webhooks status');
    expect((await cli(['webhooks', 'status', '--help'])).stdout).toMatch(/^usage: credit-platform webhooks status/);
    expect((await cli(['webhooks', 'status', '--all'])).code).toBe(2);
  });
});
