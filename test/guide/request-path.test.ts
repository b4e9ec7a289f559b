// docs/design/request-path.md names, hop by hop, the file and function each step of the two
// headline calls enters. This keeps the page true: every `file:Function` it names must exist.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DOC = 'docs/design/request-path.md';
const STEP = /`(src\/[\w/.-]+\.ts):([\w.#[\]]+)`/g;

function stepsOf(text: string): { file: string; name: string }[] {
  return [...text.matchAll(STEP)].map((match) => ({ file: match[1] as string, name: match[2] as string }));
}

describe(DOC, () => {
  const steps = stepsOf(readFileSync(DOC, 'utf8'));

  it('names steps', () => {
    expect(steps.length).toBeGreaterThanOrEqual(20);
  });

  it.each(steps.map((step) => [`${step.file}:${step.name}`, step] as const))('%s exists', (_, { file, name }) => {
    expect(existsSync(file), `${file} does not exist`).toBe(true);
    const source = readFileSync(file, 'utf8');
    // `Class.method` names a method of that class; `Class[Symbol.x]` a symbol member.
    const [owner, member] = name.split(/\.(?=[\w#]+$)|(?=\[)/) as [string, string | undefined];
    expect(source, `${file} declares no ${owner}`).toMatch(new RegExp(`(class|function|const) ${owner}\\b`));
    if (member !== undefined) {
      const escaped = member.replace(/[[\]]/g, '\\$&');
      expect(source, `${file} has no member ${member}`).toMatch(
        new RegExp(`^\\s+(?:async |protected |override |get |readonly )*${escaped}\\s*[(<=]`, 'm'),
      );
    }
  });
});
