import { createServer } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { networkReason } from '../../../src/cli/commands/webhooks-send.js';
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
      data: { amount: '25.00', token: 'USDC', depositId: expect.stringMatching(/^dep_[0-9a-f]+$/) },
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
        'expected [REDACTED]\\n{"secret":"[REDACTED]"}\\n?s=[REDACTED]\\n\\u001b]0;owned\\u0007\\u001b[2J\\u202e\n',
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

describe('webhooks send: the command line and the answer, line by line', () => {
  /** A loopback endpoint that answers with `answer`; its URL. */
  async function endpoint(answer: (res: import('node:http').ServerResponse) => void): Promise<string> {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => answer(res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const close = async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    };
    receiver = { url: '', handled: [], close };
    return `http://127.0.0.1:${(server.address() as { port: number }).port}/webhooks`;
  }
  const send = (url: string, ...extra: string[]) =>
    cli(['webhooks', 'send', 'deposit.created', '--to', url, '--secret', SECRET, '--id', 'evt_lines_1', ...extra]);

  it('without --to says it is required, in one line, exit 2', async () => {
    const result = await cli(['webhooks', 'send', 'deposit.created', '--secret', SECRET]);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'webhooks send: --to is required.\nRun `credit-platform webhooks send --help` for usage.\n',
    });
  });

  it('prints no empty line for an empty answer, and exits 1 for any status outside 200-299 (300 too)', async () => {
    for (const [status, code] of [
      [204, 0],
      [299, 0],
      [300, 1],
      [404, 1],
    ] as const) {
      const url = await endpoint((res) => res.writeHead(status, 'Whatever').end());
      const result = await send(url);
      expect({ status, code: result.code }).toEqual({ status, code });
      expect(result.stdout).toMatch(
        new RegExp(`^POST ${url} {2}deposit\\.created evt_lines_1\\n${status} Whatever in \\d+ ms\\n$`),
      );
      await receiver?.close();
      receiver = undefined;
    }
  });

  it('shows at most 4096 characters of a long answer and says it was cut', async () => {
    const url = await endpoint((res) => res.writeHead(200).end('x'.repeat(5000)));
    const result = await send(url);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.slice(2)).toEqual(['x'.repeat(4096), '(answer cut at 4096 characters)']);
  });

  it('says the body could not be read when the endpoint drops the connection mid-answer', async () => {
    const url = await endpoint((res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial');
      setTimeout(() => res.destroy(), 20);
    });
    const result = await send(url);
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n').slice(1)).toEqual([
      expect.stringMatching(/^200 OK in \d+ ms$/),
      '(body could not be read)',
    ]);
  });

  it('prints the time from sending to the answer, and to a network failure, as elapsed milliseconds', async () => {
    // A clock far from zero: a figure computed from its readings other than as a difference shows.
    const real = performance.now.bind(performance);
    vi.spyOn(performance, 'now').mockImplementation(() => real() + 1e9);
    const url = await endpoint((res) => res.writeHead(200).end());
    const answered = /\n200 OK in (\d+) ms\n/.exec((await send(url)).stdout)?.[1];
    await receiver?.close();
    receiver = undefined;
    const refused = /no answer from \S+ after (\d+) ms: /.exec((await send(url)).stderr)?.[1];
    // Each is under the 10 s time-out the command gives an endpoint (a minute leaves room for a loaded machine).
    for (const ms of [answered, refused]) expect(Number(ms)).toBeLessThan(60_000);
    vi.restoreAllMocks();
  });

  it('names the time-out when the endpoint does not answer in time', () => {
    expect(networkReason(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBe(
      'no response within 10000 ms',
    );
  });
});
