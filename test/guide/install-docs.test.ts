// The install instructions work as written: the tarball the README names is the one `npm pack`
// writes for this version, and the Node version files the installing guide points nvm and fnm at
// agree with the Node the npm scripts run on. (CI installs that tarball as a user would: scripts/consumers.sh,
// install-node24, which also fails on any EBADENGINE warning.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  name: string;
  version: string;
  engines: { node: string };
  devEngines: { runtime: { name: string; version: string; onFail: string } };
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } }>;
};
const readme = read('README.md');
const installing = read('docs/guides/installation.md');

describe('README: install before and after publication', () => {
  it('names the tarball npm pack writes, and the registry install', () => {
    const tarball = `${pkg.name}-${pkg.version}.tgz`;
    expect(readme).toContain('npm ci && npm run build && npm pack');
    expect(readme).toContain(`npm install ../credit-platform/${tarball}`);
    // Every tarball name the README and the installing guide give is this version's.
    expect(new Set([...(readme + installing).matchAll(/credit-platform-\d+\.\d+\.\d+[\w.-]*\.tgz/g)].map((m) => m[0]))).toEqual(
      new Set([tarball]),
    );
    expect(readme).toContain('npm install credit-platform\n');
  });

  it('points nvm and fnm at the Node major the npm scripts run on', () => {
    const major = /\d+/.exec(pkg.devDependencies.node ?? '')?.[0];
    expect(major).toBeDefined();
    expect(read('.nvmrc').trim()).toBe(major);
    expect(read('.node-version').trim()).toBe(major);
    expect(installing).toContain('`nvm use` (reads `.nvmrc`) or `fnm use` (`.node-version`)');
  });
});

describe('the installing guide: the EBADENGINE note', () => {
  it("shows a dependency's block as npm prints it, none for the repository itself, and no count of lines that drifts", () => {
    const ky = lock.packages['node_modules/ky'];
    expect(installing).toContain(
      `npm warn EBADENGINE   package: 'ky@${ky?.version}',\nnpm warn EBADENGINE   required: { node: '${ky?.engines?.node}' },`,
    );
    // npm skips the root's engines check when it has devEngines: development runs on the node
    // devDependency, while `engines` keeps telling the package's users what they need.
    expect(pkg.devEngines.runtime).toMatchObject({ name: 'node', onFail: 'warn' });
    expect(pkg.engines.node).toBe('>=22.12');
    expect(installing).not.toContain(`package: '${pkg.name}@`);
    for (const text of [readme, installing])
      expect(text).not.toMatch(/\b(about|some|nearly|over) \d+ (lines of )?`?npm warn EBADENGINE/);
  });
});
