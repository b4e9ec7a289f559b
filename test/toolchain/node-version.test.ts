// The suite runs on the Node it is meant to: a silent fall-back to the machine's Node 20 (where
// vitest 5 and msw 3 misbehave, msw without an error) fails here, loudly.
import { describe, expect, it } from 'vitest';

describe('environment', () => {
  it('runs on Node 24, the node@24 devDependency (vitest 5 and msw 3 misbehave on Node 20)', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
    // CI's matrix runs Node 22 on purpose; everywhere else npm scripts must have picked Node 24.
    const expected = Number(process.env.CREDIT_PLATFORM_EXPECT_NODE ?? '24');
    expect(Number(process.versions.node.split('.')[0])).toBe(expected);
  });
});
