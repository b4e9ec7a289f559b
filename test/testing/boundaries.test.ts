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

  it('imports from the SDK only its public webhooks entry', () => {
    const leaving = files.flatMap((f) =>
      imports(f)
        .filter((i): i is string => i?.startsWith('.') === true)
        .map((i) => resolve(dirname(join(root, f)), i))
        .filter((abs) => !abs.startsWith(root + sep)),
    );
    expect(leaving.length).toBeGreaterThan(0);
    expect(new Set(leaving)).toEqual(new Set([join(process.cwd(), 'src/webhooks/index.js')]));
  });
});
