import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedWebhookDelivery, signWebhookPayload } from '../../../src/webhooks/index.js';
import { cli } from '../../helpers/cli-run.js';
import { runCliProcess } from '../../helpers/cli-process.js';

const SECRET = 'whsec_cli_verify_77aa';
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-verify-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const delivery = (timestamp?: string) =>
  createSignedWebhookDelivery({
    type: 'deposit.created',
    data: { depositId: 'dep_1', token: 'USDC', amount: '10.00', transactionHash: `0x${'ab'.repeat(32)}` },
    secret: SECRET,
    id: 'evt_cli_verify_1',
    timestamp,
  });

describe('credit-platform webhooks verify', () => {
  it('prints the type and id of an authentic, fresh delivery read from --file, exit 0', async () => {
    const { body, headers } = delivery();
    const file = join(dir, 'body.json');
    await writeFile(file, body);
    const result = await cli([
      'webhooks',
      'verify',
      '--secret',
      SECRET,
      '--signature',
      headers['x-webhook-signature'],
      '--file',
      file,
    ]);
    expect(result).toEqual({ code: 0, stdout: 'verified: deposit.created evt_cli_verify_1\n', stderr: '' });
  });

  it('reads the body from stdin without --file', async () => {
    const { body, headers } = delivery();
    const result = await cli(['webhooks', 'verify', '--secret', SECRET, '--signature', headers['x-webhook-signature']], {
      stdin: body,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('verified: deposit.created evt_cli_verify_1\n');
  });

  it('prints the refusal code and message on stderr and exits 1', async () => {
    const { body, headers } = delivery();
    const stale = delivery('2020-01-01T00:00:00Z');
    const notJson = 'not json';
    const cases: [string, string, string][] = [
      [`${body} `, headers['x-webhook-signature'], 'signature_mismatch: The X-Webhook-Signature header does not match'],
      [body, 'ABC', 'malformed_signature: The X-Webhook-Signature header is not exactly 64 lowercase hex digits'],
      [body, '', 'missing_signature: '],
      [stale.body, stale.headers['x-webhook-signature'], 'stale_event: Event evt_cli_verify_1 is '],
      [notJson, signWebhookPayload(notJson, SECRET), 'invalid_json: The webhook body is not valid JSON.'],
    ];
    for (const [stdin, signature, expected] of cases) {
      const result = await cli(['webhooks', 'verify', '--secret', SECRET, '--signature', signature], { stdin });
      expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 1, stdout: '' });
      expect(result.stderr.startsWith(expected)).toBe(true);
      expect(result.stderr).not.toContain(SECRET);
    }
  });

  it('verifies a type this SDK version does not know, and says so, with the type made printable', async () => {
    for (const [raw, shown] of [
      ['loan.liquidated', 'loan.liquidated'],
      ['loan.\u001b[2J', 'loan.\\u001b[2J'],
    ]) {
      const body = JSON.stringify({ ...JSON.parse(delivery().body), type: raw });
      const result = await cli(['webhooks', 'verify', '--secret', SECRET, '--signature', signWebhookPayload(body, SECRET)], {
        stdin: body,
      });
      expect(result).toEqual({
        code: 0,
        stdout: `verified: ${shown} (a type this SDK version does not know) evt_cli_verify_1\n`,
        stderr: '',
      });
    }
  });

  it('without --signature says it is required, exit 2', async () => {
    const result = await cli(['webhooks', 'verify', '--secret', SECRET], { stdin: '{}' });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'webhooks verify: --signature is required.\nRun `credit-platform webhooks verify --help` for usage.\n',
    });
  });

  it('is a usage error (exit 2) with no body source, or a missing --secret', async () => {
    const noBody = await cli(['webhooks', 'verify', '--secret', SECRET, '--signature', 'a'.repeat(64)]);
    expect(noBody.code).toBe(2);
    expect(noBody.stderr).toContain('give the body with --file <path>, or pipe it on stdin');
    const noSecret = await cli(['webhooks', 'verify', '--signature', 'a'.repeat(64)], { stdin: '{}' });
    expect(noSecret.code).toBe(2);
    expect(noSecret.stderr).toContain('no webhook secret: set CREDIT_PLATFORM_WEBHOOK_SECRET');
  });

  it('refuses a body over 1 MiB without verifying it (exit 1)', async () => {
    const result = await cli(['webhooks', 'verify', '--secret', SECRET, '--signature', 'a'.repeat(64)], {
      stdin: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('stdin is larger than 1048576 bytes');
  });
});

describe('webhooks verify --file reads at most 1 MiB, whatever stat says', () => {
  it('stops on /dev/zero (stat size 0, endless) in a real process, exit 1, with a clear message', async () => {
    const result = await runCliProcess(['webhooks', 'verify', '--signature', 'a'.repeat(64), '--file', '/dev/zero'], {
      env: { CREDIT_PLATFORM_WEBHOOK_SECRET: SECRET },
    });
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'webhooks verify: --file /dev/zero is larger than 1048576 bytes. Not a webhook delivery.\n',
    });
  });

  it('stops on a FIFO that a writer keeps filling', async () => {
    const fifo = join(dir, 'endless.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const writer = spawn('sh', ['-c', 'exec yes > "$0"', fifo], { stdio: 'ignore' });
    try {
      const result = await cli(['webhooks', 'verify', '--secret', SECRET, '--signature', 'a'.repeat(64), '--file', fifo]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/--file .*endless\.fifo is larger than 1048576 bytes\. Not a webhook delivery\.\n$/);
    } finally {
      writer.kill();
    }
  });
});
