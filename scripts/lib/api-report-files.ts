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
