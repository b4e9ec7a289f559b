import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryPoints, exportList, firstSentence } from '../../scripts/lib/export-list.js';
import { ENTRIES } from '../../tsup.config.js';

const root = resolve(import.meta.dirname, '../..');

describe('api/exports.md', () => {
  const entries = entryPoints(root, ENTRIES);

  it('names every entry point by the path users import', () => {
    expect(entries.map((e) => e.importPath)).toEqual([
      'credit-platform',
      'credit-platform/webhooks',
      'credit-platform/testing',
      'credit-platform/testing/msw',
      'credit-platform/redis',
      'credit-platform/postgres',
      'credit-platform/money',
      'credit-platform/otel',
    ]);
  });

  it('is what the sources give (npm run exports:update), with a one-line summary for every export', () => {
    const made = exportList(root, entries);
    expect(readFileSync(join(root, 'api', 'exports.md'), 'utf8')).toBe(made);
    expect(made).toContain('| `createPostgresWebhookStore` | function | ');
    expect(made).toMatch(/^\| `CreditPlatform` \| class \| The Credit Platform client/m);
    expect(made).not.toContain('(no TSDoc)');
  }, 60_000);
});

describe('firstSentence', () => {
  it('keeps the first sentence of the first paragraph, links as their text, on one line', () => {
    expect(firstSentence('Options for {@link CreditPlatform}.\nMore words. And more.\n\nSecond paragraph.')).toBe(
      'Options for CreditPlatform.',
    );
    expect(firstSentence('Uses {@link X | the X store}, e.g. this one. Then.')).toBe('Uses the X store, e.g. this one.');
    expect(firstSentence('No full stop here')).toBe('No full stop here');
    expect(firstSentence('v1.2 is kept whole. Next.')).toBe('v1.2 is kept whole.');
    expect(firstSentence(`${'a'.repeat(200)}.`)).toHaveLength(160);
  });
});
