// The store's table name: which names are taken (and quoted exactly as written), which are
// refused before any SQL is built, and what the refusal says.
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/index.js';
import { webhookTable } from '../../src/postgres/store/webhook-table.js';

function refusal(name: unknown): ConfigurationError | undefined {
  try {
    webhookTable(name, 'createPostgresWebhookStore');
  } catch (error) {
    return error as ConfigurationError;
  }
  return undefined;
}

describe('webhookTable', () => {
  it('takes a table, or a schema and a table, of letters, digits and underscores not starting with a digit', () => {
    for (const name of ['a', '_', 'Z9', 'A1_b', 'a'.repeat(51), 's.t', `${'S'.repeat(63)}.t`, `_s1.${'t'.repeat(51)}`]) {
      expect(webhookTable(name, 'fn').name, name).toBe(name);
    }
  });

  it('refuses every other name, and anything that is not a string, naming the option', () => {
    for (const name of [
      '',
      '1a',
      'a-b',
      'a b',
      'a"b',
      'é',
      'a'.repeat(52),
      `${'s'.repeat(64)}.t`,
      '.t',
      's.',
      '1s.t',
      's-x.t',
      'a.b.c',
      'x"; DROP TABLE ledger; --',
      42,
      undefined,
      null,
      ['a'],
    ]) {
      const error = refusal(name);
      expect(error, String(name)).toBeInstanceOf(ConfigurationError);
      expect(error?.option).toBe('table');
      expect(error?.message).toMatch(/^createPostgresWebhookStore: `table` must be a table name/);
    }
  });

  it('quotes the name it refuses, cut to 80 characters, or says the type of what is not a string', () => {
    const long = `${'x'.repeat(79)}-and-more`;
    expect(refusal(long)?.message).toMatch(new RegExp(`; got "${'x'.repeat(79)}-"\\.$`));
    expect(refusal('a b')?.message).toMatch(/; got "a b"\.$/);
    expect(refusal('x"y')?.message).toMatch(/; got "x\\"y"\.$/);
    expect(refusal(42)?.message).toMatch(/; got number\.$/);
    expect(refusal(undefined)?.message).toMatch(/; got undefined\.$/);
  });

  it('quotes every part in every statement, names the index after the table, and keys the lock by the name', () => {
    const table = webhookTable('Billing.Events', 'fn');
    expect(table.create).toEqual([
      'CREATE TABLE IF NOT EXISTS "Billing"."Events" (event_id text PRIMARY KEY, received_at timestamptz NOT NULL DEFAULT now())',
      'CREATE INDEX IF NOT EXISTS "Events_received_at" ON "Billing"."Events" (received_at)',
    ]);
    expect(table.lockKey).toBe('credit-platform:Billing.Events');
    for (const statement of [table.insert, table.insertThenRestore, table.remove, table.purge]) {
      expect(statement).toContain('"Billing"."Events"');
      expect(statement.replaceAll('"Billing"."Events"', '')).not.toMatch(/Billing|Events/);
    }
    expect(webhookTable('events', 'fn').insert).toBe(
      'INSERT INTO "events" (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING',
    );
  });

  it('sets the lock wait as a parameter, and takes the table’s lock in a statement of its own', () => {
    const table = webhookTable('Billing.Events', 'fn');
    expect(table.setLockWait).toMatch(/set_config\('lock_timeout', \$1, true\)/);
    expect(table.lockForInsert).toBe('LOCK TABLE "Billing"."Events" IN ROW EXCLUSIVE MODE');
  });
});
