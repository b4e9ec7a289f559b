// The snippet checker runs every README and guide block that prints and compares what it printed
// with its `// prints:` comments (scripts/check-readme-snippets.ts, scripts/lib/snippet-output.ts).
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { matchesStated, printsSomething, statedOutput } from '../../scripts/lib/snippet-output.js';

describe('what a block says it prints', () => {
  it('reads `// prints:` at the end of a line, after other words, and as a block of comment lines', () => {
    const code = [
      'console.log(me.id); // prints: acc_1',
      'console.log(client.rateLimit?.remaining); // the newest state; prints: 599',
      'for (const x of xs) console.log(x);',
      '// prints:',
      '// a',
      '//   b',
      '// …',
      'done();',
      '// not output',
    ].join('\n');
    expect(statedOutput(code)).toEqual(['acc_1', '599', 'a', '  b', '…']);
    expect(statedOutput('console.log(1); // one')).toBeUndefined();
  });

  it('finds printing calls anywhere, callbacks included, and not in comments or strings', () => {
    expect(printsSomething("on: { 'x': async (e) => console.log(e.id) }", 'ts')).toBe(true);
    expect(printsSomething("process.stdout.write('x')", 'js')).toBe(true);
    expect(printsSomething("// console.log(x)\nconst s = 'console.log(y)';", 'ts')).toBe(false);
  });

  it('matches with whitespace runs as one space and … as any text, anchored at both ends', () => {
    const inspected = "[\n  {\n    field: 'amount',\n    code: 'INVALID_AMOUNT'\n  }\n]\n";
    expect(matchesStated(inspected, ["[ { field: 'amount', code: 'INVALID_AMOUNT' } ]"])).toBe(true);
    expect(matchesStated('tx_1\ntx_2\ntx_3\n1\n', ['tx_1', '…', '1'])).toBe(true);
    expect(matchesStated('acc_1 599\n', ['acc_… 599'])).toBe(true);
    expect(matchesStated('acc_1 598\n', ['acc_… 599'])).toBe(false);
    expect(matchesStated('0\nextra\n', ['0'])).toBe(false);
    expect(matchesStated('', [])).toBe(true);
    expect(matchesStated('(a+b)*\n', ['(a+b)*'])).toBe(true);
  });
});

describe('scripts/check-readme-snippets.ts runs the blocks that print', () => {
  const dir = join(process.cwd(), '.tmp', 'snippet-output-test');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails a block that prints other than it says, or prints unannounced, and passes the rest', async () => {
    mkdirSync(dir, { recursive: true });
    const markdown = join(dir, 'doc.md');
    const fence = '```';
    writeFileSync(
      markdown,
      [
        'Stated right: the client reaches a fresh fake.',
        `${fence}ts`,
        'const me = await client.accounts.me();',
        'console.log(me.id, fake.admin.deliveries().length); // prints: acc_… 0',
        fence,
        'Stated wrong.',
        `${fence}ts`,
        'console.log(fake.admin.deliveries().length); // prints: 1',
        fence,
        'Prints, states nothing.',
        `${fence}ts`,
        "console.log('surprise');",
        fence,
        'Throws.',
        `${fence}ts`,
        "await client.deposits.retrieve('dep_nope');",
        "console.log('unreachable'); // prints: unreachable",
        fence,
        '<!-- snippet: no-run (it would print) -->',
        `${fence}ts`,
        "console.log('not run');",
        fence,
        '',
      ].join('\n'),
    );
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/check-readme-snippets.ts', '--run-only', markdown],
        { env: { ...process.env, SNIPPETS_DIR: join(dir, 'out') }, timeout: 120_000 },
        (error, out) => resolve({ code: error ? (error.code as number) : 0, stdout: out }),
      );
    });
    expect(stdout).not.toContain('doc.md:3 ');
    expect(stdout).toContain('doc.md:8 - the block prints something else than it says\n    says:    1\n    printed: 0');
    expect(stdout).toContain(
      'doc.md:12 - the block prints something else than it says\n    says:    (nothing: it states no // prints:)\n    printed: surprise',
    );
    expect(stdout).toContain('doc.md:16 - the block failed when run: NotFoundError: 404 Deposit "dep_nope" does not exist');
    expect(stdout).toMatch(
      /FAIL readme-snippets \(type-check skipped, 0 skipped; 4 run, not run: .*doc\.md:20; 3 snippets printed other than stated\)/,
    );
    expect(code).toBe(1);
  }, 120_000);
});
