import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNodeWebhookHandler, createSignedWebhookDelivery, type WebhookEvent } from '../../../src/webhooks/index.js';
import { runCli } from '../../../src/cli/dispatch.js';
import { cli, memoryIO, startReceiver } from '../../helpers/cli-run.js';
import { runCliProcess, spawnCli, waitForOutput } from '../../helpers/cli-process.js';

// Each command that needs the webhook secret (webhooks send, webhooks verify, fake) takes it from
// CREDIT_PLATFORM_WEBHOOK_SECRET (checked in a real process, whose command line is then free of
// it), from --secret-file, and still from --secret; --secret and --secret-file win over the
// variable, and giving both options is a usage error.

const SECRET = 'whsec_sources_9d3f1a';
const WRONG = 'whsec_not_the_one_77';
const ENV = 'CREDIT_PLATFORM_WEBHOOK_SECRET';

let dir: string;
let secretFile: string;
let wrongFile: string;
const cleanups: (() => Promise<void> | void)[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-sources-'));
  secretFile = join(dir, 'secret');
  wrongFile = join(dir, 'wrong');
  // As a secret file should be: its owner's alone (an open one gets a warning, below).
  await writeFile(secretFile, `${SECRET}\n`, { mode: 0o600 });
  await writeFile(wrongFile, `${WRONG}\n`, { mode: 0o600 });
});
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function receiver() {
  const r = await startReceiver(SECRET);
  cleanups.push(() => r.close());
  return r;
}

describe('webhooks send: the secret from each source', () => {
  it(`reads ${ENV} in a real process, and the endpoint verifies the delivery`, async () => {
    const r = await receiver();
    const result = await runCliProcess(['webhooks', 'send', 'deposit.created', '--to', r.url], { env: { [ENV]: SECRET } });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(r.handled).toHaveLength(1);
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  });

  it('reads --secret-file; --secret-file and --secret win over the variable; both options are a usage error', async () => {
    const r = await receiver();
    const send = (args: string[], env: Record<string, string> = {}) =>
      cli(['webhooks', 'send', 'deposit.created', '--to', r.url, ...args], { env });
    expect((await send(['--secret-file', secretFile])).code).toBe(0);
    expect((await send(['--secret-file', secretFile], { [ENV]: WRONG })).code).toBe(0);
    expect((await send(['--secret', SECRET], { [ENV]: WRONG })).code).toBe(0);
    const overridden = await send(['--secret-file', wrongFile], { [ENV]: SECRET });
    expect(overridden.code).toBe(1);
    expect(overridden.stdout).toContain('401 Unauthorized');
    const both = await send(['--secret', SECRET, '--secret-file', secretFile]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give the secret once: --secret-file <path> or --secret, not both.');
    const none = await send([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`no webhook secret: set ${ENV}, or give --secret-file <path>`);
    expect(r.handled).toHaveLength(3);
  });
});

describe('webhooks verify: the secret from each source', () => {
  const { body, headers } = createSignedWebhookDelivery({
    type: 'deposit.created',
    data: { depositId: 'dep_1', token: 'USDC', amount: '10.00', transactionHash: `0x${'ab'.repeat(32)}` },
    secret: SECRET,
    id: 'evt_sources_1',
  });
  const signature = headers['x-webhook-signature'];

  it(`reads ${ENV} in a real process`, async () => {
    const result = await runCliProcess(['webhooks', 'verify', '--signature', signature], {
      env: { [ENV]: SECRET },
      stdin: body,
    });
    expect(result).toEqual({ code: 0, stdout: 'verified: deposit.created evt_sources_1\n', stderr: '' });
  });

  it('reads --secret-file; the options win over the variable; both options are a usage error', async () => {
    const verify = (args: string[], env: Record<string, string> = {}) =>
      cli(['webhooks', 'verify', '--signature', signature, ...args], { env, stdin: body });
    expect((await verify(['--secret-file', secretFile])).code).toBe(0);
    expect((await verify(['--secret-file', secretFile], { [ENV]: WRONG })).code).toBe(0);
    expect((await verify(['--secret', SECRET], { [ENV]: WRONG })).code).toBe(0);
    const overridden = await verify(['--secret-file', wrongFile], { [ENV]: SECRET });
    expect([overridden.code, overridden.stderr]).toEqual([1, expect.stringMatching(/^signature_mismatch: /)]);
    expect((await verify(['--secret', SECRET, '--secret-file', secretFile])).code).toBe(2);
  });

  it('warns in one line on stderr of a --secret-file other users may read, and verifies all the same', async () => {
    const open = join(dir, 'open-secret');
    await writeFile(open, `${SECRET}\n`);
    await chmod(open, 0o644);
    const result = await cli(['webhooks', 'verify', '--signature', signature, '--secret-file', open], { stdin: body });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `webhooks verify: warning: --secret-file ${open} is open to other users of this machine (mode 0644), who may read the secret; make it yours alone: chmod 600 ${open}\n`,
    );
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  });
});

/** A loopback endpoint verifying with `secret`; `handled` lists the events its handler ran for. */
async function endpoint(secret: string) {
  const handled: WebhookEvent[] = [];
  const handler: RequestListener = createNodeWebhookHandler({
    secret,
    on: { 'deposit.created': (e) => void handled.push(e) },
    onError: () => undefined,
  });
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, handled };
}

const line = (out: string, name: string) => new RegExp(`^${name}=(\\S+)$`, 'm').exec(out)?.[1] ?? '';

describe('fake: the secret from each source', () => {
  it(`signs forwarded deliveries with ${ENV} in a real process, prints neither it nor a generated one, and keeps it off its command line`, async () => {
    const e = await endpoint(SECRET);
    const child = spawnCli(['fake', '--port', '0', '--transactions', '1', '--forward-to', e.url], { [ENV]: SECRET });
    cleanups.push(() => void child.kill());
    const out = await waitForOutput(child, /Trigger one from another terminal/);
    expect(out).toContain(`Signing deliveries with the secret from ${ENV}\n`);
    expect(out).not.toContain(`${ENV}=`);
    expect(out).not.toContain(SECRET);
    if (child.pid !== undefined) {
      const cmdline = await readFile(`/proc/${child.pid}/cmdline`, 'utf8').catch(() => '');
      expect(cmdline).not.toContain(SECRET);
    }
    const env = {
      CREDIT_PLATFORM_BASE_URL: line(out, 'CREDIT_PLATFORM_BASE_URL'),
      CREDIT_PLATFORM_API_KEY: line(out, 'CREDIT_PLATFORM_API_KEY'),
    };
    const trigger = await cli(['webhooks', 'trigger', 'deposit.created'], { env });
    expect(trigger.code).toBe(0);
    expect(e.handled).toHaveLength(1);
  });

  it('signs with --secret-file, which wins over the variable; --secret-file needs --forward-to', async () => {
    const e = await endpoint(SECRET);
    const { io, out, stop } = memoryIO({ env: { [ENV]: WRONG } });
    const exit = runCli(['fake', '--port', '0', '--transactions', '1', '--forward-to', e.url, '--secret-file', secretFile], io);
    cleanups.push(async () => {
      stop();
      await exit;
    });
    while (!/Trigger one/.test(out.stdout)) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(out.stdout).toContain('Signing deliveries with the secret from --secret-file\n');
    const env = {
      CREDIT_PLATFORM_BASE_URL: line(out.stdout, 'CREDIT_PLATFORM_BASE_URL'),
      CREDIT_PLATFORM_API_KEY: line(out.stdout, 'CREDIT_PLATFORM_API_KEY'),
    };
    expect((await cli(['webhooks', 'trigger', 'deposit.created'], { env })).code).toBe(0);
    expect(e.handled).toHaveLength(1);
    const lone = await cli(['fake', '--secret-file', secretFile]);
    expect([lone.code, lone.stdout]).toEqual([2, '']);
    expect(lone.stderr).toContain('--secret-file signs forwarded deliveries; give --forward-to <url> too.');
  });
});
