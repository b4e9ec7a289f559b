// `redis` and `ioredis` are optional peers: the root entry never loads them, and neither does
// credit-platform/redis itself (it drives the client object it is given).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

async function bundledImports(entry: string): Promise<{ external: string[]; inputs: string[] }> {
  const result = await build({
    entryPoints: [`${SRC}${entry}`],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  return {
    external: Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((i) => i.path)),
    inputs: Object.keys(result.metafile.inputs),
  };
}

describe('Redis clients stay optional', () => {
  it('the root entry loads neither client nor the Redis stores', async () => {
    const { external, inputs } = await bundledImports('index.ts');
    expect(external.filter((p) => /^(redis|ioredis|@redis\/)/.test(p))).toEqual([]);
    expect(inputs.filter((p) => p.includes('src/redis/'))).toEqual([]);
  });

  it('credit-platform/redis loads neither client, only node:crypto', async () => {
    const { external } = await bundledImports('redis/index.ts');
    expect([...new Set(external)]).toEqual(['node:crypto']);
  });
});
