import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readCappedFile } from '../../src/cli/capped-read.js';
import { UsageError } from '../../src/cli/args.js';
import { unsafeForTerminal } from '../helpers/terminal-safe.js';
import {
  MAX_SECRET_FILE_BYTES,
  requiredWebhookSecret,
  secretReadOptions,
  WEBHOOK_SECRET_ENV,
  webhookSecret,
} from '../../src/cli/secret-source.js';
import { memoryIO } from '../helpers/cli-run.js';

vi.mock('../../src/cli/capped-read.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/cli/capped-read.js')>();
  return { ...actual, readCappedFile: vi.fn(actual.readCappedFile) };
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-secret-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: string | Buffer, mode = 0o600): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  // chmod, not writeFile's mode: that one is cut by the umask and ignored for an existing file.
  await chmod(path, mode);
  return path;
}

/** The secret read from `path`, and the warnings given meanwhile. */
async function withWarnings(path: string): Promise<{ secret: string | undefined; warnings: string[] }> {
  const warnings: string[] = [];
  const found = await webhookSecret('webhooks send', { 'secret-file': path }, {}, { warn: (line) => warnings.push(line) });
  return { secret: found?.secret, warnings };
}

async function refusal(values: { secret?: string; 'secret-file'?: string }, env = {}): Promise<string> {
  const error = await webhookSecret('webhooks send', values, env).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UsageError);
  return (error as Error).message;
}

describe('webhookSecret', () => {
  it('lets a failing read of the --secret-file (an I/O error) go on as it is: not a mistake in the command line', async () => {
    const io = Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
    vi.mocked(readCappedFile).mockRejectedValueOnce(io);
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

describe('webhookSecret: a secret file other users may read', () => {
  it('warns in one line, with the mode and the chmod that fixes it, for any group or other bit; reads the secret all the same', async () => {
    for (const mode of [0o644, 0o640, 0o604, 0o660, 0o602, 0o610, 0o601, 0o777]) {
      const path = await file(`open-${mode.toString(8)}`, 'whsec_open\n', mode);
      const { secret, warnings } = await withWarnings(path);
      expect(secret).toBe('whsec_open');
      expect(warnings).toEqual([
        `webhooks send: warning: --secret-file ${path} is open to other users of this machine (mode 0${mode.toString(8)}), who may read the secret; make it yours alone: chmod 600 ${path}`,
      ]);
    }
  });

  it('says nothing of a file only its owner may use (0600, 0400, 0700)', async () => {
    for (const mode of [0o600, 0o400, 0o700]) {
      const { secret, warnings } = await withWarnings(await file(`private-${mode.toString(8)}`, 'whsec_private\n', mode));
      expect(secret).toBe('whsec_private');
      expect(warnings).toEqual([]);
    }
  });

  it("judges a link by its target's mode, and names the path given, quoted for the shell and never raw", async () => {
    const target = await file('open-target', 'whsec_t\n', 0o644);
    const link = join(dir, 'my secret\u001b[2J');
    await symlink(target, link);
    const { warnings } = await withWarnings(link);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`--secret-file ${join(dir, 'my secret\\u001b[2J')} is open`);
    expect(warnings[0]).toMatch(/chmod 600 \$'.*my secret\\x1b\[2J'$/);
    expect(unsafeForTerminal(warnings[0] as string, true)).toEqual([]);
    // A private target behind a link: nothing to say.
    const privateLink = join(dir, 'private-link');
    await symlink(await file('private-target', 'whsec_p\n'), privateLink);
    expect((await withWarnings(privateLink)).warnings).toEqual([]);
  });

  it('keeps a relative name that starts with - from reading as an option of chmod', async () => {
    // Relative to the working directory (the repository's root under vitest), removed at once.
    const name = `-p35-secret-${process.pid}`;
    await writeFile(name, 'whsec_dash\n');
    try {
      await chmod(name, 0o644);
      const { warnings } = await withWarnings(name);
      expect(warnings).toEqual([
        `webhooks send: warning: --secret-file ${name} is open to other users of this machine (mode 0644), who may read the secret; make it yours alone: chmod 600 ./${name}`,
      ]);
    } finally {
      await rm(name, { force: true });
    }
  });

  it('says nothing of a pipe (its mode is not a file to fix)', async () => {
    const fifo = join(dir, 'open-fifo');
    expect(spawnSync('mkfifo', ['-m', '644', fifo]).status).toBe(0);
    const writer = spawn('sh', ['-c', 'printf whsec_piped > "$1"', 'sh', fifo], { stdio: 'ignore' });
    try {
      const { secret, warnings } = await withWarnings(fifo);
      expect(secret).toBe('whsec_piped');
      expect(warnings).toEqual([]);
    } finally {
      writer.kill();
    }
  });

  it("prints the warning on the command's stderr, and only there", async () => {
    const { io, out } = memoryIO();
    const path = await file('open-io', 'whsec_io\n', 0o644);
    expect(await requiredWebhookSecret('webhooks verify', { 'secret-file': path }, {}, secretReadOptions(io))).toBe('whsec_io');
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.stderr).toBe(
      `webhooks verify: warning: --secret-file ${path} is open to other users of this machine (mode 0644), who may read the secret; make it yours alone: chmod 600 ${path}\n`,
    );
    expect(out.stdout).toBe('');
  });

  it('gives up on a named pipe nothing writes into, as a usage error that says why', async () => {
    const fifo = join(dir, 'silent-fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const error = await webhookSecret('fake', { 'secret-file': fifo }, {}, { pipeWaitMs: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(
      `fake: cannot read --secret-file ${fifo}: it is a named pipe and nothing wrote to it within 100 ms; have a program write into it (it may start before or after this command), or give a regular file.`,
    );
  });
});
