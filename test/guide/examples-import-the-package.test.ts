// The examples are what users copy: they import the package by its name ('credit-platform',
// 'credit-platform/webhooks', ...), never this repository's src/, so they run unchanged in a
// user's project. In this repository tsconfig.json `paths` maps those names to src/ (tsc and
// tsx both read it), so `npm run example` and `npm run demo` need no build.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const examples = readdirSync(join(root, 'examples'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => join('examples', f));
const specifiers = (file: string) => [...read(file).matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1] as string);

describe('examples/', () => {
  it('import the package by name, never a path into src/', () => {
    expect(examples.length).toBeGreaterThan(5);
    const intoSource = examples.flatMap((file) =>
      specifiers(file)
        .filter((s) => s.startsWith('.') && !s.startsWith('./'))
        .map((s) => `${file}: ${s}`),
    );
    expect(intoSource).toEqual([]);
    const byName = new Set(examples.flatMap(specifiers).filter((s) => s.startsWith('credit-platform')));
    expect([...byName].sort()).toEqual([
      'credit-platform',
      'credit-platform/money',
      'credit-platform/otel',
      'credit-platform/postgres',
      'credit-platform/redis',
      'credit-platform/testing',
      'credit-platform/webhooks',
    ]);
  });

  it('resolve every entry point of the exports map to its source through tsconfig.json paths', () => {
    const pkg = JSON.parse(read('package.json')) as { name: string; exports: Record<string, unknown> };
    const { paths } = (JSON.parse(read('tsconfig.json')) as { compilerOptions: { paths: Record<string, string[]> } })
      .compilerOptions;
    const entries = Object.keys(pkg.exports)
      .filter((e) => e !== './package.json')
      .map((e) => (e === '.' ? pkg.name : `${pkg.name}/${e.slice(2)}`));
    expect(Object.keys(paths).sort()).toEqual(entries.sort());
    for (const [name, [target]] of Object.entries(paths)) {
      expect(target, name).toMatch(/^\.\/src\/.+\.ts$/);
      expect(() => read(target as string), name).not.toThrow();
    }
  });

  it('never turn an amount into a float', () => {
    const floats = examples.flatMap((file) =>
      read(file)
        .split('\n')
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => /(Number|parseFloat)\([^)]*amount/i.test(line))
        .map(({ at }) => at),
    );
    expect(floats).toEqual([]);
  });
});
