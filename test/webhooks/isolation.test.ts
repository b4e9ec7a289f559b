// The entry stays small and free of the HTTP client; the Web Crypto path needs no node:*.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundle } from '../../bench/webhooks/bundle-size.js';

const SRC = fileURLToPath(new URL('../../src/webhooks/', import.meta.url));

async function runtimeImports(entry: string): Promise<string[]> {
  const result = await build({ entryPoints: [`${SRC}${entry}`], bundle: true, write: false, metafile: true, platform: 'neutral', format: 'esm', external: ['node:*'], logLevel: 'silent' });
  return Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((i) => i.path));
}

describe('module boundaries of src/webhooks', () => {
  it('imports nothing from the rest of src/ and no package but node: built-ins', () => {
    for (const file of readdirSync(SRC)) {
      const source = readFileSync(`${SRC}${file}`, 'utf8');
      const specifiers = [...source.matchAll(/^(?:import|export|\}).*from '([^']+)'/gm)].map((m) => m[1]!);
      for (const specifier of specifiers) expect(specifier, `${file} imports ${specifier}`).toMatch(/^(\.\/[\w-]+\.js|node:\w+)$/);
    }
  });

  it.each(['verify-web.ts', 'construct-async.ts', 'fetch-handler.ts', 'receiver.ts', 'edge.ts', 'node-handler.ts'])(
    '%s loads no node:* module at run time',
    async (entry) => {
      expect(await runtimeImports(entry)).toEqual([]);
    },
  );

  it('only verify-node.ts imports node:crypto at run time', async () => {
    expect(await runtimeImports('verify-node.ts')).toEqual(['node:crypto']);
  });

  it('verifyWebhookSignature bundled alone is under 3 KB and pulls in no ky and no zod', async () => {
    const { bytes, inputs } = await bundle("import { verifyWebhookSignature } from '../../src/webhooks/index.js'; console.log(verifyWebhookSignature);");
    expect(bytes).toBeLessThan(3 * 1024);
    expect(inputs.filter((path) => /node_modules\/(ky|zod)\//.test(path))).toEqual([]);
  });
});
