import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src/index.js';

describe('environment', () => {
  it('runs on Node 24, the node@24 devDependency (vitest 5 and msw 3 misbehave on Node 20)', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
    // CI's matrix runs Node 22 on purpose; everywhere else npm scripts must have picked Node 24.
    const expected = Number(process.env.CREDIT_PLATFORM_EXPECT_NODE ?? '24');
    expect(Number(process.versions.node.split('.')[0])).toBe(expected);
  });

  it('VERSION (sent in User-Agent) matches package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });
});
