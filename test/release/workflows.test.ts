import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { idTokenGrants, topPermissions, unpinnedActions } from '../../scripts/lib/workflow-rules.js';

// .github/workflows: every action pinned by a full commit SHA, `contents: read` as the default,
// and the OIDC token (`id-token: write`, what npm provenance needs) held by the release's
// publish job alone.

const DIR = join(import.meta.dirname, '../../.github/workflows');
const workflows = readdirSync(DIR)
  .filter((file) => /\.ya?ml$/.test(file))
  .map((file) => ({ file, yaml: readFileSync(join(DIR, file), 'utf8') }));

describe('.github/workflows', () => {
  it('has workflows to check, each using at least one action', () => {
    expect(workflows.map((w) => w.file)).toContain('release.yml');
    for (const { yaml } of workflows) expect(yaml).toMatch(/uses:/);
  });

  it.each(workflows)('$file pins every action by a full commit SHA', ({ yaml }) => {
    expect(unpinnedActions(yaml)).toEqual([]);
  });

  it.each(workflows)('$file defaults to contents: read', ({ yaml }) => {
    expect(topPermissions(yaml)).toEqual(['contents: read']);
  });

  it('grants id-token only to the publish job of release.yml, and that job runs after the tests', () => {
    for (const { file, yaml } of workflows) {
      expect(idTokenGrants(yaml), file).toEqual(file === 'release.yml' ? ['publish'] : []);
    }
    const release = workflows.find((w) => w.file === 'release.yml')?.yaml ?? '';
    const publish = release.slice(release.indexOf('\n  publish:'));
    expect(publish).toMatch(/\n {4}needs: test\n/);
    // The publish job runs nothing of the project: no checkout, no install, no project script.
    expect(publish).not.toMatch(/actions\/checkout|npm (?:ci|install|run|test)|\.ci\/run/);
  });
});

describe('the workflow rules themselves', () => {
  it('flag a tag, a branch, a short SHA and a quoted tag; pass a full SHA with its tag as a comment', () => {
    const yaml = [
      '      - uses: actions/checkout@v4',
      '      - uses: actions/setup-node@main',
      '      - uses: actions/cache@1bd1e32',
      "        uses: 'actions/cache@v4'",
      '      - uses: actions/checkout@11d5960a326750d5838078e36cf38b85af677262 # v4.4.0',
      '      - uses: ./.github/actions/local',
    ].join('\n');
    expect(unpinnedActions(yaml).map((f) => f.line)).toEqual([1, 2, 3, 4]);
  });

  it('find id-token at the top, in any job, in a flow mapping and as write-all', () => {
    const yaml = [
      'permissions:',
      '  contents: read',
      '  id-token: write',
      'jobs:',
      '  test:',
      '    permissions: { contents: read, id-token: write }',
      '  lint:',
      '    permissions: write-all',
      '  publish:',
      '    permissions:',
      '      id-token: write',
      '# a comment may name id-token: write',
    ].join('\n');
    expect(idTokenGrants(yaml)).toEqual(['top', 'test', 'lint', 'publish']);
    expect(topPermissions(yaml)).toEqual(['contents: read', 'id-token: write']);
    expect(topPermissions('permissions: write-all\njobs:\n')).toEqual(['write-all']);
  });
});
