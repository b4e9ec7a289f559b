// `npm run demo` ends with one line saying what the `npm warn EBADENGINE` blocks above it mean,
// when npm itself ran on a Node older than the package needs. The function is taken from
// examples/quickstart.ts as written (as quickstart-decimal-sum.test.ts does) and checked here;
// the demo's CI check (.ci/checks/demo.sh) runs the whole example.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const source = readFileSync(new URL('../../examples/quickstart.ts', import.meta.url), 'utf8');
const declaration = /^function engineNote\([\s\S]*?^}$/m.exec(source)?.[0];
const engineNote = (() => {
  if (declaration === undefined) throw new Error('examples/quickstart.ts has no function engineNote');
  const js = ts.transpileModule(`${declaration}\nreturn engineNote;`, {
    compilerOptions: { target: ts.ScriptTarget.ES2023 },
  }).outputText;
  return new Function(js)() as (userAgent: string | undefined, running: string) => string | undefined;
})();

describe('the last line of npm run demo', () => {
  it('explains the EBADENGINE warnings when npm ran on Node 20, and names the Node the demo ran on', () => {
    expect(engineNote('npm/11.19.1 node/v20.20.2 linux x64 workspaces/false', '24.21.0')).toBe(
      'note: the "npm warn EBADENGINE" lines above are harmless: npm itself runs on this machine\'s Node 20, while this demo and every npm script ran on Node 24.21.0 (the node@24 devDependency); a project of yours does the same with `npm i -D node@24`.',
    );
  });

  it('says nothing when npm runs on a Node the packages accept, or when npm did not start it', () => {
    expect(engineNote('npm/11.6.0 node/v24.21.0 linux x64 workspaces/false', '24.21.0')).toBeUndefined();
    expect(engineNote('npm/11.6.0 node/v22.12.0 darwin arm64', '22.12.0')).toBeUndefined();
    expect(engineNote(undefined, '24.21.0')).toBeUndefined();
  });

  it('is printed last, after the demo closed its fake', () => {
    expect(source.trimEnd().endsWith('if (note !== undefined) console.log(note);')).toBe(true);
    expect(source.indexOf('const note = engineNote(')).toBeGreaterThan(source.indexOf('await server?.close();'));
  });
});
