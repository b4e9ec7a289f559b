import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, CreditPlatform } from '../../../src/index.js';
import { loopback } from '../../helpers/loopback.js';

// ky's import-time feature check loads undici's web streams; the root entry must reach ky only
// through the dynamic import the transport makes on the first request.
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/^(?:import|export) (?!type )[^;]*?from '([^']+)';/gms)) {
    if (!specifier) continue;
    if (specifier.startsWith('.')) staticImports(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')), seen);
    else seen.add(specifier);
  }
  return seen;
}

const account = { id: 'acc_1', email: 'a@example.com' };

describe('the first request', () => {
  it('importing the root entry loads no ky until the first request', () => {
    const graph = staticImports(join(process.cwd(), 'src', 'index.ts'));
    expect(graph.has(join(process.cwd(), 'src', 'client.ts'))).toBe(true);
    expect(graph.has('zod/mini')).toBe(true);
    expect(graph.has('ky')).toBe(false);
    // The loader is linked; what it imports, it imports on the first request.
    expect(graph.has(join(process.cwd(), 'src', 'core', 'transport', 'load-ky.ts'))).toBe(true);
  });

  it("importing the root entry does not load Node's fetch implementation (undici) either", () => {
    // A fresh Node process: this one has loaded undici long ago. Touching a web global such as
    // `Headers` at load (a class that extends it, say) loads undici, a fifth of the import time.
    const loaded = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "await import('./src/index.ts'); console.log(JSON.stringify(process.moduleLoadList.filter((m) => m.includes('undici'))));",
      ],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(loaded.trim().split('\n').at(-1) ?? 'null')).toEqual([]);
  });

  it('concurrent first calls share one load and each gets its answer', async () => {
    const server = await loopback((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: true, data: account }));
    });
    const client = new CreditPlatform({ apiKey: 'cp_test_key', baseUrl: server.baseUrl, maxRetries: 0 });
    const results = await Promise.all([client.accounts.me(), client.accounts.me(), client.accounts.me()]);
    expect(results.map((r) => r.id)).toEqual(['acc_1', 'acc_1', 'acc_1']);
    expect(server.requests).toHaveLength(3);
  });

  it('the first call sends the body as it was when called, though the core loads after the call', async () => {
    const bodies: string[] = [];
    const server = await loopback((req, res) => {
      let text = '';
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => {
        bodies.push(text);
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({ success: true, data: { id: 'wh_1', url: 'https://example.com/h', events: ['deposit.created'] } }),
        );
      });
    });
    const client = new CreditPlatform({ apiKey: 'cp_test_key', baseUrl: server.baseUrl, maxRetries: 0 });
    const body = { url: 'https://example.com/h', events: ['deposit.created' as const], secret: 'abc' };
    const call = client.webhooks.create(body);
    body.url = 'https://changed.example.com/h';
    await call;
    expect(JSON.parse(bodies[0] ?? '{}').url).toBe('https://example.com/h');
  });

  it('before any request: no rate-limit state, and no pacing state when pacing is off', async () => {
    const client = new CreditPlatform({ apiKey: 'cp_test_key', baseUrl: 'http://127.0.0.1:9/api/v1' });
    expect(client.rateLimit).toBeUndefined();
    expect(await client.pacingState()).toBeUndefined();
  });

  it("with pacing on, the pacing state is the key's budget before any request, the key read from a key function", async () => {
    let asked = 0;
    const apiKey = async () => {
      asked++;
      return 'cp_test_key';
    };
    const client = new CreditPlatform({
      apiKey,
      baseUrl: 'http://127.0.0.1:9/api/v1',
      pacing: { limits: [{ requests: 3, perMs: 60_000 }] },
    });
    expect(await client.pacingState()).toMatchObject({ remaining: 3, queued: 0, mode: 'local' });
    expect(asked).toBe(1);
  });

  it('a malformed key fails the constructor, before any load', () => {
    expect(() => new CreditPlatform({ apiKey: 'cp test key', baseUrl: 'http://127.0.0.1:9/api/v1' })).toThrow(ConfigurationError);
  });

  it('a malformed default header still fails the constructor, before any load', () => {
    expect(
      () =>
        new CreditPlatform({
          apiKey: 'cp_test_key',
          baseUrl: 'http://127.0.0.1:9/api/v1',
          defaultHeaders: { 'bad header': 'x' },
        }),
    ).toThrow(ConfigurationError);
  });
});
