// One reading order for the guides: the README's Documentation list, and the API site's sidebar
// (typedoc.json lists the guides in that order; the site keeps it, which
// scripts/docs-browser-check.ts checks in the browser).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The guides in the order of the README's "Guides" item: their file names under docs/guides. */
function readmeOrder(): string[] {
  const item = /^- \*\*Guides\*\*:([\s\S]*?)^- \*\*/m.exec(read('README.md'))?.[1] ?? '';
  return [...item.matchAll(/\]\(docs\/guides\/([a-z-]+\.md)\)/g)].map((m) => m[1] as string);
}

function typedocOrder(): string[] {
  const { projectDocuments } = JSON.parse(read('typedoc.json')) as { projectDocuments: string[] };
  return projectDocuments.filter((p) => p.startsWith('docs/guides/')).map((p) => p.slice('docs/guides/'.length));
}

describe('the guides in reading order', () => {
  it('starts as a newcomer reads: installing, calling the API, pagination, errors, webhooks, testing, local development', () => {
    expect(readmeOrder().slice(0, 7)).toEqual([
      'installation.md',
      'calling-the-api.md',
      'pagination.md',
      'errors-and-retries.md',
      'webhooks.md',
      'testing.md',
      'local-development.md',
    ]);
  });

  it('lists every guide once, in the README and on the site, in the same order', () => {
    const files = readdirSync(new URL('../../docs/guides/', import.meta.url))
      .filter((f) => f.endsWith('.md'))
      .sort();
    expect([...readmeOrder()].sort()).toEqual(files);
    expect(typedocOrder()).toEqual(readmeOrder());
  });
});
