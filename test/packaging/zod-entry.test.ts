import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The classic `zod` entry drags its whole API (and its English locale) into every bundle, about
// three times the size of `zod/mini`; the client's size budget leaves no room for it. Type-only
// imports cost nothing at run time and stay allowed.
const root = join(process.cwd(), 'src');
const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));

describe('zod entry', () => {
  it('no file in src/ imports the classic zod entry at run time', () => {
    const offenders = files.filter((file) =>
      /^import (?!type )[^;]*from 'zod(?:\/v4)?(?:\/classic)?';/m.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });

  it('the schemas use zod/mini', () => {
    const mini = files.filter((file) => readFileSync(join(root, file), 'utf8').includes("from 'zod/mini'"));
    expect(mini).toContain(join('resources', 'deposits', 'deposits.ts'));
  });
});
