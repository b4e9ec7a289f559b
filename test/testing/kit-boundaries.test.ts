import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(process.cwd(), 'src/testing');
const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
const imports = (file: string) => [...readFileSync(join(root, file), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);

describe('testing kit boundaries', () => {
  it('loads msw only from msw.ts, so the main entry and the bin work without it', () => {
    const users = files.filter((f) => imports(f).some((i) => i === 'msw' || i?.startsWith('msw/')));
    expect(users).toEqual(['msw.ts']);
  });

  // The fake shares the SDK's route table (OPERATIONS: which method and path is which
  // operation), the webhooks entry and a leaf helper of src/utils (the bounded body reader),
  // nothing else: not the client, not the request rules, so the client's tests still check two
  // implementations of the contract. The `credit-platform-fake` program lives in src/cli
  // (fake-main.ts), so no file here reaches up into the command.
  it('imports from the SDK only public entry modules, the route table and src/utils', () => {
    const leaving = files.flatMap((f) =>
      imports(f)
        .filter((i): i is string => i?.startsWith('.') === true)
        .map((i) => resolve(dirname(join(root, f)), i))
        .filter((abs) => !abs.startsWith(root + sep)),
    );
    expect(leaving.length).toBeGreaterThan(0);
    expect(new Set(leaving)).toEqual(
      new Set(
        ['src/webhooks/index.js', 'src/utils/limited-body.js', 'src/resources/operations.js'].map((f) => join(process.cwd(), f)),
      ),
    );
  });

  it('has no import circle among its own files, type-only imports included', () => {
    const own = (f: string) =>
      imports(f)
        .filter((i): i is string => i?.startsWith('.') === true)
        .map((i) => resolve(dirname(join(root, f)), i).replace(/\.js$/, '.ts'))
        .filter((abs) => abs.startsWith(root + sep))
        .map((abs) => abs.slice(root.length + 1));
    const graph = new Map(files.map((f) => [f, own(f)]));
    expect([...graph.values()].flat().length).toBeGreaterThan(0);
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (f: string, path: string[]): void => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        circles.push([...path.slice(path.indexOf(f)), f].join(' -> '));
        return;
      }
      state.set(f, 'open');
      for (const next of graph.get(f) ?? []) visit(next, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of files) visit(f, []);
    expect(circles).toEqual([]);
  });
});
