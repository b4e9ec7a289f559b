import { describe, expect, it } from 'vitest';
import { redactCredentials } from '../../src/utils/credential-text.js';
import { costRatio } from '../helpers/cost-ratio.js';

// redactCredentials against the spellings error text puts credentials in: each row's secret part
// must be gone, and what names the failure must stay.

const SPELLINGS: readonly [spelling: string, redacted: string][] = [
  ['Authorization: Bearer eyJhbGciOi.J9.sig-_x', 'Authorization: Bearer [REDACTED]'],
  ['authorization=Basic dXNlcjpwYXNz', 'authorization=Basic [REDACTED]'],
  ['Proxy-Authorization: Basic dXNlcjpwYXNz==', 'Proxy-Authorization: Basic [REDACTED]'],
  ['Authorization: sk_live_4eC39HqLyjWDarjtT1zdp7dc then 401', 'Authorization: [REDACTED] then 401'],
  ['{"Authorization":"Bearer tok.en.value"}', '{"Authorization":"Bearer [REDACTED]"}'],
  ['{"headers":{"authorization":"Token abc123"}}', '{"headers":{"authorization":"Token [REDACTED]"}}'],
  ['sent Bearer abc.DEF~123+/= upstream', 'sent Bearer [REDACTED] upstream'],
  ['DB_PASSWORD=hunter2 node app.js', 'DB_PASSWORD=[REDACTED] node app.js'],
  ['PGPASSWORD="two words" psql', 'PGPASSWORD="[REDACTED]" psql'],
  ['GITHUB_TOKEN=ghp_abcdef123456', 'GITHUB_TOKEN=[REDACTED]'],
  ['AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG', 'AWS_SECRET_ACCESS_KEY=[REDACTED]'],
  ['CLIENT_SECRET_VALUE: s3cr3t!', 'CLIENT_SECRET_VALUE: [REDACTED]'],
  ['password=hunter2&user=app', 'password=[REDACTED]&user=app'],
  ['Password=hunter2;Host=db', 'Password=[REDACTED];Host=db'],
  ['Server=db;Uid=app;Pwd=hunter2;', 'Server=db;Uid=app;Pwd=[REDACTED];'],
  ['passwd: hunter2', 'passwd: [REDACTED]'],
  ['GET /cb?code=1&access_token=ya29.a0Af&state=x', 'GET /cb?code=1&access_token=[REDACTED]&state=x'],
  ['refresh_token=1//0gAbC-xyz', 'refresh_token=[REDACTED]'],
  ['client_secret: GOCSPX-abc_123', 'client_secret: [REDACTED]'],
  ["{'client_secret': 'GOCSPX-abc'}", "{'client_secret': '[REDACTED]'}"],
  ['api_key=AIzaSyA-123', 'api_key=[REDACTED]'],
  ['apikey: 0123456789abcdef', 'apikey: [REDACTED]'],
  ['X-Api-Key: key_live_abc', 'X-Api-Key: [REDACTED]'],
  ['x-api-key=key_live_abc', 'x-api-key=[REDACTED]'],
  ['{"password": "p@ss \\"quoted\\" word", "user": "app"}', '{"password": "[REDACTED]", "user": "app"}'],
  ['{"password":"hunter2"}', '{"password":"[REDACTED]"}'],
  ['{\\"password\\":\\"hunter2\\"}', '{\\"password\\":\\"[REDACTED]\\"}'],
  ['{"access_token": "ya29.cut-off', '{"access_token": "[REDACTED]'],
  ['private_key=-----BEGIN', 'private_key=[REDACTED]'],
  ['DB_PWD=hunter2', 'DB_PWD=[REDACTED]'],
  ['access_token: Bearer abc.def', 'access_token: Bearer [REDACTED]'],
  ["{'password': 'it\\'s'}", "{'password': '[REDACTED]'}"],
  ['{"password": "cut at the line\nnext line"', '{"password": "[REDACTED]\nnext line"'],
  ['{"password": "cut at the return\r\nnext line"', '{"password": "[REDACTED]\r\nnext line"'],
  ['postgres://app:p@ss@db.internal:5432/ledger', 'postgres://[REDACTED]@db.internal:5432/ledger'],
  ['postgres://u:p@ss@host/db', 'postgres://[REDACTED]@host/db'],
  ['https://ghp_token123@github.com/org/repo', 'https://[REDACTED]@github.com/org/repo'],
  ['redis://:s3cret@cache:6379 refused', 'redis://[REDACTED]@cache:6379 refused'],
  ['a https://token:abc@host/x b', 'a https://[REDACTED]@host/x b'],
  ['amqp://guest:gu@st@mq/ and mysql://root:r@@t@sql/', 'amqp://[REDACTED]@mq/ and mysql://[REDACTED]@sql/'],
];

const KEPT: readonly string[] = [
  'relation "ledger" does not exist',
  'password authentication failed for user "app"',
  'duplicate key value violates unique constraint "ledger_pkey": Key (event_id)=(evt_1) already exists.',
  'connect ECONNREFUSED 127.0.0.1:5432',
  'https://api.example.com/users/@me?x=1',
  'Authorization header missing',
  'relation "secret_table" does not exist',
  'x://@host/path',
  'DB_PASSWORD=\nnext line',
  '{"password":""}',
  'the Bearer',
];

describe('redactCredentials: the spellings of credentials in error text', () => {
  it.each(SPELLINGS)('%s', (spelling, redacted) => {
    expect(redactCredentials(spelling)).toBe(redacted);
  });

  it.each(KEPT)('keeps %s as it is', (text) => {
    expect(redactCredentials(text)).toBe(text);
  });

  it("removes the caller's own secrets as they are, percent-encoded and JSON-escaped", () => {
    const secret = 'sk live/"x"';
    const text = `a ${secret} b ${encodeURIComponent(secret)} c ${JSON.stringify(secret)} d`;
    expect(redactCredentials(text, [secret])).toBe('a [REDACTED] b [REDACTED] c "[REDACTED]" d');
  });

  it('ignores secrets too short to be real, which would shred ordinary words', () => {
    expect(redactCredentials('the key abc failed', ['abc', ''])).toBe('the key abc failed');
    expect(redactCredentials('the key abcd failed', ['abcd'])).toBe('the key [REDACTED] failed');
  });
});

// Each case times several 8 MB passes: more than the default 5 s on a loaded machine.
// vitest: own process: the time ratios below compare 1 MB and 8 MB texts, whose collections
// another file's heap in the same worker would slow unevenly.
describe('redactCredentials: linear time on hostile input', { timeout: 30_000 }, () => {
  const MB = 1024 * 1024;
  // Fragments that make a backtracking pattern rescan: open quotes, names with no value, URL
  // starts with no host, runs of escapes, `Bearer` with no token.
  const HOSTILE = [
    'password',
    '"password": "\\\\\\',
    'a://b:c@@@',
    'x://',
    'Bearer ',
    'Authorization: ',
    '\\"token\\":\\"',
    'secret=',
    '=:=:',
    'aaaaaaaaaaaaaaaaaaaaaaaa',
    '@@@@',
    "'''",
  ];

  function hostile(size: number, seed: number): string {
    const parts: string[] = [];
    let length = 0;
    let state = seed;
    while (length < size) {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      const part = HOSTILE[state % HOSTILE.length] as string;
      parts.push(part);
      length += part.length;
    }
    return parts.join('').slice(0, size);
  }

  it.each([
    ['mixed fragments', (size: number) => hostile(size, 7)],
    ['one long name', (size: number) => 'a'.repeat(size)],
    ['one unterminated quoted value', (size: number) => `password: "${'\\a'.repeat(size / 2)}`],
    ['one URL authority of @s', (size: number) => `x://${'@'.repeat(size)}`],
    ['URL starts back to back', (size: number) => 'a://'.repeat(size / 4)],
    ['names with no value', (size: number) => 'token '.repeat(size / 6)],
  ])('%s: 8 MB costs about 8 times 1 MB, not 64 times', (_, make) => {
    const small = make(MB);
    const large = make(8 * MB);
    // Linear is 8; quadratic would be 64 (and a quadratic pass over 1 MB would not end in time).
    // The margin absorbs what a loaded machine adds to the larger run (its collections of 8 MB
    // strings, a cache shared with other processes): 8.3 quiet, up to 26.7 beside CI's other checks.
    expect(costRatio((text) => redactCredentials(text, ['some-known-secret']), small, large)).toBeLessThan(32);
  });
});
