import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../src/index.js';
import { cli } from './helpers/cli-run.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

describe('version', () => {
  it('VERSION (sent in User-Agent) matches package.json', () => {
    expect(VERSION).toBe(pkg.version);
  });

  // package.json is the one source, and it holds a -dev version between releases (RELEASING.md,
  // "Versions"; .ci/checks/version.sh), so what the command prints is honest whenever it is.
  it('credit-platform --version prints package.json version', async () => {
    const result = await cli(['--version']);
    expect(result).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });
});
