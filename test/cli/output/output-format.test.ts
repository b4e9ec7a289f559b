import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { csvField, csvHeader, csvRow, TRANSACTION_COLUMNS } from '../../../src/cli/output/csv.js';
import { shellCommand, shellQuote } from '../../../src/cli/output/shell-quote.js';
import { printable, readBodyPrefix } from '../../../src/cli/output/terminal-text.js';

describe('CSV (RFC 4180)', () => {
  it('quotes fields holding a comma, a quote or a line break, doubling quotes, and nothing else', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField('-5.00')).toBe('-5.00');
    expect(csvField(undefined)).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(7)).toBe('7');
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('writes the Transaction fields as columns, CRLF rows, and names the fields it leaves out', () => {
    expect(csvHeader()).toBe('id,type,status,token,chain,amount,transactionHash,createdAt\r\n');
    const unknown = new Set<string>();
    const row = csvRow({ id: 'tx_1', amount: '10.00', token: 'USDC', memo: 'x', fee: '0.1' }, unknown);
    expect(row).toBe('tx_1,,,USDC,,10.00,,\r\n');
    expect(row.split(',')).toHaveLength(TRANSACTION_COLUMNS.length);
    expect([...unknown]).toEqual(['memo', 'fee']);
  });
});

describe('shellQuote', () => {
  it('gives back every argument unchanged when a POSIX shell reads it', () => {
    const args = ['--cursor=abc', "it's", 'a b', '$HOME', '`x`', 'back\\slash', '--out=my file.csv', '*'];
    const result = spawnSync('sh', ['-c', `printf '%s\\0' ${shellCommand(args)}`], { encoding: 'utf8' });
    expect(result.stdout.split('\0').slice(0, -1)).toEqual(args);
    expect(shellQuote('--limit=100')).toBe('--limit=100');
  });
});

describe('text from the network', () => {
  it('shows control characters as escapes, so an endpoint cannot drive the terminal', () => {
    expect(printable('ok\x1b[2Jgone\x07\u009b')).toBe('ok\\u001b[2Jgone\\u0007\\u009b');
    expect(printable('tab\tand\nnewline stay')).toBe('tab\tand\nnewline stay');
  });

  it('reads at most the limit of a body and says it was cut', async () => {
    const big = new Response('x'.repeat(100_000));
    expect(await readBodyPrefix(big, 10)).toEqual({ text: 'x'.repeat(10), truncated: true });
    expect(await readBodyPrefix(new Response('short'), 10)).toEqual({ text: 'short', truncated: false });
    expect(await readBodyPrefix(new Response(null, { status: 204 }), 10)).toEqual({ text: '', truncated: false });
  });
});
