// The size budget: what a user's bundler ships, measured on the built package (dist/) the way
// a user imports it, with esbuild (bundled, minified, tree-shaken) and gzip level 9. Sizes are
// deterministic, so unlike timings they are checked in CI (.ci/checks/size-budget.sh).
//   - `import { CreditPlatform } from 'credit-platform'`, dependencies included: <= 40 KB gzipped
//   - `import { verifyWebhookSignature } from 'credit-platform/webhooks'` alone: < 3.5 KB minified
// They guard against accidents (a dependency pulled in whole, a stray import); they are not targets.
//   - the whole root entry holds nothing of credit-platform/money or credit-platform/otel (src/money,
//     src/otel) and no @opentelemetry package: those entries cost the root nothing
// Prints one PASS/FAIL line per budget and what each bundle is made of; exits 1 on a FAIL.
// Run after `npm run build`: npx tsx bench/size/budget.ts [--json]
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bundle } from '../lib/bundle.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** One budget: an entry as a user writes it, and the limit on its gzipped or minified size. */
interface Budget {
  name: string;
  entry: string;
  limit: number;
  measure: 'gzip' | 'minified';
}

export const BUDGETS: readonly Budget[] = [
  {
    name: 'whole client (import { CreditPlatform } from "credit-platform", dependencies included)',
    entry: "import { CreditPlatform } from 'credit-platform'; console.log(CreditPlatform);",
    limit: 40 * 1024,
    measure: 'gzip',
  },
  {
    name: 'verifyWebhookSignature alone (from "credit-platform/webhooks")',
    entry: "import { verifyWebhookSignature } from 'credit-platform/webhooks'; console.log(verifyWebhookSignature);",
    limit: 3.5 * 1024,
    measure: 'minified',
  },
];

export interface Measured {
  name: string;
  minified: number;
  gzip: number;
  limit: number;
  measure: 'gzip' | 'minified';
  pass: boolean;
  /** Minified bytes per package (or `credit-platform`'s own dist), largest first. */
  parts: [string, number][];
}

function owner(path: string): string {
  const inModules = path.split('node_modules/').at(-1)!;
  if (inModules === path) return path.startsWith('dist/') ? 'credit-platform' : path;
  const [scope, name] = inModules.split('/');
  const pkg = scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  return pkg === 'zod' && inModules.includes('/locales/') ? 'zod (locales)' : pkg;
}

/** Bundles `budget.entry` against the built package (resolved by its own name) and sizes it. */
export async function measure(budget: Budget): Promise<Measured> {
  const { code, bytesByInput } = await bundle(budget.entry, ROOT);
  const gzip = gzipSync(code, { level: 9 }).length;
  const parts = new Map<string, number>();
  for (const [path, bytes] of Object.entries(bytesByInput)) {
    if (path === '<stdin>') continue;
    parts.set(owner(path), (parts.get(owner(path)) ?? 0) + bytes);
  }
  const size = budget.measure === 'gzip' ? gzip : code.byteLength;
  return {
    name: budget.name,
    minified: code.byteLength,
    gzip,
    limit: budget.limit,
    measure: budget.measure,
    pass: budget.measure === 'gzip' ? size <= budget.limit : size < budget.limit,
    parts: [...parts].sort((a, b) => b[1] - a[1]),
  };
}

/** Source folders and packages that belong to other entry points and must not reach the root. */
const NOT_IN_ROOT = [/^src\/money\//, /^src\/otel\//, /@opentelemetry\//];

/**
 * What of {@link NOT_IN_ROOT} the whole root entry (`export *`) pulls in, by folder or package: once
 * from the sources (where `src/money` and `src/otel` are visible; the built chunks hide them) and
 * once from the built package (where a stray import of `@opentelemetry/api` would show), unless
 * `built` is false (no dist/ needed).
 */
export async function strangersInRoot({ built = true } = {}): Promise<string[]> {
  const fromSources = await bundle("export * from './src/index.ts';", ROOT);
  const fromPackage = built ? await bundle("export * from 'credit-platform';", ROOT) : { inputs: [], imports: [] };
  const paths = [...fromSources.inputs, ...fromPackage.inputs, ...fromPackage.imports];
  const found = paths.filter((path) => NOT_IN_ROOT.some((pattern) => pattern.test(path)));
  // One name per folder or package (`src/money`, `@opentelemetry/api`), not every file of it.
  return [...new Set(found.map((path) => (path.startsWith('src/') ? path.split('/').slice(0, 2).join('/') : owner(path))))];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(`${ROOT}/dist/index.js`)) {
    console.log('FAIL size budget: no dist/ (run `npm run build` first)');
    process.exit(1);
  }
  const results = await Promise.all(BUDGETS.map(measure));
  const strangers = await strangersInRoot();
  if (process.argv.includes('--json')) console.log(JSON.stringify({ budgets: results, strangersInRoot: strangers }, null, 2));
  else {
    for (const r of results) {
      const size = r.measure === 'gzip' ? r.gzip : r.minified;
      const rule = r.measure === 'gzip' ? `<= ${kb(r.limit)} gzipped` : `< ${r.limit} bytes minified`;
      console.log(
        `${r.pass ? 'PASS' : 'FAIL'} size: ${r.name}: ${size.toLocaleString('en')} bytes ${r.measure === 'gzip' ? 'gzipped' : 'minified'} (${rule}; ${r.minified.toLocaleString('en')} B minified, ${r.gzip.toLocaleString('en')} B gzip -9)`,
      );
      console.log(`     made of (minified): ${r.parts.map(([pkg, bytes]) => `${pkg} ${kb(bytes)}`).join(', ')}`);
    }
    console.log(
      strangers.length === 0
        ? 'PASS size: the root entry holds nothing of credit-platform/money, credit-platform/otel or @opentelemetry'
        : `FAIL size: the root entry pulls in ${strangers.join(', ')} (they belong to credit-platform/money or credit-platform/otel)`,
    );
  }
  if (results.some((r) => !r.pass) || strangers.length > 0) process.exitCode = 1;
}
