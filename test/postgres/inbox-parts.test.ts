// The inbox's pure parts: its table name as SQL, the failure text it keeps, its retry delays.
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/index.js';
import { errorText } from '../../src/postgres/inbox/error-text.js';
import { checkInboxTable, inboxTable } from '../../src/postgres/inbox/table/inbox-table.js';
import { defaultRetryDelayMs, retryDelaySeconds } from '../../src/postgres/inbox/options.js';
import { createPostgresWebhookInbox } from '../../src/postgres/index.js';

describe('inboxTable', () => {
  it.each(['x"; DROP TABLE ledger; --', 'a.b.c', '1abc', '', 'a'.repeat(56), 'sch ema.t'])(
    'refuses %j as a table name',
    (name) => {
      expect(() => checkInboxTable(name, 'createPostgresWebhookInbox')).toThrow(ConfigurationError);
    },
  );

  it('names the table with its schema in every statement, quoted, and splices nothing else', () => {
    const qualified = '"Billing ""x"""."Inbox_1"';
    const table = inboxTable(checkInboxTable('Inbox_1', 'f'), 'Billing "x"');
    const { worker } = table;
    for (const statement of [
      table.insert,
      table.stats,
      table.page,
      table.replayOne,
      table.replayDead,
      table.purge,
      ...table.create,
      ...table.upgrade,
      worker.claim.text,
      worker.claimInOrder.text,
      worker.markDoneClaimNext.text,
      worker.giveBack,
      worker.markDone.text,
      worker.markFailed,
      worker.unkeyed,
      worker.setKeys,
    ]) {
      expect(statement).toContain(qualified);
      // No mention of the table without its schema.
      expect(statement.replaceAll(qualified, '')).not.toMatch(/Inbox_1(?!_(due|unkeyed|order|listing)")/);
    }
    expect(table.create.join(';')).toContain('"Inbox_1_due"');
    expect(checkInboxTable('a'.repeat(55), 'f').name).toBe('a'.repeat(55));
  });
});

describe('errorText', () => {
  it('keeps the class and message, never URL credentials or secret settings, NUL or other control characters', () => {
    const error = new TypeError(
      'connect postgres://app:s3cret@db:5432/x failed; password=s3cret token: "abc def"\u0000\u001b[31m',
    );
    expect(errorText(error)).toBe(
      'TypeError: connect postgres://[REDACTED]@db:5432/x failed; password=[REDACTED] token: "[REDACTED]"  [31m',
    );
  });

  it('is at most 500 characters, whole code points, from at most 4 000 read', () => {
    expect(errorText(new Error('é'.repeat(10_000)))).toHaveLength(500);
    expect(Array.from(errorText(new Error('😀'.repeat(600))))).toHaveLength(500);
    expect(errorText('a string')).toBe('a string');
    expect(errorText(42)).toBe('a thrown number (not an Error)');
    expect(errorText(null)).toBe('a thrown null (not an Error)');
  });

  it('stays linear on a hostile message', () => {
    const started = performance.now();
    errorText(new Error('a://'.repeat(1_000_000)));
    errorText(new Error('password='.repeat(1_000_000)));
    // Quadratic work on these 4 and 9 million characters would take hours; linear takes well under 2 s loaded.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('retry delays', () => {
  it('default: 10 s doubled per attempt, capped at 1 h', () => {
    expect([1, 2, 3, 8, 9, 30].map(defaultRetryDelayMs)).toEqual([10_000, 20_000, 40_000, 1_280_000, 2_560_000, 3_600_000]);
  });

  it('a delay function that throws or answers NaN, a negative number or Infinity falls back to the default', () => {
    for (const broken of [
      () => Number.NaN,
      () => -1,
      () => Number.POSITIVE_INFINITY,
      () => {
        throw new Error('x');
      },
    ]) {
      expect(retryDelaySeconds(broken, 2)).toBe(20);
    }
    expect(retryDelaySeconds(() => 1_500, 2)).toBe(1.5);
  });
});

describe('createPostgresWebhookInbox options', () => {
  const pool = { connect: () => undefined, query: () => undefined, on: () => undefined, listenerCount: () => 1 } as never;
  it.each([
    [{ maxAttempts: 0 }, 'maxAttempts'],
    [{ maxAttempts: 1.5 }, 'maxAttempts'],
    [{ retentionMs: -1 }, 'retentionMs'],
    [{ retryDelayMs: 5 }, 'retryDelayMs'],
    [{ table: 'a b' }, 'table'],
  ])('refuses %j', (options, option) => {
    expect(() => createPostgresWebhookInbox(pool, options as never)).toThrow(expect.objectContaining({ option }));
  });

  it.each([0, 1.5, -1, 2 ** 31, Number.POSITIVE_INFINITY])('inbox.work refuses timeoutMs %s, naming the range', (timeoutMs) => {
    expect(() => createPostgresWebhookInbox(pool).work({ on: {}, timeoutMs })).toThrow(
      new ConfigurationError(
        'timeoutMs',
        `inbox.work: \`timeoutMs\` must be an integer from 1 to 2147483647 of milliseconds; got ${String(timeoutMs)}.`,
      ),
    );
  });

  it('refuses what is not a pool, and reports its defaults', () => {
    expect(() => createPostgresWebhookInbox({} as never)).toThrow(/node-postgres Pool/);
    expect(createPostgresWebhookInbox(pool)).toMatchObject({
      table: 'credit_platform_webhook_inbox',
      maxAttempts: 8,
      retentionMs: 259_500_000,
    });
  });
});
