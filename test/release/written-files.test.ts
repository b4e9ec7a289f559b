import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WrittenFiles } from '../../scripts/lib/release/written-files.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'written-files-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const at = (file: string) => join(root, file);
const read = (file: string) => (existsSync(at(file)) ? readFileSync(at(file), 'utf8') : undefined);

describe('WrittenFiles', () => {
  it('puts back what each file held before the first write, removing a file that did not exist', () => {
    writeFileSync(at('a.md'), 'a before\n');
    writeFileSync(at('gone.md'), 'gone before\n');
    const written = new WrittenFiles(root);
    written.write('a.md', 'a first\n');
    written.write('a.md', 'a second\n');
    written.write('new.md', 'new\n');
    written.remove('gone.md');
    expect(written.names).toEqual(['a.md', 'new.md', 'gone.md']);
    expect(written.changedSince()).toEqual([]);
    expect(written.restore()).toEqual({ restored: ['a.md', 'new.md', 'gone.md'], left: [] });
    expect([read('a.md'), read('new.md'), read('gone.md')]).toEqual(['a before\n', undefined, 'gone before\n']);
  });

  it('leaves a file changed since it was written, or deleted, or re-created after its removal', () => {
    for (const file of ['edited.md', 'deleted.md', 'recreated.md']) writeFileSync(at(file), `${file} before\n`);
    const written = new WrittenFiles(root);
    written.write('edited.md', 'release\n');
    written.write('deleted.md', 'release\n');
    written.remove('recreated.md');
    writeFileSync(at('edited.md'), 'developer\n');
    rmSync(at('deleted.md'));
    writeFileSync(at('recreated.md'), 'developer\n');
    expect(written.changedSince()).toEqual(['edited.md', 'deleted.md', 'recreated.md']);
    expect(written.restore()).toEqual({ restored: [], left: ['edited.md', 'deleted.md', 'recreated.md'] });
    expect([read('edited.md'), read('deleted.md'), read('recreated.md')]).toEqual(['developer\n', undefined, 'developer\n']);
  });
});
