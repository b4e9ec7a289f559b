import { defineConfig } from 'tsup';

// ESM only: Node 22.12+ can require() an ES module, so CommonJS and ESM users share
// one module instance and `instanceof` on our error classes always holds.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    webhooks: 'src/webhooks/index.ts',
    testing: 'src/testing/index.ts',
    'testing-msw': 'src/testing/msw.ts',
    redis: 'src/redis/index.ts',
    'fake-server-cli': 'src/testing/cli.ts',
  },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node22',
  platform: 'neutral',
  splitting: true,
  treeshake: true,
  removeNodeProtocol: false,
  external: ['ky', 'zod', 'msw', /^msw\//, /^node:/],
});
