// The entry stays small and free of the HTTP client; the Web Crypto path needs no node:*.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { bundle } from '../../bench/webhooks/bundle-size.js';

const SRC = fileURLToPath(new URL('../../src/webhooks/', import.meta.url));

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
  it('imports nothing from the rest of src/ but the import-free error base, and no package but node: built-ins', () => {
    const specifiersOf = (path: string) =>
      [...readFileSync(path, 'utf8').matchAll(/^(?:import|export|\}).*from '([^']+)'/gm)].map((m) => m[1]!);
    for (const file of readdirSync(SRC)) {
      for (const specifier of specifiersOf(`${SRC}${file}`))
        expect(specifier, `${file} imports ${specifier}`).toMatch(
          /^(\.\/[\w-]+\.js|node:\w+|\.\.\/errors\/credit-platform-error\.js)$/,
        );
    }
    expect(specifiersOf(`${SRC}../errors/credit-platform-error.ts`)).toEqual([]);
  });

  it.each(['verify-web.ts', 'construct-async.ts', 'fetch-handler.ts', 'receiver.ts', 'node-handler.ts'])(
    '%s loads no node:* module at run time',
    async (entry) => {
      expect(await runtimeImports(entry)).toEqual([]);
    },
  );

  it('the whole entry, the sync verifier included, loads no node:* module at import time', async () => {
    // verify-node.ts reaches node:crypto through process.getBuiltinModule on first use, so the
    // entry (and the root entry that re-exports it) can be imported on edge runtimes.
    expect(await runtimeImports('verify-node.ts')).toEqual([]);
    expect(await runtimeImports('index.ts')).toEqual([]);
  });

  it('the sync verifier explains itself where node:crypto is missing, after the programmer-error checks', async () => {
    const { verifyWebhookSignature } = await import('../../src/webhooks/index.js');
    const original = process.getBuiltinModule;
    vi.resetModules(); // a fresh module, with node:crypto not yet cached
    const fresh = await import('../../src/webhooks/verify-node.js');
    try {
      (process as { getBuiltinModule?: unknown }).getBuiltinModule = undefined;
      expect(() => fresh.verifyWebhookSignature('{}', 'a'.repeat(64), 'secret')).toThrow(/use verifyWebhookSignatureAsync/);
      expect(() => fresh.verifyWebhookSignature({} as never, 'a'.repeat(64), 'secret')).toThrow(/raw body/);
    } finally {
      process.getBuiltinModule = original;
    }
    expect(verifyWebhookSignature('{}', 'a'.repeat(64), 'secret')).toBe(false);
  });

  it('verifyWebhookSignature bundled alone is under 3 KB and pulls in no ky and no zod', async () => {
    const { bytes, inputs } = await bundle(
      "import { verifyWebhookSignature } from '../../src/webhooks/index.js'; console.log(verifyWebhookSignature);",
    );
    expect(bytes).toBeLessThan(3 * 1024);
    expect(inputs.filter((path) => /node_modules\/(ky|zod)\//.test(path))).toEqual([]);
  });
});
