// No page a user reads names a helper the package does not export. A function of
// examples/quickstart.ts (`addDecimals`) or an internal one of src/ that the README or a guide
// names as if it were the package's sends the reader looking for an import that does not exist.
// The snippet check (scripts/check-readme-snippets.ts) already fails a code block that uses a name
// it neither imports nor defines; this test also covers names in the prose (`inline code`) and
// blocks that only `declare` such a name. A name followed by the file it lives in (`decideRetry`
// in `src/core/retry-policy.ts`) is presented as internal and passes. The design guide is left
// out: it documents the internals for contributors.
import { ENTRIES } from '../../tsup.config.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

// Every entry point the package builds (tsup.config.ts), so a new one is covered with no edit here.
const ENTRY_POINTS = Object.values(ENTRIES);

/** Every name the package's entry points export, values and types. */
function publicNames(): Set<string> {
  const program = ts.createProgram({
    rootNames: ENTRY_POINTS.map((f) => join(root, f)),
    options: {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      noEmit: true,
      skipLibCheck: true,
    },
  });
  const checker = program.getTypeChecker();
  const names = new Set<string>();
  for (const file of ENTRY_POINTS) {
    const source = program.getSourceFile(join(root, file));
    const symbol = source && checker.getSymbolAtLocation(source);
    if (!symbol) throw new Error(`cannot read the exports of ${file}`);
    for (const exported of checker.getExportsOfModule(symbol)) names.add(exported.name);
  }
  return names;
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f));
}

/** Top-level functions and classes the repository defines, whether exported or not. */
function repositoryNames(): Set<string> {
  const names = new Set<string>();
  for (const file of [...filesUnder('src'), ...filesUnder('examples')]) {
    const text = read(file);
    for (const [, name] of text.matchAll(/^(?:export )?(?:async )?(?:function\*? |class )([A-Za-z_$][\w$]*)/gm)) {
      names.add(name as string);
    }
  }
  return names;
}

const exported = publicNames();
/**
 * Names a reader could take for the package's, which it does not export: compound names
 * (`addDecimals`, `decideRetry`); single words (`write`, `deliver`) are ordinary words in prose.
 */
const notExported = new Set(
  [...repositoryNames()].filter((name) => !exported.has(name) && /^[a-z]+[A-Z]|^[A-Z][a-z]+[A-Z]/.test(name)),
);

const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs', 'guides'))
    .filter((f) => f.endsWith('.md') && f !== 'design.md')
    .map((f) => `docs/guides/${f}`),
];

/** The prose of a page (fenced blocks removed) and its ts/js blocks. */
function split(text: string): { prose: string; blocks: string[] } {
  const blocks: string[] = [];
  const prose = text.replace(/^(`{3,})(\w*)[^\n]*\n([\s\S]*?)^\1\s*$/gm, (_all, _fence, language: string, body: string) => {
    if (/^(ts|typescript|js|javascript)$/.test(language)) blocks.push(body);
    return '';
  });
  return { prose, blocks };
}

describe('the README and the guides name only what the package exports', () => {
  it('knows the public names (a sanity check of the two sets)', () => {
    expect(exported.has('createNodeWebhookHandler')).toBe(true);
    expect(exported.has('startFakeServer')).toBe(true);
    expect(notExported.has('receiveDelivery')).toBe(true); // examples/quickstart.ts's own helper
    expect(notExported.has('createNodeWebhookHandler')).toBe(false);
  });

  it('in prose: no `inline code` names a helper of examples/ or src/ that is not exported', () => {
    const found: string[] = [];
    for (const page of pages) {
      for (const match of split(read(page)).prose.matchAll(/`([A-Za-z_$][\w$]*)(?:\([^`]*\))?`/g)) {
        const name = match[1] as string;
        // Naming the file it lives in (`decideRetry` in `src/core/retry-policy.ts`) says it is internal.
        const after = match.input.slice((match.index ?? 0) + match[0].length, (match.index ?? 0) + match[0].length + 40);
        if (notExported.has(name) && !/`(src|examples)\//.test(after)) found.push(`${page}: \`${name}\``);
      }
    }
    expect(found).toEqual([]);
  });

  it('in code: a block calls such a helper only if it defines it itself', () => {
    const found: string[] = [];
    for (const page of pages) {
      for (const block of split(read(page)).blocks) {
        for (const [, name] of block.matchAll(/(?<![.\w$])([A-Za-z_$][\w$]*)\s*\(/g)) {
          if (!notExported.has(name as string)) continue;
          const defined = new RegExp(`^\\s*(?:export )?(?:async )?(?:function\\*? ${name}\\b|(?:const|let) ${name}\\s*=)`, 'm');
          if (!defined.test(block)) found.push(`${page}: ${name}(...)`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
