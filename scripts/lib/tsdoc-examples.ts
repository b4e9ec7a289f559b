// The `@example` blocks of the TSDoc comments in src/, for scripts/check-readme-snippets.ts, which
// type-checks them in the same program as the README's snippets.
//
// An example is the fenced block (```ts, ```typescript, ```js, ```javascript) that follows an
// `@example` tag inside a `/** … */` comment. Its lines lose the comment's ` * ` margin; the
// block keeps the line of its opening fence, so an error is reported at its line in the source.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { parseSnippet } from './snippet-output.js';

export interface ExampleBlock {
  /** The source file, relative to the repository root. */
  source: string;
  /** 1-based line of the opening fence; the block's line k is source line fenceLine + k. */
  fenceLine: number;
  /** Characters removed from the start of each line (the comment's margin). */
  indent: number;
  language: 'ts' | 'js';
  code: string;
}

const MARGIN = /^\s*\*(?: |$)/;
const FENCE = /^(`{3,}|~{3,})\s*([A-Za-z]*)\s*$/;
const LANGUAGES: Record<string, 'ts' | 'js'> = { ts: 'ts', typescript: 'ts', js: 'js', javascript: 'js' };

/** Every `@example` block of one TypeScript source. */
export function examplesIn(source: string, text: string): ExampleBlock[] {
  const lines = text.split(/\r?\n/);
  const blocks: ExampleBlock[] = [];
  let inComment = false;
  let wanted = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!inComment) {
      if (line.includes('/**') && !line.includes('*/', line.indexOf('/**') + 3)) inComment = true;
      continue;
    }
    if (line.includes('*/')) {
      inComment = false;
      wanted = false;
      continue;
    }
    const margin = MARGIN.exec(line)?.[0] ?? '';
    const content = line.slice(margin.length);
    if (/^\s*@example\b/.test(content)) {
      wanted = true;
      continue;
    }
    if (/^\s*@\w/.test(content)) wanted = false; // another tag: this one's example never came
    const open = wanted ? FENCE.exec(content.trim()) : null;
    if (!open) continue;
    wanted = false;
    const [, fence = '', info = ''] = open;
    const language = LANGUAGES[info.toLowerCase()];
    const fenceLine = i + 1;
    const body: string[] = [];
    for (i++; i < lines.length; i++) {
      const bodyLine = lines[i] as string;
      if (bodyLine.includes('*/')) break;
      const bodyContent = bodyLine.slice((MARGIN.exec(bodyLine)?.[0] ?? '').length);
      if (bodyContent.trim().startsWith(fence) && FENCE.test(bodyContent.trim())) break;
      body.push(bodyContent);
    }
    if (language) blocks.push({ source, fenceLine, indent: margin.length, language, code: body.join('\n') });
  }
  return blocks;
}

/** The .ts files under `dir` (relative to `root`), sorted, leaving out the folders in `exclude`. */
export function sourceFiles(root: string, dir: string, exclude: readonly string[] = []): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => f.endsWith('.ts') && !exclude.some((e) => f === e || f.startsWith(`${e}/`)))
    .sort();
}

/** Every `@example` block of the .ts files under `dir`. */
export function examplesUnder(root: string, dir: string, exclude: readonly string[] = []): ExampleBlock[] {
  return sourceFiles(root, dir, exclude).flatMap((file) =>
    examplesIn(relative(root, join(root, file)), readFileSync(join(root, file), 'utf8')),
  );
}

/** Names an example's code declares at its top level (so a prelude import must leave them out). */
function topLevelNames(code: string, language: 'ts' | 'js'): Set<string> {
  const file = parseSnippet(code, language);
  const names = new Set<string>();
  const bind = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bind(element.name);
  };
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) bind(d.name);
    else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    )
      names.add(statement.name.text);
    else if (ts.isImportDeclaration(statement) && statement.importClause) {
      const clause = statement.importClause;
      if (clause.name) names.add(clause.name.text);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
      else if (bindings) for (const e of bindings.elements) names.add(e.name.text);
    }
  }
  return names;
}

/**
 * Names an example may use without declaring or importing them, beyond the README prelude's
 * (`client`, `fake`, `secret`, `request`): things the prose around an example has in hand. Keep
 * it short; each name is declared in the generated example-prelude.ts.
 */
export const EXAMPLE_PRELUDE = `// Generated by scripts/check-readme-snippets.ts: names @example blocks may use undeclared.
/** An error a \`catch\` handed you. */
export declare const error: unknown;
/** A webhook delivery's raw body and its signature header, as your framework handed them over. */
export declare const body: string;
export declare const signature: string | null;
/** An Express request after \`express.raw()\`: its body is the raw bytes. */
export declare const req: import('express').Request & { body: Buffer };
/** Where a job keeps what it read, and a function that keeps one record. */
export declare const db: Record<string, (...args: unknown[]) => Promise<void>>;
export declare const save: (record: unknown) => Promise<void>;
`;

/** An example, and the module it is checked as. */
export interface ExampleModule {
  source: string;
  language: 'ts' | 'js';
  code: string;
  /** The generated module, absolute. */
  file: string;
}

/** The package's entry point an example's source belongs to: its own file, else the deepest folder. */
function entryOf(source: string, entryPoints: Record<string, string>): string | undefined {
  let best: [string, number] | undefined;
  for (const [specifier, file] of Object.entries(entryPoints)) {
    if (file === source) return specifier;
    const folder = `${dirname(file)}/`;
    if (file.endsWith('/index.ts') && source.startsWith(folder) && folder.length > (best?.[1] ?? -1))
      best = [specifier, folder.length];
  }
  return best?.[0];
}

/** Identifiers the code refers to by name (not property names after a dot or in a literal). */
function namesUsed(code: string, language: 'ts' | 'js'): Set<string> {
  const file = parseSnippet(code, language);
  const used = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const isPropertyName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isQualifiedName(parent) && parent.right === node) ||
        ((ts.isPropertyAssignment(parent) ||
          ts.isPropertySignature(parent) ||
          ts.isMethodDeclaration(parent) ||
          ts.isPropertyDeclaration(parent)) &&
          parent.name === node);
      if (!isPropertyName) used.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return used;
}

/**
 * Writes each example's module: its code as written, then, after it (so no line moves), imports of
 * the names it uses without declaring them, from the first place that has them: the public entry
 * point its source belongs to (the page the example is shown on), the root entry, the source
 * module itself (an example of an internal helper), the example prelude. A name none of them has
 * stays undeclared, and the type-check reports it. Returns the program the exports were read
 * from, for the type-check to build on.
 */
export function writeExampleModules(
  examples: readonly ExampleModule[],
  options: ts.CompilerOptions,
  entryPoints: Record<string, string>,
  root: string,
  preludeFile: string,
): ts.Program {
  const sources = [...new Set(examples.map((e) => e.source))];
  const rootNames = [...Object.values(entryPoints), ...sources].map((f) => join(root, f));
  const program = ts.createProgram({ rootNames, options });
  const checker = program.getTypeChecker();
  const exportsOf = (file: string): Set<string> => {
    const sourceFile = program.getSourceFile(join(root, file));
    const symbol = sourceFile && checker.getSymbolAtLocation(sourceFile);
    return new Set(symbol ? checker.getExportsOfModule(symbol).map((s) => s.name) : []);
  };
  const cache = new Map<string, Set<string>>();
  const cached = (file: string) => cache.get(file) ?? cache.set(file, exportsOf(file)).get(file) ?? new Set<string>();
  const prelude = new Set([...EXAMPLE_PRELUDE.matchAll(/declare const (\w+)/g)].map((m) => m[1] as string));
  const rootEntry = Object.keys(entryPoints).find((s) => !s.includes('/'));

  for (const example of examples) {
    const specifierFor = (file: string) => {
      const path = relative(dirname(example.file), join(root, file)).replace(/\.ts$/, '.js');
      return path.startsWith('.') ? path : `./${path}`;
    };
    const entry = entryOf(example.source, entryPoints);
    const places: [string, Set<string>][] = [];
    for (const specifier of new Set([entry, rootEntry])) {
      if (specifier) places.push([specifier, cached(entryPoints[specifier] as string)]);
    }
    places.push([specifierFor(example.source), cached(example.source)]);
    places.push([specifierFor(relative(root, preludeFile)), prelude]);

    const own = topLevelNames(example.code, example.language);
    const imports = new Map<string, string[]>();
    for (const name of namesUsed(example.code, example.language)) {
      if (own.has(name)) continue;
      const place = places.find(([, names]) => names.has(name));
      if (place) imports.set(place[0], [...(imports.get(place[0]) ?? []), name]);
    }
    const lines = [...imports].map(([from, names]) => `import { ${names.sort().join(', ')} } from '${from}';`);
    writeFileSync(example.file, `${example.code}\n${lines.length > 0 ? lines.join('\n') : 'export {};'}\n`);
  }
  return program;
}
