import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

// What a user reads in the editor: the compiler's messages for the typos of issue 9 and for a
// record used in the wrong place. Each snippet is compiled against src/ with the project's
// strict options, and the test reads the diagnostics.

const dir = join(process.cwd(), '.tmp', 'type-messages');
const snippets = {
  emial: `await client.accounts.update(me.id, { emial: 'new@example.com' });`,
  memo: `await client.deposits.create({ token: 'USDC', chain: 'Base', amount: '1.00', memo: 'hi' });`,
  amout: `const tx = (await client.transactions.list()).items[0]!; tx.amout;`,
  limt: `client.transactions.list({ limt: 10 });`,
  hover: `const tx = (await client.transactions.retrieve('tx_1')); const n: number = tx;`,
  deposit: `const n: number = await client.deposits.retrieve('dep_1');`,
  method: `await client.request('GTE', '/accounts/me');`,
} as const;

const messages = new Map<string, string>();

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  const files = Object.entries(snippets).map(([name, code]) => {
    const file = join(dir, `${name}.ts`);
    writeFileSync(
      file,
      `import type { Account, CreditPlatform } from '../../src/index.js';\ndeclare const client: CreditPlatform;\ndeclare const me: Account;\n${code}\nexport {};\n`,
    );
    return file;
  });
  const config = ts.getParsedCommandLineOfConfigFile(
    join(process.cwd(), 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  const program = ts.createProgram(files, { ...config?.options, noEmit: true });
  for (const file of files) {
    const text = ts
      .getPreEmitDiagnostics(program, program.getSourceFile(file))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
      .join('\n');
    messages.set(file.slice(dir.length + 1, -3), text);
  }
}, 60_000);

describe('compiler messages name the mistake and the type', () => {
  it('a misspelled params field gets the "did you mean" hint and the params type by name', () => {
    expect(messages.get('emial')).toMatch(
      /'emial' does not exist in type 'AccountUpdateParams'\. Did you mean to write 'email'\?/,
    );
  });

  it('an extra body field is an error naming DepositCreateParams', () => {
    expect(messages.get('memo')).toMatch(/'memo' does not exist in type 'DepositCreateParams'/);
  });

  it('reading a misspelled record field is an error naming Transaction', () => {
    expect(messages.get('amout')).toMatch(/Property 'amout' does not exist on type 'Transaction'\. Did you mean 'amount'\?/);
  });

  it('a misspelled list parameter is an error naming ListParams', () => {
    expect(messages.get('limt')).toMatch(/'limt' does not exist in type 'ListParams'\. Did you mean to write 'limit'\?/);
  });

  it('records appear by name, not as a written-out object type', () => {
    expect(messages.get('hover')).toMatch(/Type 'Transaction' is not assignable to type 'number'/);
    expect(messages.get('deposit')).toMatch(/Type 'Deposit' is not assignable to type 'number'/);
  });

  it('client.request takes the HttpMethod union', () => {
    expect(messages.get('method')).toMatch(/'"GTE"' is not assignable to parameter of type 'HttpMethod'/);
  });
});
