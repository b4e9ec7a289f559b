import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { expectedPackageFiles, packageFileProblems } from '../../scripts/lib/package-files.js';
import { ENTRIES } from '../../tsup.config.js';

// The one list of files the package ships, used by check:pack and the publish dry run.
let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('expectedPackageFiles', () => {
  it('expects four files per tsup entry, each bin program and its declarations, each module of "imports", the top-level files and the hashed chunks built, nothing else', () => {
    root = mkdtempSync(join(tmpdir(), 'package-files-'));
    mkdirSync(join(root, 'dist'));
    writeFileSync(
      join(root, 'package.json'),
      JSON.stringify({
        bin: { tool: './dist/tool.js' },
        imports: { '#loader': { module: './dist/eager.js', default: './dist/lazy.js' } },
      }),
    );
    for (const file of [
      'chunk-7KQ2XJ4D.js',
      'chunk-27KO633C.cjs',
      'index-BwX687DS.d.cts',
      'io-PYUSTQ34.js',
      'events-E2Uiuh-M.d.ts',
      'fake-credit-platform-C-7fXJx_.d.cts',
      'notes.txt',
      'index.js.map',
    ]) {
      writeFileSync(join(root, 'dist', file), '');
    }
    const expected = expectedPackageFiles(root);
    for (const name of Object.keys(ENTRIES)) {
      expect(expected).toEqual(
        expect.arrayContaining([`dist/${name}.js`, `dist/${name}.cjs`, `dist/${name}.d.ts`, `dist/${name}.d.cts`]),
      );
    }
    expect(expected).toEqual(
      expect.arrayContaining([
        'dist/tool.js',
        'dist/tool.d.ts',
        'dist/eager.js',
        'dist/lazy.js',
        'dist/chunk-7KQ2XJ4D.js',
        'dist/chunk-27KO633C.cjs',
        'dist/index-BwX687DS.d.cts',
        'dist/io-PYUSTQ34.js',
        'dist/events-E2Uiuh-M.d.ts',
        'dist/fake-credit-platform-C-7fXJx_.d.cts',
      ]),
    );
    expect(expected).toEqual(expect.arrayContaining(['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE']));
    expect(expected).not.toContain('dist/notes.txt');
    expect(expected).not.toContain('dist/index.js.map');
    expect(expected).toHaveLength(Object.keys(ENTRIES).length * 4 + 2 + 2 + 4 + 6);
  });

  it('names every file missing and every file too many', () => {
    expect(packageFileProblems(['a', 'c', 'src/x.ts'], ['a', 'b', 'c'])).toEqual([
      'missing from the package: b',
      'not expected in the package: src/x.ts',
    ]);
    expect(packageFileProblems(['a', 'b'], ['a', 'b'])).toEqual([]);
  });
});
