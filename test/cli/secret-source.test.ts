import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileCapped } from '../../src/cli/capped-read.js';
import { UsageError } from '../../src/cli/args.js';
import { unsafeForTerminal } from '../helpers/terminal-safe.js';
import { MAX_SECRET_FILE_BYTES, WEBHOOK_SECRET_ENV, webhookSecret } from '../../src/cli/secret-source.js';

vi.mock('../../src/cli/capped-read.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/cli/capped-read.js')>();
  return { ...actual, readFileCapped: vi.fn(actual.readFileCapped) };
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-secret-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: string | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

async function refusal(values: { secret?: string; 'secret-file'?: string }, env = {}): Promise<string> {
  const error = await webhookSecret('webhooks send', values, env).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UsageError);
  return (error as Error).message;
}

describe('webhookSecret', () => {
  it('lets a failing read of the --secret-file (an I/O error) go on as it is: not a mistake in the command line', async () => {
    const io = Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
    vi.mocked(readFileCapped).mockRejectedValueOnce(io);
    await expect(webhookSecret('c', { 'secret-file': '/some/file' }, {})).rejects.toBe(io);
  });

  it('drops only the line break that ends a --secret-file (LF or CRLF), never one inside it', async () => {
    for (const [content, secret] of <[string, string][]>[
      ['whsec_crlf\r\n', 'whsec_crlf'],
      ['whsec_a\nb', 'whsec_a\nb'],
      ['whsec_a\r\nb\n', 'whsec_a\r\nb'],
    ]) {
      const path = await file('line-breaks', content);
      expect(await webhookSecret('c', { 'secret-file': path }, {})).toEqual({ secret, source: '--secret-file' });
    }
  });

  it('takes --secret, then --secret-file, then the environment; an empty variable counts as none', async () => {
    const env = { [WEBHOOK_SECRET_ENV]: 'whsec_from_env' };
    const path = await file('s1', 'whsec_from_file\n');
    expect(await webhookSecret('c', { secret: 'whsec_given' }, env)).toEqual({ secret: 'whsec_given', source: '--secret' });
    expect(await webhookSecret('c', { 'secret-file': path }, env)).toEqual({
      secret: 'whsec_from_file',
      source: '--secret-file',
    });
    expect(await webhookSecret('c', {}, env)).toEqual({ secret: 'whsec_from_env', source: WEBHOOK_SECRET_ENV });
    expect(await webhookSecret('c', {}, { [WEBHOOK_SECRET_ENV]: '' })).toBeUndefined();
    expect(await webhookSecret('c', {}, {})).toBeUndefined();
  });

  it('ignores one trailing newline (LF or CRLF) of the file, and only one', async () => {
    const read = async (content: string) => (await webhookSecret('c', { 'secret-file': await file('nl', content) }, {}))?.secret;
    expect(await read('whsec_a\n')).toBe('whsec_a');
    expect(await read('whsec_a\r\n')).toBe('whsec_a');
    expect(await read('whsec_a')).toBe('whsec_a');
    expect(await read('whsec_a\n\n')).toBe('whsec_a\n');
  });

  it('follows a symbolic link to a regular file (secret mounts are links)', async () => {
    const target = await file('target', 'whsec_linked\n');
    const link = join(dir, 'link');
    await symlink(target, link);
    expect((await webhookSecret('c', { 'secret-file': link }, {}))?.secret).toBe('whsec_linked');
  });

  it('refuses both options, empty secrets, a big file, a directory, a device and a missing file, never quoting the secret', async () => {
    expect(await refusal({ secret: 'whsec_q', 'secret-file': '/x' })).toBe(
      'webhooks send: give the secret once: --secret-file <path> or --secret, not both.',
    );
    expect(await refusal({ secret: '' })).toBe('webhooks send: --secret must not be empty.');
    expect(await refusal({ 'secret-file': await file('empty', '') })).toMatch(/--secret-file is empty/);
    expect(await refusal({ 'secret-file': await file('newline', '\n') })).toMatch(/--secret-file is empty/);
    const big = await file('big', `whsec_${'b'.repeat(MAX_SECRET_FILE_BYTES)}`);
    const bigMessage = await refusal({ 'secret-file': big });
    expect(bigMessage).toMatch(/--secret-file .*big is larger than 4096 bytes\. A webhook secret file holds only the secret\./);
    expect(bigMessage).not.toContain('bbbb');
    const sub = join(dir, 'sub');
    await mkdir(sub);
    expect(await refusal({ 'secret-file': sub })).toMatch(/cannot read --secret-file .*sub: it is a directory\./);
    expect(await refusal({ 'secret-file': '/dev/zero' })).toBe(
      'webhooks send: cannot read --secret-file /dev/zero: not a regular file or a pipe.',
    );
    expect(await refusal({ 'secret-file': join(dir, 'missing') })).toMatch(/cannot read --secret-file .*missing: ENOENT$/);
  });

  it('shows a path with control characters as escapes', async () => {
    const message = await refusal({ 'secret-file': join(dir, 'x\u001b]0;owned\u0007') });
    expect(message).toContain('x\\u001b]0;owned\\u0007');
    expect(unsafeForTerminal(message, true)).toEqual([]);
  });
});
