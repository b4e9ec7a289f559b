import { describe, expect, it } from 'vitest';
import { compareSemver, isSemver } from '../../scripts/lib/release/semver.js';

describe('semver', () => {
  it('accepts x.y.z with optional pre-release and build, and nothing else', () => {
    for (const good of ['0.3.0', '1.0.0', '10.20.30', '1.0.0-rc.1', '1.0.0-alpha', '1.0.0+build.5'])
      expect(isSemver(good)).toBe(true);
    for (const bad of ['v0.3.0', '0.3', '0.3.0.1', '01.0.0', '1.0.0-', 'latest', '', ' 0.3.0']) expect(isSemver(bad)).toBe(false);
  });

  it('orders by precedence: numbers numerically, a pre-release before its release', () => {
    const sorted = ['1.0.0', '0.10.0', '0.9.9', '1.0.0-rc.2', '1.0.0-rc.10', '1.0.0-alpha', '0.3.0'].sort(compareSemver);
    expect(sorted).toEqual(['0.3.0', '0.9.9', '0.10.0', '1.0.0-alpha', '1.0.0-rc.2', '1.0.0-rc.10', '1.0.0']);
    expect(compareSemver('0.3.0', '0.3.0')).toBe(0);
  });
});
