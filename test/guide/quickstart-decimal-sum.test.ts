// examples/quickstart.ts adds amounts with a ten-line BigInt sum, `addDecimals`, so users copy
// an exact method rather than `Number(tx.amount)`. The function is taken from the example's
// source as written and checked here.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const source = readFileSync(new URL('../../examples/quickstart.ts', import.meta.url), 'utf8');
const declaration = /^function addDecimals\([\s\S]*?^}$/m.exec(source)?.[0];
const addDecimals = (() => {
  if (declaration === undefined) throw new Error('examples/quickstart.ts has no function addDecimals');
  const js = ts.transpileModule(`${declaration}\nreturn addDecimals;`, {
    compilerOptions: { target: ts.ScriptTarget.ES2023 },
  }).outputText;
  return new Function(js)() as (a: string, b: string) => string;
})();

describe('addDecimals in examples/quickstart.ts', () => {
  it.each([
    ['0.10', '0.20', '0.30'],
    ['0', '2500.00', '2500.00'],
    ['1.5', '0.25', '1.75'],
    ['99999999999999999.99', '0.01', '100000000000000000.00'],
    ['0.000000000000000001', '1', '1.000000000000000001'],
    ['10', '5', '15'],
    ['-12.50', '2.25', '-10.25'],
    ['-0.50', '0.25', '-0.25'],
  ])('%s + %s = %s', (a, b, sum) => {
    expect(addDecimals(a, b)).toBe(sum);
  });

  it('is exact where floats are not', () => {
    let total = '0';
    for (let i = 0; i < 1_000; i++) total = addDecimals(total, '0.10');
    expect(total).toBe('100.00');
  });
});
