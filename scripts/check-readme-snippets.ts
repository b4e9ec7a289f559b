// Type-checks every TypeScript and JavaScript code block of the README (and docs/guides/*.md),
// and every `@example` block of the doc comments in src/.
//
//   npx tsx scripts/check-readme-snippets.ts                            # README.md, docs/guides/*.md, src/ @examples
//   npx tsx scripts/check-readme-snippets.ts docs/guides/webhooks.md  # any Markdown files instead
//
// Each block fenced as ts, typescript, js or javascript becomes its own module under
// .tmp/snippets/ (`README-3.ts` is the third checked block of README.md), verbatim: the package's
// own imports ('credit-platform', '/webhooks', '/testing', '/testing/msw') are mapped to src/ by
// `paths` in a generated .tmp/snippets/tsconfig.json, and a block without import or export gets
// `export {}` appended, so nothing shifts its line numbers. TypeScript blocks are .ts files;
// JavaScript blocks are .js files (.cjs when they use require() and no import/export) checked
// with checkJs, so they are held to the same API without needing type annotations.
// All are checked in one program with the project's TypeScript: strict, module and
// moduleResolution nodenext. Errors are reported at their Markdown line (`README.md:120:7`).
//
// Blocks are fragments, so a small prelude (PRELUDE below, written to .tmp/snippets/prelude.d.ts)
// declares the few names the prose assumes a reader already has. Anything else a block uses, it
// must declare or import itself. A block that is not meant to compile (shell output, pseudo-code)
// opts out with `<!-- snippet: skip -->` on the line before its fence; skipped blocks are counted.
//
//
// The `@example` blocks of src/ (scripts/lib/tsdoc-examples.ts finds them) are checked in the same
// program, as `.tmp/snippets/src-<path>-<n>.ts`, errors reported at their source line
// (`src/client.ts:172:51`). An example may use, without importing them, the public names of the
// entry point its source belongs to and of the root entry (the API reference shows it on that
// entry's page), the names its own module exports (an example of an internal helper), and the
// few placeholders of EXAMPLE_PRELUDE (`error`, `body`, `signature`, `req`, `db`, `save`);
// anything else it declares or imports itself. Examples are never run.
//
// Blocks that print are also RUN, and what they print is compared with what they say they print.
// A block prints when its code calls console.log/info/warn/error/debug (also inside a callback)
// or process.stdout/stderr.write. It states its output in comments, either at the end of a line:
//
//     console.log(me.id, client.rateLimit?.remaining); // prints: acc_0001c9b1cc54 599
//
// or as a `// prints:` line followed by one comment line per line of output:
//
//     // prints:
//     // tx_g00000100dd2c 3719.45
//     // …
//
// All the stated text of a block, in order, must match everything the block wrote to stdout and
// stderr, with runs of whitespace (newlines included) read as one space, so util.inspect's line
// wrapping does not matter; `…` (U+2026) matches any text: ids, timestamps, the rest of a long
// listing. A block that prints but states nothing must print nothing when run (a handler that logs
// each delivery, a client whose middleware logs each request). Each block runs in its own Node
// process under tsx (scripts/lib/run-snippet.ts), two or more at a time, against a fresh fake on
// loopback (`startFakeServer({ seed: 1 })`: 250 transactions), with `CREDIT_PLATFORM_API_KEY` and
// `CREDIT_PLATFORM_BASE_URL` naming it, so `new CreditPlatform()` reaches it, and with values for
// the prelude's names and for names blocks only `declare` (RUNTIME_VALUES in run-snippet.ts).
// Blocks that define a webhook endpoint (an Express, Fastify or Hono app, a Next.js `POST`) are
// also run by test/guide/endpoint-blocks.test.ts, which sends each real signed deliveries.
// A block that cannot run here (it needs a Redis server or the real service) opts out with
// `<!-- snippet: no-run (why) -->` before its fence: it is type-checked, not run, and named in
// the summary.
//
//   npx tsx scripts/check-readme-snippets.ts --run-only README.md   # run only, no type-check: quicker
//                                                                   # while writing a `// prints:`
//
// Exit status: 0 when every block type-checks and every block that prints printed what it says,
// 1 otherwise, 2 on a usage or Markdown problem.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { matchesStated, normalise, printsSomething, statedOutput } from './lib/snippet-output.js';
import { EXAMPLE_PRELUDE, examplesUnder, writeExampleModules } from './lib/tsdoc-examples.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// SNIPPETS_DIR (under the repository, so tsx finds its tsconfig.json) lets a test run the
// checker beside a CI run without sharing the generated files.
const outDir = process.env.SNIPPETS_DIR ? resolve(process.env.SNIPPETS_DIR) : join(root, '.tmp', 'snippets');

/** The package's entry points, mapped to their sources so snippets are checked against this tree. */
const ENTRY_POINTS: Record<string, string> = {
  'credit-platform': 'src/index.ts',
  'credit-platform/webhooks': 'src/webhooks/index.ts',
  'credit-platform/testing': 'src/testing/index.ts',
  'credit-platform/testing/msw': 'src/testing/msw.ts',
  'credit-platform/redis': 'src/redis/index.ts',
  'credit-platform/postgres': 'src/postgres/index.ts',
  'credit-platform/money': 'src/money/index.ts',
  'credit-platform/otel': 'src/otel/index.ts',
};

/**
 * Names a snippet may use without declaring them. Keep this list short: each entry is something
 * the surrounding prose has already given the reader.
 */
const PRELUDE = `// Generated by scripts/check-readme-snippets.ts: names README snippets may use undeclared.
/** A configured client, as built in the Quick start. */
declare const client: import('credit-platform').CreditPlatform;
/** A fake service, as created in "Testing without an account". */
declare const fake: import('credit-platform/testing').FakeCreditPlatform;
/** A webhook subscription secret. */
declare const secret: string;
/** An incoming Fetch API request (a webhook delivery, in a route handler). */
declare const request: Request;
`;

/** Folders of src/ whose @example blocks are not checked: none. */
const EXAMPLES_LEFT_OUT: string[] = [];

const CHECKED_LANGUAGES = new Set(['ts', 'typescript', 'js', 'javascript']);
const SKIP_MARKER = /^\s*<!--\s*snippet:\s*skip\b.*-->\s*$/;
const NO_RUN_MARKER = /^\s*<!--\s*snippet:\s*no-run\b.*-->\s*$/;
/** Longest a printing block may run; the fake answers on loopback, so seconds are plenty. */
const RUN_TIMEOUT_MS = 30_000;

interface Snippet {
  /** The Markdown file (or, for an `@example`, the source file), relative to the repository root. */
  source: string;
  /** A block of a Markdown file, or an `@example` of a TSDoc comment in src/ (type-checked only). */
  kind: 'markdown' | 'example';
  /** 1-based line of the opening fence; the snippet's line k is Markdown line fenceLine + k. */
  fenceLine: number;
  /** Spaces removed from the start of each line (the fence's indentation). */
  indent: number;
  language: 'ts' | 'js';
  code: string;
  /** `<!-- snippet: no-run -->`: type-checked only. */
  noRun: boolean;
  /** The generated file, absolute. */
  file: string;
}

class MarkdownError extends Error {}

/** Fenced code blocks of one Markdown file, per CommonMark's fence rules (``` or ~~~, 3+). */
function extract(source: string, text: string): { snippets: Omit<Snippet, 'file'>[]; skipped: number } {
  const lines = text.split(/\r?\n/);
  const snippets: Omit<Snippet, 'file'>[] = [];
  let skipped = 0;
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)(.*)$/.exec(lines[i] as string);
    if (!open) continue;
    const [, indentText = '', fence = '', info = ''] = open;
    if (fence.startsWith('`') && (open[4] ?? '').includes('`')) continue; // inline code, not a fence
    const fenceLine = i + 1;
    const body: string[] = [];
    let closed = false;
    for (i++; i < lines.length; i++) {
      const line = lines[i] as string;
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(line);
      if (close && close[1]?.[0] === fence[0] && (close[1]?.length ?? 0) >= fence.length) {
        closed = true;
        break;
      }
      // Remove up to the fence's indentation, as Markdown does.
      body.push(line.replace(new RegExp(`^ {0,${indentText.length}}`), ''));
    }
    if (!closed) throw new MarkdownError(`${source}:${fenceLine}: code fence ${fence} is never closed`);
    const language = info.toLowerCase().replace(/^\{\.?|\}$/g, '');
    if (!CHECKED_LANGUAGES.has(language)) continue;
    let previous = fenceLine - 2; // 0-based index of the line before the fence
    while (previous >= 0 && (lines[previous] as string).trim() === '') previous--;
    if (previous >= 0 && SKIP_MARKER.test(lines[previous] as string)) {
      skipped++;
      continue;
    }
    snippets.push({
      source,
      kind: 'markdown',
      fenceLine,
      indent: indentText.length,
      language: language.startsWith('t') ? 'ts' : 'js',
      code: body.join('\n'),
      noRun: previous >= 0 && NO_RUN_MARKER.test(lines[previous] as string),
    });
  }
  return { snippets, skipped };
}

/** The file name and text a snippet is checked as; appended lines never shift reported lines. */
function toModule(snippet: Omit<Snippet, 'file'>, index: number): { name: string; text: string } {
  const stem = `${snippet.source
    .replace(/\.(md|ts)$/i, '')
    .replace(/[\\/]/g, '-')
    .replace(/^[.-]+/, '')}-${index}`;
  const parsed = ts.createSourceFile(
    'snippet.ts',
    snippet.code,
    ts.ScriptTarget.Latest,
    true,
    snippet.language === 'ts' ? ts.ScriptKind.TS : ts.ScriptKind.JS,
  );
  const isModule = ts.isExternalModule(parsed);
  if (snippet.language === 'js' && !isModule && /\brequire\s*\(/.test(snippet.code)) {
    return { name: `${stem}.cjs`, text: `${snippet.code}\n` }; // CommonJS: a module of its own already
  }
  const extension = snippet.language === 'ts' ? 'ts' : 'js';
  return { name: `${stem}.${extension}`, text: isModule ? `${snippet.code}\n` : `${snippet.code}\nexport {};\n` };
}

function markdownFiles(args: string[]): string[] {
  if (args.length > 0) {
    for (const arg of args) if (!existsSync(resolve(arg))) throw new MarkdownError(`no such file: ${arg}`);
    return args.map((arg) => relative(root, resolve(arg)));
  }
  if (!existsSync(join(root, 'README.md'))) throw new MarkdownError('README.md not found at the repository root');
  const guides = join(root, 'docs', 'guides');
  const guideFiles = existsSync(guides)
    ? readdirSync(guides)
        .filter((f) => f.endsWith('.md'))
        .sort()
        .map((f) => join('docs', 'guides', f))
    : [];
  return ['README.md', ...guideFiles];
}

function writeProject(snippets: Snippet[]): string {
  writeFileSync(join(outDir, 'prelude.d.ts'), PRELUDE);
  writeFileSync(join(outDir, 'example-prelude.ts'), EXAMPLE_PRELUDE);
  // Makes the .ts and .js snippets ES modules whatever the surrounding package says.
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify({ type: 'module', private: true }, null, 2)}\n`);
  const paths = Object.fromEntries(Object.entries(ENTRY_POINTS).map(([specifier, file]) => [specifier, [join(root, file)]]));
  const tsconfig = {
    compilerOptions: {
      target: 'ES2023',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      types: ['node'],
      typeRoots: [join(root, 'node_modules', '@types')],
      module: 'nodenext',
      moduleResolution: 'nodenext',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      allowJs: true,
      checkJs: true,
      esModuleInterop: true,
      resolveJsonModule: true,
      paths,
    },
    files: ['prelude.d.ts', 'example-prelude.ts', ...snippets.map((s) => basename(s.file))],
  };
  const configPath = join(outDir, 'tsconfig.json');
  writeFileSync(configPath, `${JSON.stringify(tsconfig, null, 2)}\n`);
  return configPath;
}

/** Type-checks every snippet in one program; returns the error messages and the snippets they are in. */
function typecheck(snippets: Snippet[], files: string[]): { messages: string[]; failing: number; configPath: string } {
  const configPath = writeProject(snippets);
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configPath}`);
  // The @example modules get their imports now, from the exports of the program that reads them.
  const examples = snippets.filter((s) => s.kind === 'example');
  const oldProgram =
    examples.length === 0
      ? undefined
      : writeExampleModules(examples, parsed.options, ENTRY_POINTS, root, join(outDir, 'example-prelude.ts'));
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, oldProgram });
  const diagnostics = [...parsed.errors, ...ts.getPreEmitDiagnostics(program)];

  // Each entry point a snippet imports must have been resolved to src/, not to a stale dist/ build.
  for (const [specifier, file] of Object.entries(ENTRY_POINTS)) {
    const imported = snippets.some((s) => s.code.includes(`'${specifier}'`) || s.code.includes(`"${specifier}"`));
    if (imported && !program.getSourceFile(join(root, file)))
      throw new Error(`snippets import ${specifier} but ${file} is not in the program`);
  }

  const byFile = new Map(snippets.map((s) => [s.file, s]));
  const failing = new Set<Snippet>();
  const order = new Map(files.map((f, i) => [f, i]));
  const located: { source: string; line: number; column: number; message: string }[] = [];
  const messages: string[] = [];
  for (const d of diagnostics) {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n    ');
    const code = `TS${d.code}`;
    const category = ts.DiagnosticCategory[d.category].toLowerCase();
    if (!d.file || d.start === undefined) {
      messages.push(`${category} ${code}: ${text}`);
      continue;
    }
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    const snippet = byFile.get(resolve(d.file.fileName));
    if (snippet) {
      failing.add(snippet);
      const [mdLine, mdColumn] = [snippet.fenceLine + line + 1, character + 1 + snippet.indent];
      located.push({
        source: snippet.source,
        line: mdLine,
        column: mdColumn,
        message: `${snippet.source}:${mdLine}:${mdColumn} - ${category} ${code}: ${text}  [${relative(root, snippet.file)}]`,
      });
    } else {
      messages.push(`${relative(root, d.file.fileName)}:${line + 1}:${character + 1} - ${category} ${code}: ${text}`);
    }
  }

  // Errors in the Markdown, in file and line order, then anything else (prelude, src/).
  located.sort((a, b) => (order.get(a.source) ?? 0) - (order.get(b.source) ?? 0) || a.line - b.line || a.column - b.column);
  messages.unshift(...located.map((l) => l.message));
  return { messages, failing: failing.size, configPath };
}

/** Runs one block in its own process (scripts/lib/run-snippet.ts); resolves with what it printed. */
function runOne(snippet: Snippet): Promise<{ output: string; error?: string }> {
  const resultFile = snippet.file.replace(/\.[cm]?[jt]s$/, '.result.json');
  const runner = join(root, 'scripts', 'lib', 'run-snippet.ts');
  const env = { ...process.env };
  for (const name of [
    'CREDIT_PLATFORM_API_KEY',
    'CREDIT_PLATFORM_BASE_URL',
    'CREDIT_PLATFORM_LOG',
    'CREDIT_PLATFORM_WEBHOOK_SECRET',
  ])
    delete env[name];
  return new Promise((resolvePromise) => {
    execFile(
      process.execPath,
      ['--no-warnings', '--import', 'tsx', runner, snippet.file, resultFile],
      { cwd: root, env, timeout: RUN_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        try {
          resolvePromise(JSON.parse(readFileSync(resultFile, 'utf8')) as { output: string; error?: string });
        } catch {
          const why = error?.killed
            ? `did not finish within ${RUN_TIMEOUT_MS / 1000} s`
            : `the runner failed (${error?.message ?? 'no result'})`;
          resolvePromise({ output: `${stdout}${stderr}`, error: why });
        }
      },
    );
  });
}

const excerpt = (text: string) => (text.length > 600 ? `${text.slice(0, 600)} … (${text.length} characters)` : text);

/** Runs every block that prints or states output; returns one message per block that failed. */
async function runPrinting(snippets: Snippet[]): Promise<{ ran: number; notRun: Snippet[]; messages: string[] }> {
  const toRun = snippets.filter(
    (s) => s.kind === 'markdown' && (printsSomething(s.code, s.language) || statedOutput(s.code) !== undefined),
  );
  const notRun = toRun.filter((s) => s.noRun);
  const queue = toRun.filter((s) => !s.noRun);
  const messages = new Map<Snippet, string>();
  const worker = async () => {
    for (let snippet = queue.shift(); snippet; snippet = queue.shift()) {
      const stated = statedOutput(snippet.code) ?? [];
      const { output, error } = await runOne(snippet);
      const at = `${snippet.source}:${snippet.fenceLine + 1}`;
      if (error !== undefined) {
        messages.set(
          snippet,
          `${at} - the block failed when run: ${error}\n    printed before: ${excerpt(normalise(output)) || '(nothing)'}`,
        );
      } else if (!matchesStated(output, stated)) {
        messages.set(
          snippet,
          `${at} - the block prints something else than it says\n    says:    ${excerpt(normalise(stated.join('\n'))) || '(nothing: it states no // prints:)'}\n    printed: ${excerpt(normalise(output)) || '(nothing)'}`,
        );
      }
    }
  };
  const ran = queue.length;
  await Promise.all(Array.from({ length: Math.max(2, Math.min(4, availableParallelism())) }, worker));
  return { ran, notRun, messages: snippets.flatMap((s) => messages.get(s) ?? []) };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const runOnly = args.includes('--run-only');
  let files: string[];
  try {
    const unknown = args.find((a) => a.startsWith('--') && a !== '--run-only');
    if (unknown) throw new MarkdownError(`unknown option ${unknown} (the only option is --run-only)`);
    files = markdownFiles(args.filter((a) => !a.startsWith('--')));
  } catch (error) {
    if (error instanceof MarkdownError) {
      console.error(`FAIL readme-snippets: ${error.message}`);
      return 2;
    }
    throw error;
  }
  for (const [specifier, file] of Object.entries(ENTRY_POINTS)) {
    if (!existsSync(join(root, file))) console.warn(`warning: ${specifier} maps to ${file}, which does not exist`);
  }

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const snippets: Snippet[] = [];
  let skipped = 0;
  for (const source of files) {
    let found: ReturnType<typeof extract>;
    try {
      found = extract(source, readFileSync(join(root, source), 'utf8'));
    } catch (error) {
      if (error instanceof MarkdownError) {
        console.error(`FAIL readme-snippets: ${error.message}`);
        return 2;
      }
      throw error;
    }
    skipped += found.skipped;
    found.snippets.forEach((snippet, i) => {
      const { name, text } = toModule(snippet, i + 1);
      const file = join(outDir, name);
      writeFileSync(file, text);
      snippets.push({ ...snippet, file });
    });
  }
  // The @example blocks of the doc comments in src/: type-checked in the same program, never run
  // (an example shows a call in context; the README's blocks are the ones that run).
  const examples = runOnly || args.some((a) => !a.startsWith('--')) ? [] : examplesUnder(root, 'src', EXAMPLES_LEFT_OUT);
  const numbered = new Map<string, number>();
  for (const example of examples) {
    const index = (numbered.get(example.source) ?? 0) + 1;
    numbered.set(example.source, index);
    const stem = example.source.replace(/\.ts$/, '').replace(/[\\/]/g, '-');
    const file = join(outDir, `${stem}-${index}.${example.language}`);
    writeFileSync(file, 'export {};\n'); // written whole by the type-check, which resolves its imports
    snippets.push({ ...example, kind: 'example', noRun: true, file });
  }
  const label = `${files.join(', ')}${examples.length > 0 ? `, and ${examples.length} @example blocks in src/` : ''}`;
  if (snippets.length === 0) {
    console.log(`PASS readme-snippets (0 checked, ${skipped} skipped) in ${label}: no ts/js code blocks`);
    return 0;
  }

  // The runs are child processes: they start first and go on while this process type-checks.
  const running = runPrinting(snippets);
  const checked = runOnly ? { messages: [], failing: 0, configPath: '' } : typecheck(snippets, [...files, ...numbered.keys()]);
  const run = await running;
  const notRun = run.notRun.length === 0 ? '' : `, not run: ${run.notRun.map((s) => `${s.source}:${s.fenceLine}`).join(' ')}`;
  const counts = `${runOnly ? 'type-check skipped' : `${snippets.length} checked`}, ${skipped} skipped; ${run.ran} run${notRun}`;
  const errors = checked.messages.length + run.messages.length;
  if (errors === 0) {
    console.log(`PASS readme-snippets (${counts}) in ${label}`);
    return 0;
  }
  for (const message of [...checked.messages, ...run.messages]) console.log(message);
  const typeErrors =
    checked.messages.length === 0
      ? []
      : [
          `${checked.messages.length} type error${checked.messages.length === 1 ? '' : 's'} in ${checked.failing} snippet${checked.failing === 1 ? '' : 's'}`,
        ];
  const runErrors =
    run.messages.length === 0
      ? []
      : [`${run.messages.length} snippet${run.messages.length === 1 ? '' : 's'} printed other than stated`];
  console.log(`FAIL readme-snippets (${counts}; ${[...typeErrors, ...runErrors].join(', ')}) in ${label}`);
  if (checked.messages.length > 0) console.log(`  reproduce the type errors: npx tsc -p ${relative(root, checked.configPath)}`);
  if (run.messages.length > 0)
    console.log(
      '  reproduce a run: node_modules/.bin/node --import tsx scripts/lib/run-snippet.ts <.tmp/snippets/file> out.json',
    );
  return 1;
}

process.exitCode = await main();
