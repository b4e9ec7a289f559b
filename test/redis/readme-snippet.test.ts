// The "Sharing the budget through Redis" snippet of the many-workers guide, copied as is into a process of its
// own, with each client the guide names and no 'error' listener of the user's: Redis is killed
// under it and started again. The process must live through it, keep answering (pacing on its
// own window, receivers 503), say so once, and use Redis again once it is back.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type LimitedService, startLimitedService } from '../../bench/pacing/limited-service.js';
import { REDIS_CLIENTS, type RedisClientKind } from '../helpers/redis-server.js';
import { useRedisServer } from '../helpers/use-redis.js';
import type { Round } from '../helpers/redis-snippet-driver.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = `${ROOT}.tmp/readme-redis/`;
const used = useRedisServer();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const NODE_REDIS_IMPORT = "import { createClient } from 'redis';";
const NODE_REDIS_CONNECT = 'const redis = await createClient({ url: process.env.REDIS_URL }).connect();';
const IOREDIS_ALTERNATIVE = "// or: import { Redis } from 'ioredis'; const redis = new Redis(url);";

/** The first ts block under the many-workers guide's Redis heading, verbatim. */
function readmeSnippet(): string {
  const guide = readFileSync(`${ROOT}docs/guides/many-workers.md`, 'utf8');
  const section = guide.slice(guide.indexOf('## Sharing the budget through Redis'));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('docs/guides/many-workers.md: no ts block under "Sharing the budget through Redis"');
  return block;
}

/**
 * The snippet as a user of `kind` has it: for ioredis, the two lines its own comment says to
 * use instead. Package imports point at src/; the driver gets what the snippet built.
 */
function program(kind: RedisClientKind): string {
  let code = readmeSnippet();
  expect(code).toContain(`${NODE_REDIS_IMPORT} ${IOREDIS_ALTERNATIVE}`);
  expect(code).toContain(NODE_REDIS_CONNECT);
  if (kind === 'ioredis') {
    code = code
      .replace(`${NODE_REDIS_IMPORT} ${IOREDIS_ALTERNATIVE}`, "import { Redis } from 'ioredis';")
      .replace(NODE_REDIS_CONNECT, 'const redis = new Redis(process.env.REDIS_URL!);');
  }
  code = code.replace(/from 'credit-platform(\/[a-z]+)?'/g, (_, sub: string | undefined) =>
    sub ? `from '../../src${sub}/index.js'` : `from '../../src/index.js'`,
  );
  return `${code}\nimport { drive } from '../../test/helpers/redis-snippet-driver.js';\nawait drive({ redis, client, handler });\n`;
}

interface Child {
  readonly process: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Sends one line and resolves with the next answer; rejects if the process exits first. */
  ask(line: string): Promise<Round>;
  /** The next answer. */
  next(): Promise<unknown>;
  readonly exited: Promise<number | null>;
}

function start(file: string, env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, env, stdio: 'pipe' });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const answers: unknown[] = [];
  const waiting: ((answer: unknown) => void)[] = [];
  let buffered = '';
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines.filter((l) => l.startsWith('@@ '))) {
      const answer: unknown = JSON.parse(line.slice(3));
      const take = waiting.shift();
      if (take) take(answer);
      else answers.push(answer);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const next = () =>
    answers.length > 0
      ? Promise.resolve(answers.shift())
      : Promise.race([
          new Promise((resolve) => waiting.push(resolve)),
          exited.then((code) => {
            throw new Error(`the snippet's process exited (code ${code}) before answering; stderr:\n${stderr}`);
          }),
        ]);
  return {
    process: child,
    stdout: () => stdout,
    stderr: () => stderr,
    next,
    ask: (line) => {
      child.stdin.write(`${line}\n`);
      return next() as Promise<Round>;
    },
    exited,
  };
}

let service: LimitedService | undefined;
let running: Child | undefined;
afterEach(async () => {
  if (running && running.process.exitCode === null) running.process.kill('SIGKILL');
  running = undefined;
  await service?.close();
  service = undefined;
});

const count = (text: string, pattern: RegExp) => text.split('\n').filter((line) => pattern.test(line)).length;

describe.each(Object.keys(REDIS_CLIENTS) as RedisClientKind[])("the many-workers guide's Redis snippet with %s", (kind) => {
  it('survives Redis killed and restarted: the process keeps working, warns once, and uses Redis again', async () => {
    service = await startLimitedService({ requests: 100, windowMs: 60_000 });
    mkdirSync(OUT, { recursive: true });
    const file = `${OUT}${kind}.ts`;
    writeFileSync(file, program(kind));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      REDIS_URL: used.server.url,
      CREDIT_PLATFORM_WEBHOOK_SECRET: 'whsec_readme_redis',
      CREDIT_PLATFORM_API_KEY: 'cp_test_readme_redis_key',
      CREDIT_PLATFORM_BASE_URL: service.baseUrl,
    };
    delete env.CREDIT_PLATFORM_LOG; // the guide's reader has the default level
    const child = start(file, env);
    running = child;
    expect(await child.next()).toBe('ready');
    expect(await child.ask('before')).toEqual({ step: 'before', call: 'ok', webhook: 200, mode: 'shared' });

    await used.server.kill();
    await sleep(1_500); // both clients retry several times meanwhile, each retry an 'error' event
    expect(await child.ask('during')).toEqual({ step: 'during', call: 'ok', webhook: 503, mode: 'local' });
    await sleep(500);
    expect(await child.ask('still')).toEqual({ step: 'still', call: 'ok', webhook: 503, mode: 'local' });

    await used.server.start();
    let after: Round | undefined;
    for (let i = 0; i < 40 && !(after?.webhook === 200 && after.mode === 'shared'); i++) {
      await sleep(250);
      after = await child.ask(`after${i}`);
    }
    expect(after).toMatchObject({ call: 'ok', webhook: 200, mode: 'shared' });
    // The restarted server is empty: what it holds now, the stores wrote after the outage.
    const probe = (await used.connect('redis')) as unknown as { keys(pattern: string): Promise<string[]> };
    expect((await probe.keys('credit-platform:webhook:*')).length).toBeGreaterThanOrEqual(1);
    expect(await probe.keys('credit-platform:pacing:*')).toHaveLength(1);

    child.process.stdin?.end('exit\n');
    expect(await child.next()).toBe('bye');
    expect(await child.exited).toBe(0);
    const stderr = child.stderr();
    expect(stderr).not.toMatch(/Unhandled error event|SocketClosedUnexpectedlyError|ECONNREFUSED.*\n\s+at /);
    expect(count(stderr, /Redis connection is down/)).toBe(1);
    expect(count(child.stdout(), /Redis connection is back/)).toBe(1);
    expect(count(stderr, /pacing store is unreachable/)).toBe(1);
    expect(service.accepted.length).toBeGreaterThanOrEqual(4);
  }, 60_000);
});
