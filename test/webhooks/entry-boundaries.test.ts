// The entry stays small and free of the HTTP client; the Web Crypto path needs no node:*.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { bundle } from '../../bench/webhooks/bundle-size.js';

const SRC = fileURLToPath(new URL('../../src/webhooks/', import.meta.url));
const UTILS = fileURLToPath(new URL('../../src/utils/', import.meta.url));

async function runtimeImports(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [`${SRC}${entry}`],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'neutral',
    format: 'esm',
    external: ['node:*'],
    logLevel: 'silent',
  });
  return Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((i) => i.path));
}

describe('module boundaries of src/webhooks', () => {
  it('imports nothing from the rest of src/ but the error base classes and the leaf helpers of src/utils, and no package but node: built-ins', () => {
    const specifiersOf = (path: string) =>
      [...readFileSync(path, 'utf8').matchAll(/^(?:import|export|\}).*from '([^']+)'/gm)].map((m) => m[1]!);
    const reached = (dir: string) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts'))
        .flatMap((file) =>
          specifiersOf(join(dir, file)).map((specifier) => ({
            file,
            specifier,
            target: specifier.startsWith('.') ? resolve(dirname(join(dir, file)), specifier) : specifier,
          })),
        );
    const webhooks = reached(SRC);
    expect(webhooks.length).toBeGreaterThan(0);
    for (const { file, specifier, target } of webhooks) {
      const allowed =
        /^node:\w+$/.test(target) ||
        target.startsWith(SRC) ||
        target.startsWith(UTILS) ||
        target === join(SRC, '../errors/credit-platform-error.js') ||
        // ConfigurationError, the class a receiver's misconfiguration throws, as the client's does:
        // its module imports only the error base and a type.
        target === join(SRC, '../errors/base.js');
      expect(allowed, `${file} imports ${specifier}`).toBe(true);
    }
    expect(webhooks.some(({ target }) => target.startsWith(UTILS))).toBe(true);
    expect(reached(UTILS).filter(({ target }) => !target.startsWith(UTILS))).toEqual([]);
    expect(specifiersOf(join(SRC, '../errors/credit-platform-error.ts'))).toEqual([]);
    expect(specifiersOf(join(SRC, '../errors/base.ts')).sort()).toEqual(['./credit-platform-error.js', './error-item.js']);
    expect(specifiersOf(join(SRC, '../errors/error-item.ts'))).toEqual([]);
  });

  it.each([
    'verification/verify-web.ts',
    'events/construct-async.ts',
    'receivers/fetch-handler.ts',
    'receivers/receiver.ts',
    'receivers/node-handler.ts',
  ])('%s loads no node:* module at run time', async (entry) => {
    expect(await runtimeImports(entry)).toEqual([]);
  });

  it('the whole entry, the sync verifier included, loads no node:* module at import time', async () => {
    // verify-node.ts reaches node:crypto through process.getBuiltinModule on first use, so the
    // entry (and the root entry that re-exports it) can be imported on edge runtimes.
    expect(await runtimeImports('verification/verify-node.ts')).toEqual([]);
    expect(await runtimeImports('index.ts')).toEqual([]);
  });

  it('the sync verifier explains itself where node:crypto is missing, after the programmer-error checks', async () => {
    const { verifyWebhookSignature } = await import('../../src/webhooks/index.js');
    const original = process.getBuiltinModule;
    vi.resetModules(); // a fresh module, with node:crypto not yet cached
    const fresh = await import('../../src/webhooks/verification/verify-node.js');
    try {
      (process as { getBuiltinModule?: unknown }).getBuiltinModule = undefined;
      expect(() => fresh.verifyWebhookSignature('{}', 'a'.repeat(64), 'secret')).toThrow(/use verifyWebhookSignatureAsync/);
      expect(() => fresh.verifyWebhookSignature({} as never, 'a'.repeat(64), 'secret')).toThrow(/raw body/);
    } finally {
      process.getBuiltinModule = original;
    }
    expect(verifyWebhookSignature('{}', 'a'.repeat(64), 'secret')).toBe(false);
  });

  it('verifyWebhookSignature bundled alone is at most 3.5 KB and pulls in no ky and no zod', async () => {
    const { bytes, inputs } = await bundle(
      "import { verifyWebhookSignature } from '../../src/webhooks/index.js'; console.log(verifyWebhookSignature);",
    );
    expect(bytes).toBeLessThanOrEqual(3.5 * 1024);
    expect(inputs.filter((path) => /node_modules\/(ky|zod)\//.test(path))).toEqual([]);
  });
});

describe('what credit-platform/webhooks exports', () => {
  it('exports CreditPlatformError, the same class as the root entry, so a receiver can tell SDK errors apart without loading the client', async () => {
    const webhooks = await import('credit-platform/webhooks');
    const root = await import('credit-platform');
    expect(webhooks.CreditPlatformError).toBe(root.CreditPlatformError);
    expect(new webhooks.WebhookVerificationError('missing_signature', 'no signature')).toBeInstanceOf(
      webhooks.CreditPlatformError,
    );
  });
});
