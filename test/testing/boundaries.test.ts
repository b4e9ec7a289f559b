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
  // operation) and the webhooks' body reader, nothing else: not the client, not the request
  // rules, so the client's tests still check two implementations of the contract. cli.ts is not
  // part of the fake: it is the `credit-platform-fake` program, which runs the `credit-platform`
  // command (src/cli) as `credit-platform fake`.
  it('imports from the SDK only the webhooks entry, its body reader and the route table', () => {
    expect(imports('cli.ts')).toEqual(['../cli/program.js']);
    const leaving = files
      .filter((f) => f !== 'cli.ts')
      .flatMap((f) =>
        imports(f)
          .filter((i): i is string => i?.startsWith('.') === true)
          .map((i) => resolve(dirname(join(root, f)), i))
          .filter((abs) => !abs.startsWith(root + sep)),
      );
    expect(leaving.length).toBeGreaterThan(0);
    expect(new Set(leaving)).toEqual(
      new Set(
        ['src/webhooks/index.js', 'src/webhooks/read-body.js', 'src/resources/operations.js'].map((f) => join(process.cwd(), f)),
      ),
    );
  });
});
