// The README is the front door, not the manual: short, the Node it needs in its first lines, the
// two commands CI runs, the three main tasks in one short block each, and a link to every guide.
// The depth lives in docs/guides/, and every relative link of the README and the guides leads to a
// file and a heading that exist (as GitHub renders them; the API site is checked in a browser by
// scripts/docs-browser-check.ts). The pin advice names the latest release, read from CHANGELOG.md
// (`npm run release` rewrites it, as it does the tarball names).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const readme = read('README.md');
const guides = readdirSync(join(root, 'docs', 'guides'))
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((f) => `docs/guides/${f}`);

/** The text outside fenced code blocks (links and headings in code are not links and headings). */
function prose(text: string): string {
  return text.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
}

/** The section under a `## ` heading, up to the next one. */
function section(heading: string): string {
  const start = readme.indexOf(`\n## ${heading}\n`);
  expect(start, `README has no "## ${heading}"`).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** The fenced blocks of `text` in `language`. */
const blocks = (text: string, language: string) =>
  [...text.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, 'gm'))].map((m) => m[1] as string);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = (heading as string)
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    found.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return found;
}

describe('the README as a front door', () => {
  it('is a few hundred lines, not the manual', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
  });

  it('says in its first lines which Node the package and the command need, and the way out on Node 20', () => {
    const opening = readme.split('\n').slice(0, 15).join('\n');
    expect(opening).toContain('22.12');
    expect(opening).toContain('`npm i -D node@24`');
    expect(opening).toContain('`npx -p node@24 credit-platform ...`');
  });

  it("keeps the two commands CI runs (.ci/run's header) as the Quick start's first block", () => {
    const [first] = blocks(section('Quick start'), 'sh');
    const commands = (first ?? '').split('\n').map((line) => line.replace(/#.*/, '').trim());
    expect(commands.filter(Boolean)).toEqual(['npm install && npm run demo', 'npm test']);
  });

  it.each([
    ['Call the API', 'client.accounts.me()'],
    ['Iterate over every item', 'for await (const tx of client.transactions.list('],
    ['Receive webhooks', 'createNodeWebhookHandler({'],
  ])('shows "%s" in one short runnable block', (heading, call) => {
    const [block] = blocks(section(heading), 'ts');
    expect(block).toContain(call);
    expect((block as string).split('\n').length).toBeLessThanOrEqual(20);
  });

  it('links every guide', () => {
    const linked = new Set([...prose(readme).matchAll(/\]\((docs\/guides\/[\w-]+\.md)(#[\w-]+)?\)/g)].map((m) => m[1]));
    expect(guides.filter((guide) => !linked.has(guide))).toEqual([]);
  });
});

describe('links of the README and the guides', () => {
  it.each(['README.md', ...guides])('%s: every relative link leads to a file, and an anchor to its heading', (file) => {
    const broken: string[] = [];
    for (const [, target] of prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target as string)) continue; // https:, mailto:
      const [path = '', anchor] = (target as string).split('#');
      const resolved = path === '' ? file : normalize(join(dirname(file), path));
      if (!existsSync(join(root, resolved))) broken.push(`${target}: no ${resolved}`);
      else if (anchor && resolved.endsWith('.md') && !anchors(read(resolved)).has(anchor))
        broken.push(`${target}: ${resolved} has no heading #${anchor}`);
    }
    expect(broken).toEqual([]);
  });

  it("the anchor rule is GitHub's, inline code included (the link the API site once broke)", () => {
    expect(anchors('## Testing without an account: `credit-platform/testing`\n## A\n## A')).toEqual(
      new Set(['testing-without-an-account-credit-platformtesting', 'a', 'a-1']),
    );
  });
});

describe('the pin advice', () => {
  it('names the latest release in CHANGELOG.md, in the README and every guide', () => {
    const latest = /^## \[(\d+)\.(\d+)\.\d+\] - \d{4}-\d\d-\d\d$/m.exec(read('CHANGELOG.md'));
    expect(latest).not.toBeNull();
    const pin = `~${latest?.[1]}.${latest?.[2]}.0`;
    const pins = ['README.md', ...guides].flatMap((file) =>
      [...read(file).matchAll(/\bpin `(~[^`]+)`/g)].map((m) => `${file}: ${m[1]}`),
    );
    expect(pins.some((p) => p.startsWith('README.md'))).toBe(true);
    expect(pins.filter((p) => !p.endsWith(`: ${pin}`))).toEqual([]);
  });
});
