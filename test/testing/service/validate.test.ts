import { describe, expect, it } from 'vitest';
import { FakeHttpError } from '../../../src/testing/http-envelope.js';
import { createFakeCreditPlatform, createManualClock } from '../../../src/testing/index.js';
import { BodyValidator, fromUnits, toUnits } from '../../../src/testing/service/validate.js';
import { WEBHOOK_EVENT_TYPES } from '../../../src/webhooks/index.js';
import { call } from '../../helpers/fake-call.js';

const setup = () => createFakeCreditPlatform({ clock: createManualClock(), transactions: 0 });
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/** The `[field, code]` pairs of a validator's 422, or `[]` when `done()` passes. */
function problems(run: (v: BodyValidator) => unknown, body: Record<string, unknown>): [string, string][] {
  const v = new BodyValidator(body);
  run(v);
  try {
    v.done();
    return [];
  } catch (error) {
    if (!(error instanceof FakeHttpError)) throw error;
    expect(error.status).toBe(422);
    return error.errors.map((e) => [e.field, e.code]);
  }
}

/** The errors of a deposit whose amount is `amount` (token and chain valid). */
async function depositAmountErrors(amount: unknown) {
  const res = await call(setup(), 'POST', '/deposits', { body: { token: 'USDC', chain: 'Base', amount } });
  return { status: res.status, errors: res.body.errors ?? [] };
}

describe('BodyValidator: a missing field', () => {
  it('is one REQUIRED per required field, whatever the field type, and nothing more', () => {
    const got = problems((v) => {
      v.string('s');
      v.boolean('b');
      v.oneOf('o', ['x', 'y']);
      v.amount('a');
      v.token();
      v.chain();
      v.address('addr');
      v.httpsUrl('u');
      v.eventTypes('e');
      v.permissions('p');
      v.email('m', true);
    }, {});
    expect(got).toEqual([
      ['s', 'REQUIRED'],
      ['b', 'REQUIRED'],
      ['o', 'REQUIRED'],
      ['a', 'REQUIRED'],
      ['token', 'REQUIRED'],
      ['chain', 'REQUIRED'],
      ['addr', 'REQUIRED'],
      ['u', 'REQUIRED'],
      ['e', 'REQUIRED'],
      ['p', 'REQUIRED'],
      ['m', 'REQUIRED'],
    ]);
  });

  it('is no problem at all when the field is optional, and reads as undefined', () => {
    const read: unknown[] = [];
    const got = problems((v) => {
      read.push(
        v.string('s', false),
        v.boolean('b', false),
        v.oneOf('o', ['x'], false),
        v.amount('a', false),
        v.token('token', false),
        v.chain('chain', false),
        v.address('addr', false),
        v.httpsUrl('u', false),
        v.eventTypes('e', false),
        v.permissions('p', false),
        v.email('m', false),
      );
    }, {});
    expect(got).toEqual([]);
    expect(read).toEqual(Array(11).fill(undefined));
  });

  it('has done() pass on a valid body and return the values as read', () => {
    const body = { s: 'x', b: false, o: 'y', a: '1.5', token: 'eth', chain: 'base', addr: ADDRESS, m: 'a@b' };
    const v = new BodyValidator(body);
    const read = [
      v.string('s'),
      v.boolean('b'),
      v.oneOf('o', ['x', 'y']),
      v.amount('a'),
      v.token(),
      v.chain(),
      v.address('addr'),
      v.email('m', true),
    ];
    expect(() => v.done()).not.toThrow();
    expect(read).toEqual(['x', false, 'y', '1.5', 'ETH', 'Base', ADDRESS, 'a@b']);
  });
});

describe('BodyValidator: strings', () => {
  it('refuses a non-string, an empty or blank string, and one over the limit; takes one at the limit', () => {
    for (const bad of [5, true, null, [], {}, '', ' ', '\t\n', 'x'.repeat(201)]) {
      expect(
        problems((v) => v.string('s'), { s: bad }),
        JSON.stringify(bad),
      ).toEqual([['s', 'INVALID_VALUE']]);
    }
    for (const good of ['x', ' x ', 'x'.repeat(200)]) expect(problems((v) => v.string('s'), { s: good })).toEqual([]);
    expect(problems((v) => v.string('s', true, 2), { s: 'abc' })).toEqual([['s', 'INVALID_VALUE']]);
    expect(problems((v) => v.string('s', true, 2), { s: 'ab' })).toEqual([]);
  });

  it('takes only a listed value for oneOf, and only a boolean for boolean', () => {
    for (const bad of ['z', 'X', 1, null, ['x']])
      expect(problems((v) => v.oneOf('o', ['x', 'y']), { o: bad })).toEqual([['o', 'INVALID_VALUE']]);
    for (const bad of ['true', 1, 0, null]) expect(problems((v) => v.boolean('b'), { b: bad })).toEqual([['b', 'INVALID_VALUE']]);
  });

  it('takes an email with one @ and no whitespace, and refuses every other shape', () => {
    for (const good of ['a@b', 'ada.lovelace+x@example.com'])
      expect(problems((v) => v.email('m', true), { m: good })).toEqual([]);
    for (const bad of ['ab', '@b', 'a@', 'a@@b', 'a b@c', 'a@b c', 'x a@b', 'a@b x', ' ', 5]) {
      expect(
        problems((v) => v.email('m', true), { m: bad }),
        JSON.stringify(bad),
      ).toEqual([['m', 'INVALID_VALUE']]);
    }
  });
});

describe('BodyValidator: amounts (decimal strings, never floats)', () => {
  it('takes 1 to 30 whole digits and 1 to 18 decimals', () => {
    for (const good of ['1', '0.5', '100.00', `${'9'.repeat(30)}.${'9'.repeat(18)}`, '01.10']) {
      expect(
        problems((v) => v.amount('a'), { a: good }),
        good,
      ).toEqual([]);
    }
  });

  it('refuses anything else as not a decimal string, the number 10 included', () => {
    for (const bad of [
      10,
      1.5,
      null,
      '',
      '1.',
      '.5',
      '1e3',
      ' 1',
      '1 ',
      'abc5',
      '5abc',
      '1.2.3',
      '+1',
      '0x10',
      '1,5',
      `${'9'.repeat(31)}`,
      `1.${'1'.repeat(19)}`,
    ]) {
      const v = new BodyValidator({ a: bad });
      v.amount('a');
      expect(() => v.done(), JSON.stringify(bad)).toThrow(
        expect.objectContaining({
          errors: [{ field: 'a', code: 'INVALID_AMOUNT', message: 'a must be a decimal string such as "100.00"' }],
        }),
      );
    }
  });

  it('says "greater than 0" for zero and for a well-formed negative amount, and only for those', () => {
    const greater = [{ field: 'a', code: 'INVALID_AMOUNT', message: 'Amount must be greater than 0' }];
    for (const nonPositive of ['0', '0.00', '-5', '-55', '-5.25', `-${'9'.repeat(30)}.${'9'.repeat(18)}`, '-0']) {
      const v = new BodyValidator({ a: nonPositive });
      v.amount('a');
      expect(() => v.done(), nonPositive).toThrow(expect.objectContaining({ errors: greater }));
    }
    for (const malformed of [
      -5,
      ['-5'],
      'x-5',
      '-5abc',
      '-5.',
      '--5',
      '-a',
      '-5.2x',
      `-${'9'.repeat(31)}`,
      `-1.${'1'.repeat(19)}`,
    ]) {
      const v = new BodyValidator({ a: malformed });
      v.amount('a');
      expect(() => v.done(), String(malformed)).toThrow(
        expect.objectContaining({
          errors: [expect.objectContaining({ message: 'a must be a decimal string such as "100.00"' })],
        }),
      );
    }
  });

  it('answers a negative deposit with 422 INVALID_AMOUNT "greater than 0" over HTTP', async () => {
    expect(await depositAmountErrors('-250.00')).toEqual({
      status: 422,
      errors: [{ field: 'amount', code: 'INVALID_AMOUNT', message: 'Amount must be greater than 0' }],
    });
  });
});

describe('BodyValidator: tokens, chains and addresses', () => {
  it('matches tokens and chains case-insensitively and answers in the documented spelling', () => {
    const v = new BodyValidator({ token: 'WSTETH', chain: 'oPtImIsM' });
    expect([v.token(), v.chain()]).toEqual(['wstETH', 'Optimism']);
  });

  it('refuses a token or chain that is not a supported string, without failing on other types', () => {
    for (const bad of [5, null, true, ['ETH'], { t: 'ETH' }, 'ETH ', 'BTC']) {
      expect(
        problems((v) => [v.token(), v.chain()], { token: bad, chain: bad }),
        JSON.stringify(bad),
      ).toEqual([
        ['token', 'INVALID_TOKEN'],
        ['chain', 'INVALID_CHAIN'],
      ]);
    }
  });

  it('takes exactly 0x and 40 hex digits as an address', () => {
    expect(problems((v) => v.address('to'), { to: ADDRESS.toLowerCase() })).toEqual([]);
    for (const bad of [
      `x${ADDRESS}`,
      `${ADDRESS}0`,
      `${ADDRESS} `,
      ADDRESS.slice(0, -1),
      `0X${ADDRESS.slice(2)}`,
      `0x${'g'.repeat(40)}`,
      5,
      [ADDRESS],
    ]) {
      expect(
        problems((v) => v.address('to'), { to: bad }),
        String(bad),
      ).toEqual([['to', 'INVALID_ADDRESS']]);
    }
  });
});

describe('BodyValidator: webhook fields', () => {
  it('takes an absolute https URL of up to 2048 characters and nothing else', () => {
    const at = (length: number) => `https://h.example.test/${'a'.repeat(length - 'https://h.example.test/'.length)}`;
    expect(problems((v) => v.httpsUrl('u'), { u: at(2048) })).toEqual([]);
    for (const bad of [
      at(2049),
      'http://h.example.test/x',
      'h.example.test/x',
      'not a url',
      '',
      5,
      ['https://h.example.test/'],
    ]) {
      expect(
        problems((v) => v.httpsUrl('u'), { u: bad }),
        String(bad).slice(0, 40),
      ).toEqual([['u', 'INVALID_URL']]);
    }
  });

  it('takes known event types, once each, and names every unknown one', () => {
    const v = new BodyValidator({ e: ['deposit.created', 'credit.frozen', 'deposit.created'] });
    expect(v.eventTypes('e')).toEqual(['deposit.created', 'credit.frozen']);
    const bad = new BodyValidator({ e: ['deposit.created', 'nope.event', 7] });
    bad.eventTypes('e');
    expect(() => bad.done()).toThrow(
      expect.objectContaining({
        errors: [{ field: 'e', code: 'INVALID_EVENT_TYPE', message: 'Unknown event types: "nope.event", 7' }],
      }),
    );
    for (const empty of [[], 'deposit.created', {}])
      expect(problems((x) => x.eventTypes('e'), { e: empty })).toEqual([['e', 'INVALID_VALUE']]);
    expect(problems((x) => x.eventTypes('e'), { e: [...WEBHOOK_EVENT_TYPES] })).toEqual([]);
  });

  it('takes a non-empty array of read, write and admin as permissions, once each', () => {
    expect(new BodyValidator({ p: ['read', 'admin', 'read'] }).permissions('p')).toEqual(['read', 'admin']);
    for (const bad of [[], 'read', ['root'], ['read', 'root'], ['read', 1], [1], {}]) {
      expect(
        problems((v) => v.permissions('p'), { p: bad }),
        JSON.stringify(bad),
      ).toEqual([['p', 'INVALID_VALUE']]);
    }
  });
});

describe('toUnits and fromUnits (18-place fixed point)', () => {
  it('round-trips every amount, keeping at least two decimals and no trailing zeros beyond them', () => {
    const cases: [string, string][] = [
      ['0', '0.00'],
      ['1', '1.00'],
      ['1500.5', '1500.50'],
      ['0.105', '0.105'],
      ['1000.05', '1000.05'],
      ['0.000000000000000001', '0.000000000000000001'],
      ['100.100100', '100.1001'],
      [`${'9'.repeat(30)}.${'9'.repeat(18)}`, `${'9'.repeat(30)}.${'9'.repeat(18)}`],
    ];
    for (const [input, shown] of cases) expect(fromUnits(toUnits(input)), input).toBe(shown);
  });

  it('shows a negative balance with one leading minus', () => {
    expect(fromUnits(toUnits('0') - toUnits('1.5'))).toBe('-1.50');
    expect(fromUnits(-toUnits('1000.05'))).toBe('-1000.05');
    expect(fromUnits(-1n)).toBe('-0.000000000000000001');
  });

  it('keeps 18 decimal places and drops any beyond them', () => {
    expect(toUnits('1.000000000000000001')).toBe(10n ** 18n + 1n);
    expect(toUnits('0.0000000000000000019')).toBe(1n);
  });

  it('adds and subtracts exactly where floats would not', () => {
    expect(fromUnits(toUnits('0.1') + toUnits('0.2'))).toBe('0.30');
    expect(fromUnits(toUnits('2500.00') - toUnits('500.25'))).toBe('1999.75');
  });
});
