import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { defineConfig, type Options } from 'tsup';

// Every public entry point, by output name. Adding an entry point is one line here plus one
// block in package.json "exports" (scripts/pack-check.sh fails when the two disagree).
export const ENTRIES = {
  index: 'src/index.ts',
  webhooks: 'src/webhooks/index.ts',
  testing: 'src/testing/index.ts',
  'testing-msw': 'src/testing/msw.ts',
  redis: 'src/redis/index.ts',
  postgres: 'src/postgres/index.ts',
  money: 'src/money/index.ts',
  otel: 'src/otel/index.ts',
} as const;

// src/version.ts imports package.json for VERSION (one source for the version): the bundle gets
// its `version` field only, not the scripts and dependency lists.
const packageVersionOnly: Plugin = {
  name: 'package-version-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]package\.json$/ }, (args) => {
      if (args.path !== resolve('package.json')) return undefined;
      const { version } = JSON.parse(readFileSync(args.path, 'utf8')) as { version: string };
      return { contents: JSON.stringify({ version }), loader: 'json' };
    });
  },
};

// Two builds of the same sources (packaging/README.md, "Layout"):
// - ESM (`.js` + `.d.ts`), served to `import` and, through the `module-sync` condition, to
//   Node's own `require()` (Node 22.12+ loads ES modules synchronously), so a Node program
//   that loads the package both ways gets one module instance and one set of error classes.
// - CommonJS (`.cjs` + `.d.cts`) with ky bundled in (ky 2 is ESM-only), served to the
//   `require` condition of runtimes that do not know `module-sync`: Jest's module runtime,
//   older bundlers. Shared code goes into chunks in both builds, so within one build every
//   entry point shares its classes too.
// No source maps: they would point at src/ files that the package does not ship.
const common: Options = {
  dts: true,
  sourcemap: false,
  target: 'node22',
  platform: 'neutral',
  splitting: true,
  treeshake: true,
  removeNodeProtocol: false,
};

// The two programs of package.json "bin": `credit-platform` and its alias `credit-platform-fake`.
const PROGRAMS = { cli: 'src/cli/main.ts', 'fake-server-cli': 'src/cli/fake-main.ts' } as const;

export default defineConfig([
  {
    ...common,
    entry: { ...ENTRIES, ...PROGRAMS },
    format: ['esm'],
    clean: true,
    // zod is bundled (tree-shaken) rather than imported: any zod entry loads all of its ~85
    // locale modules at run time, which made `import 'credit-platform'` slower than openai-node.
    noExternal: ['zod'],
    // ky stays a package import, which the transport makes on the first request (load-ky.ts).
    external: ['ky', 'msw', /^msw\//, /^node:/],
    esbuildPlugins: [packageVersionOnly],
  },
  {
    ...common,
    entry: ENTRIES,
    format: ['cjs'],
    clean: false,
    // Without rollup's tree-shaking pass, tsup turns the chunks into CommonJS with sucrase,
    // which makes the transport's `import('ky')` a `require()` of the bundled ky: Jest's module
    // runtime refuses `import()`, and a bundler follows a `require()` of a literal path.
    // scripts/pack-check.sh fails on an `import(` left in a .cjs file.
    treeshake: false,
    noExternal: ['ky', 'zod'],
    esbuildPlugins: [packageVersionOnly],
    external: ['msw', /^msw\//, /^node:/],
  },
]);
