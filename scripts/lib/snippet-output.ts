// What a documentation snippet says it prints, and whether what it printed matches.
// Used by scripts/check-readme-snippets.ts; the convention is described at the top of that file.
import ts from 'typescript';

/** The wildcard of an expected output: any text, possibly none (ids, timestamps, the rest of a list). */
export const WILDCARD = '…';

// `prints:` may follow other words of the comment: `// the newest state; prints: 599`.
const PRINTS = /\/\/(?:.*[\s;,(])?prints:(.*)$/;
const COMMENT_LINE = /^\s*\/\/ ?(.*)$/;

/**
 * The expected output a snippet states, in source order: the text after each `// prints:`, or,
 * for a `// prints:` with nothing after it, the comment lines that follow it (up to the first
 * line that is not a comment). `undefined` when the snippet states none.
 */
export function statedOutput(code: string): string[] | undefined {
  const lines = code.split('\n');
  const expected: string[] = [];
  let stated = false;
  for (let i = 0; i < lines.length; i++) {
    const match = PRINTS.exec(lines[i] as string);
    if (!match) continue;
    stated = true;
    const rest = (match[1] ?? '').trim();
    if (rest !== '') {
      expected.push(rest);
      continue;
    }
    for (let j = i + 1; j < lines.length; j++) {
      const comment = COMMENT_LINE.exec(lines[j] as string);
      if (!comment || PRINTS.test(lines[j] as string)) break;
      expected.push(comment[1] ?? '');
      i = j;
    }
  }
  return stated ? expected : undefined;
}

const CONSOLE_METHODS = new Set(['log', 'info', 'warn', 'error', 'debug', 'dir', 'table', 'trace']);

/** A snippet's syntax tree, parents set (so a walk can ask where an identifier stands). */
export function parseSnippet(code: string, language: 'ts' | 'js'): ts.SourceFile {
  return ts.createSourceFile('s.ts', code, ts.ScriptTarget.Latest, true, language === 'ts' ? ts.ScriptKind.TS : ts.ScriptKind.JS);
}

/** Whether the code calls `console.*` or `process.stdout/stderr.write` anywhere (callbacks included). */
export function printsSomething(code: string, language: 'ts' | 'js'): boolean {
  const file = parseSnippet(code, language);
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const callee = node.expression;
      const target = callee.expression;
      if (ts.isIdentifier(target) && target.text === 'console' && CONSOLE_METHODS.has(callee.name.text)) found = true;
      if (
        callee.name.text === 'write' &&
        ts.isPropertyAccessExpression(target) &&
        ts.isIdentifier(target.expression) &&
        target.expression.text === 'process' &&
        (target.name.text === 'stdout' || target.name.text === 'stderr')
      )
        found = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Runs of whitespace, newlines included, as one space: util.inspect's line wrapping does not matter. */
export function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Whether `actual` (everything the snippet wrote) matches the stated lines, `…` matching any text. */
export function matchesStated(actual: string, expected: string[]): boolean {
  const pattern = normalise(expected.join('\n'))
    .split(WILDCARD)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*?');
  return new RegExp(`^${pattern}$`, 's').test(normalise(actual));
}
