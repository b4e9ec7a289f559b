// api/exports.md (scripts/lib/export-list.ts): `npm run check:exports` fails with a diff when the
// file differs from what the sources give; `npm run exports:update` rewrites it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENTRIES } from '../tsup.config.js';
import { entryPoints, exportList } from './lib/export-list.js';

const ROOT = join(import.meta.dirname, '..');
const FILE = join(ROOT, 'api', 'exports.md');
const made = exportList(ROOT, entryPoints(ROOT, ENTRIES));

if (process.argv.includes('--update')) {
  writeFileSync(FILE, made);
  console.log('api/exports.md written');
} else if (existsSync(FILE) && readFileSync(FILE, 'utf8') === made) {
  console.log('PASS exports: api/exports.md lists what the entry points export');
} else {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const fresh = join(ROOT, '.tmp', 'exports.md');
  writeFileSync(fresh, made);
  spawnSync('git', ['--no-pager', 'diff', '--no-index', '--', FILE, fresh], { stdio: 'inherit' });
  console.log('FAIL exports: api/exports.md is not what the sources give; run npm run exports:update and commit it');
  process.exit(1);
}
