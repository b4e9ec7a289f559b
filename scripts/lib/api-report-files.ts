import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The report's file name (without `.api.md`) for a tsup entry: the package's own name for the
 * root entry, the subpath's name for the others (`testing-msw` for `credit-platform/testing/msw`).
 */
export function apiReportName(entry: string): string {
  return entry === 'index' ? 'credit-platform' : entry;
}

/** The newest modification time among the files the declarations are built from. */
export function newestSourceChange(root: string): number {
  const files = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }).map((f) => join(root, 'src', f));
  files.push(join(root, 'package.json'), join(root, 'tsup.config.ts'));
  return Math.max(...files.map((file) => statSync(file).mtimeMs));
}

/**
 * The report without what changes from build to build though the API does not: the locations
 * (`dist/index-BwX687DS.d.ts:441:9 - `) API Extractor puts before the notes it cannot attach to
 * a declaration name chunk files by content hash; and the place of `(string & {})` among the
 * string literals of an open union, which TypeScript prints in the order it happened to create
 * the types (a fresh clone and a working tree disagreed): it always goes last.
 */
export function stableReport(report: string): string {
  return report
    .replace(/^\/\/ dist\/[^\s:]+\.d\.c?ts:\d+:\d+ - /gm, '// ')
    .replace(/\(string & \{\}\)((?: \| "[^"]*")+)/g, (_, literals: string) => `${literals.slice(3)} | (string & {})`);
}
