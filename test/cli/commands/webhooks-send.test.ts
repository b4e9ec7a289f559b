import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../../src/webhooks/index.js';
import { cli, startReceiver } from '../../helpers/cli-run.js';
import { unsafeForTerminal } from '../../helpers/terminal-safe.js';

const SECRET = 'whsec_cli_send_4b1d';
let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe('credit-platform webhooks send', () => {
  it('delivers a signed sample event with --data merged over it; the receiver verifies and handles it', async () => {
    receiver = await startReceiver(SECRET);
    const result = await cli([
      'webhooks',
      'send',
      'deposit.created',
      '--to',
      receiver.url,
      '--secret',
      SECRET,
      '--data',
      '{"amount":"25.00"}',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/webhooks {2}deposit\.created evt_[0-9a-f]+\n200 OK in \d+ ms\n\{"received":true\}\n$/,
    );
    expect(receiver.handled).toHaveLength(1);
    expect(receiver.handled[0]).toMatchObject({
      type: 'deposit.created',
      data: { amount: '25.00', token: 'USDC', depositId: 'dep_sample' },
    });
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  });

  it('sends the same --id twice: the receiver answers both with 200 and handles the event once', async () => {
    receiver = await startReceiver(SECRET);
    const argv = ['webhooks', 'send', 'score.updated', '--to', receiver.url, '--secret', SECRET, '--id', 'evt_cli_dup_1'];
    const first = await cli(argv);
    const second = await cli(argv);
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(second.stdout).toContain('{"received":true,"duplicate":true}');
    expect(receiver.handled.map((e) => e.id)).toEqual(['evt_cli_dup_1']);
  });

  it('exits 1 with the answer shown when the endpoint refuses (here: another secret), and hints why', async () => {
    receiver = await startReceiver(SECRET);
    const result = await cli(['webhooks', 'send', 'deposit.created', '--to', receiver.url, '--secret', 'whsec_other']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/\n401 Unauthorized in \d+ ms\n\{"error":"invalid_signature","code":"signature_mismatch"\}\n$/);
    expect(result.stderr).toContain(
      'webhooks send: 401 is not 2xx: the endpoint refused the signature; does it verify with the same secret as this command (CREDIT_PLATFORM_WEBHOOK_SECRET, --secret-file or --secret)?',
    );
    expect(receiver.handled).toEqual([]);
  });

  it('exits 1 and says so when nothing listens', async () => {
    receiver = await startReceiver(SECRET);
    const url = receiver.url;
    await receiver.close();
    receiver = undefined;
    const result = await cli(['webhooks', 'send', 'deposit.created', '--to', url, '--secret', SECRET]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/no answer from http:\/\/127\.0\.0\.1:\d+ after \d+ ms: .*ECONNREFUSED/);
  });

  it('refuses an unknown type with exit 2 and the list of known ones, sending nothing', async () => {
    receiver = await startReceiver(SECRET);
    const result = await cli(['webhooks', 'send', 'deposit.creatd', '--to', receiver.url, '--secret', SECRET]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown event type deposit.creatd (did you mean deposit.created?); one of:');
    for (const type of WEBHOOK_EVENT_TYPES) expect(result.stderr).toContain(`\n  ${type}\n`);
    expect(result.stdout).toBe('');
    expect(receiver.handled).toEqual([]);
  });

  it('refuses plain http:// beyond loopback, data the SDK would refuse, a bad --id and a missing --secret (exit 2)', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['--to', 'http://192.168.1.20:3000/webhooks', '--secret', SECRET],
        /may use http:\/\/ only on this machine .*got http:\/\/192\.168\.1\.20:3000\./,
      ],
      [['--to', 'ftp://localhost/x', '--secret', SECRET], /must be an http:\/\/ or https:\/\/ URL/],
      [
        ['--to', 'http://user:pw_in_url@localhost:1/x', '--secret', SECRET],
        /--to must not carry a user name or password; got a URL for localhost:1\./,
      ],
      [
        ['--to', 'http://localhost:1/x', '--secret', SECRET, '--data', '{"amount":25}'],
        /`data\.amount` of a deposit\.created event must be a string/,
      ],
      [['--to', 'http://localhost:1/x', '--secret', SECRET, '--data', '[1]'], /--data must be a JSON object/],
      [['--to', 'http://localhost:1/x', '--secret', SECRET, '--data', '{nope'], /--data is not valid JSON/],
      [['--to', 'http://localhost:1/x', '--secret', SECRET, '--id', 'abc'], /--id must start with evt_/],
      [['--to', 'http://localhost:1/x'], /no webhook secret: set CREDIT_PLATFORM_WEBHOOK_SECRET, or give --secret-file <path>/],
    ];
    for (const [extra, message] of cases) {
      const result = await cli(['webhooks', 'send', 'deposit.created', ...extra]);
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 2, stderr: expect.stringMatching(message) });
      expect(result.stderr).not.toContain(SECRET);
      expect(result.stderr).not.toContain('pw_in_url');
      expect(result.stdout).toBe('');
    }
  });

  it('accepts https:// and loopback http:// in every spelling', async () => {
    receiver = await startReceiver(SECRET);
    const port = new URL(receiver.url).port;
    for (const host of ['localhost', '127.0.0.1', '127.1']) {
      const result = await cli([
        'webhooks',
        'send',
        'deposit.created',
        '--to',
        `http://${host}:${port}/webhooks`,
        '--secret',
        SECRET,
      ]);
      expect(result.code).toBe(0);
    }
    expect(receiver.handled).toHaveLength(3);
  });
});

describe('webhooks send: what reaches the terminal from the endpoint', () => {
  it('redacts the secret the endpoint echoes (plain, JSON-escaped, percent-encoded, in the reason phrase) and shows escapes inert', async () => {
    const jsonEscaped = SECRET.replace(/[a-z]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
    const server = createServer((_req, res) => {
      res.statusMessage = `Bad ${SECRET}`;
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(
        `expected ${SECRET}\n{"secret":"${jsonEscaped}"}\n?s=${encodeURIComponent(SECRET).replace(/_/g, '%5F')}\n\u001b]0;owned\u0007\u001b[2J\u202e`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/webhooks`;
      const result = await cli(['webhooks', 'send', 'deposit.created', '--to', url, '--secret', SECRET]);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/\n400 Bad \[REDACTED\] in \d+ ms\n/);
      expect(result.stdout).toContain(
        'expected [REDACTED]\n{"secret":"[REDACTED]"}\n?s=[REDACTED]\n\\u001b]0;owned\\u0007\\u001b[2J\\u202e\n',
      );
      expect(result.stdout + result.stderr).not.toContain(SECRET);
      expect(unsafeForTerminal(result.stdout + result.stderr)).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('says when the endpoint had already handled the id (200 duplicate), exit 0', async () => {
    receiver = await startReceiver(SECRET);
    const argv = ['webhooks', 'send', 'score.updated', '--to', receiver.url, '--secret', SECRET, '--id', 'evt_cli_dup_2'];
    expect((await cli(argv)).stderr).toBe('');
    const second = await cli(argv);
    expect(second.code).toBe(0);
    expect(second.stderr).toBe(
      'webhooks send: the endpoint had already handled this event id and did not run its handler again.\n',
    );
  });
});
