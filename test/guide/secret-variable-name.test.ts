// One name for the webhook secret's variable everywhere a user copies from: the README, docs/,
// examples/ and the TSDoc of src/ (the API reference pages). The command reads
// CREDIT_PLATFORM_WEBHOOK_SECRET; an example that reads another name fails when run as its header
// or the guide says. The rotation example adds CREDIT_PLATFORM_WEBHOOK_SECRET_PREVIOUS.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** Names that are right: the variable, its rotation partner, and the CLI's constant that holds the name. */
const ALLOWED = new Set(['CREDIT_PLATFORM_WEBHOOK_SECRET', 'CREDIT_PLATFORM_WEBHOOK_SECRET_PREVIOUS', 'WEBHOOK_SECRET_ENV']);

/** Any upper-case identifier naming a webhook secret, right or wrong. */
const SECRET_NAME = /\b(?:[A-Z0-9]+_)*WEBHOOKS?_(?:[A-Z0-9]+_)*SECRETS?(?:_[A-Z0-9]+)*\b/g;

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path, keep);
    return keep(path) ? [path] : [];
  });
}

/** Where the wrong names are, as `file:line: NAME`. */
function wrongSecretNames(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const [index, line] of readFileSync(file, 'utf8').split('\n').entries()) {
      for (const [name] of line.matchAll(SECRET_NAME)) {
        if (!ALLOWED.has(name)) found.push(`${relative(root, file)}:${index + 1}: ${name}`);
      }
    }
  }
  return found;
}

const checked = [
  join(root, 'README.md'),
  // docs/api is typedoc's output of src/, checked at its source.
  ...filesUnder(join(root, 'docs'), (p) => p.endsWith('.md') && !relative(root, p).startsWith(join('docs', 'api'))),
  ...filesUnder(join(root, 'examples'), (p) => /\.(ts|js|mjs|md)$/.test(p)),
  ...filesUnder(join(root, 'src'), (p) => p.endsWith('.ts')),
];

describe('the webhook secret has one variable name', () => {
  it('checks the README, the guides, the examples and every source file', () => {
    const at = checked.map((f) => relative(root, f));
    expect(at).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/guides/webhooks.md',
        join('examples', 'webhooks', 'postgres-ledger.ts'),
        join('src', 'webhooks', 'receivers', 'receiver.ts'),
      ]),
    );
  });

  it('is CREDIT_PLATFORM_WEBHOOK_SECRET in every one of them', () => {
    expect(wrongSecretNames(checked)).toEqual([]);
  });

  it('finds a wrong name in a TSDoc example, a header comment and a Worker binding', () => {
    const pattern = new RegExp(SECRET_NAME.source, 'g');
    const names = (text: string) => [...text.matchAll(pattern)].map((m) => m[0]).filter((n) => !ALLOWED.has(n));
    expect(names(' *   secret: process.env.WEBHOOK_SECRET!,')).toEqual(['WEBHOOK_SECRET']);
    expect(names('//   DATABASE_URL=postgres://x WEBHOOK_SECRET=whsec_test npx tsx')).toEqual(['WEBHOOK_SECRET']);
    expect(names('env: { MY_WEBHOOK_SIGNING_SECRET: string }; CREDIT_PLATFORM_WEBHOOKS_SECRET')).toEqual([
      'MY_WEBHOOK_SIGNING_SECRET',
      'CREDIT_PLATFORM_WEBHOOKS_SECRET',
    ]);
    expect(names('process.env.CREDIT_PLATFORM_WEBHOOK_SECRET; WEBHOOK_SECRET_ENV')).toEqual([]);
  });
});
