import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesNeedingIsolation } from '../setup/files-needing-isolation.js';

// vitest.config.ts runs these files each in a process of their own and every other file in a
// shared one; a file that leaks state into the next one must land in the first list.
function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(process.env.TMPDIR ?? '/tmp', 'isolation-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

describe('filesNeedingIsolation', () => {
  it('lists each file that mocks modules, stubs globals or the environment, or holds process-wide state', () => {
    const leaking = {
      'test/a/mock.test.ts': "vi.mock('node:fs');",
      'test/a/do-mock.test.ts': "vi.doMock('x');",
      'test/b/stub-global.test.ts': "vi.stubGlobal('fetch', f);",
      'test/b/stub-env.test.ts': "vi.stubEnv('HOME', '/');",
      'test/c/reset.test.ts': 'vi.resetModules();',
      'test/c/channel.test.ts': "import diagnostics_channel from 'node:diagnostics_channel';",
      'test/c/tracing.test.ts': "const c = tracingChannel('x');",
      'test/d/listener.test.ts': "process.on('exit', f);",
      'test/d/once.test.ts': "process.once('warning', f);",
      'test/d/chdir.test.ts': "process.chdir('/');",
      'test/e/env-set.test.ts': "process.env.CREDIT_PLATFORM_API_KEY = 'k';",
      'test/e/env-index.test.ts': "process.env['X'] = '1';",
      'test/e/env-delete.test.ts': 'delete process.env.X;',
      'test/e/global.test.ts': 'globalThis.fetch = f;',
      'test/f/asked.test.ts': "import { it } from 'vitest';\n// vitest: own process (a time ratio)\n",
    };
    const root = project({
      ...leaking,
      'test/f/plain.test.ts': "expect(process.env.X === 'a').toBe(true); // not vitest: own process",
    });
    expect(filesNeedingIsolation(root)).toEqual(Object.keys(leaking).sort());
  });

  it('leaves out files that only read the environment and globals, and files that are not tests', () => {
    const root = project({
      'test/plain.test.ts': "if (process.env.CI === 'true' || globalThis.fetch == null) {}",
      'test/helpers/mocks.ts': "vi.mock('node:fs');",
    });
    expect(filesNeedingIsolation(root)).toEqual([]);
  });
});
