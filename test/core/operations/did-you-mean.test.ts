// Every message that suggests a name ("did you mean ...?"), from every producer: the client's
// options, a call's options, a request's fields, and the command line's options, commands and
// event types. Each suggestion ends in its question mark, followed by nothing, a space, a line
// break or a closing parenthesis: never `?.`, `?;` or `?,`.
import { describe, expect, it } from 'vitest';
import { CreditPlatform, RequestValidationError } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { cli } from '../../helpers/cli-run.js';

const offline = () => new CreditPlatform({ apiKey: 'cpk_test_messages_1', baseUrl: 'http://127.0.0.1:9/api/v1' });

async function message(work: () => unknown): Promise<string[]> {
  const error = await captureError(Promise.resolve().then(work));
  expect(error).toBeInstanceOf(Error);
  const items = error instanceof RequestValidationError ? error.errors.map((e) => e.message) : [];
  return [(error as Error).message, ...items];
}

const SUGGESTION = /did you mean [^?\n]*\?/g;

function checkPunctuation(text: string): string[] {
  const wrong: string[] = [];
  for (const match of text.matchAll(SUGGESTION)) {
    const next = text[(match.index ?? 0) + match[0].length];
    if (next !== undefined && next !== ' ' && next !== '\n' && next !== ')') wrong.push(`${match[0]}${next}`);
  }
  return wrong;
}

describe('"did you mean" messages', () => {
  it('end their question cleanly, from every producer', async () => {
    const texts: string[] = [
      ...(await message(() => new CreditPlatform({ apiKey: 'k', tiemout: 5 } as never))),
      ...(await message(() => offline().withOptions({ maxretries: 1 } as never))),
      ...(await message(() => offline().accounts.me({ tiemout: 5 } as never))),
      ...(await message(() => offline().transactions.list({ limt: 5 } as never))),
      ...(await message(() => offline().transactions.list({ limt: 5, cursr: 'c' } as never))),
      ...(await message(() => offline().deposits.create({ token: 'USDC', chain: 'Base', amout: '1.00' } as never))),
      ...(await message(() => offline().transactions.list({ limit: 5 }, { extrQuery: {} } as never))),
    ];
    for (const argv of [
      ['webhooks', 'send', 'deposit.created', '--secert', 's'],
      ['webhooks', 'sned'],
      ['transaction', 'export'],
      ['webhooks', 'send', 'deposit.creatd', '--to', 'http://localhost:1/x', '--secret', 'whsec_m'],
    ]) {
      texts.push((await cli(argv)).stderr);
    }
    const suggestions = texts.flatMap((t) => [...t.matchAll(SUGGESTION)]);
    expect(suggestions.length).toBeGreaterThanOrEqual(texts.length);
    expect(texts.flatMap(checkPunctuation)).toEqual([]);
    expect(texts.join('\n')).not.toMatch(/\?[.;,]|\.\.(?!\.)/);
  });

  it('the list summary of two suggestions reads as sentences', async () => {
    const [text] = await message(() => offline().transactions.list({ limt: 5, cursr: 'c' } as never));
    expect(text).toBe(
      "GET /transactions was not sent: limt is not a field of this request; did you mean 'limit'? cursr is not a field of this request; did you mean 'cursor'?",
    );
  });
});

describe('a per-call option given as a request field', () => {
  it.each([
    ['timeout', (c: CreditPlatform) => c.transactions.list({ timeout: 5000 } as never), 'transactions.list(params, { timeout })'],
    [
      'signal',
      (c: CreditPlatform) => c.transactions.list({ limit: 5, signal: undefined } as never),
      'transactions.list(params, { signal })',
    ],
    ['prefetch', (c: CreditPlatform) => c.deposits.list({ prefetch: 0 } as never), 'deposits.list(params, { prefetch })'],
    [
      'maxRetries',
      (c: CreditPlatform) => c.deposits.create({ token: 'USDC', chain: 'Base', amount: '1.00', maxRetries: 0 } as never),
      'deposits.create(body, { maxRetries })',
    ],
    [
      'timeout',
      (c: CreditPlatform) => c.credit.update('cl_1', { limit: '20.00', timeout: 5 } as never),
      'credit.update(creditLineId, body, { timeout })',
    ],
  ])('%s points to the options argument, not to extraQuery or extraBody', async (field, call, shown) => {
    const error = await captureError(Promise.resolve().then((): unknown => call(offline())));
    expect(error).toBeInstanceOf(RequestValidationError);
    const item = (error as RequestValidationError).errors[0];
    expect(item).toEqual({
      field,
      code: 'UNKNOWN_FIELD',
      message: `is not a field of this request but an option of the call: pass it in the options argument, ${shown}`,
    });
    expect((error as Error).message).not.toMatch(/extraQuery|extraBody/);
  });
});
