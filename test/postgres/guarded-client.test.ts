// The guarded view of a transaction's connection, on a real PostgreSQL: what it refuses leaves
// the transaction untouched and unsent; what it lets through runs in the transaction.
import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { guardTransactionClient } from '../../src/postgres/guarded-client.js';
import { TransactionClientError } from '../../src/postgres/index.js';
import { captureError } from '../helpers/capture.js';
import { usePostgresServer } from '../helpers/use-postgres.js';

const pg = usePostgresServer();

async function inTransaction(): Promise<{ client: PoolClient; sent: string[] }> {
  const client = await pg.pool().connect();
  const sent: string[] = [];
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // Records what reaches the connection, so a refusal is shown to send nothing.
  (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
    sent.push(typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: unknown }).text));
    return query(...args);
  };
  await client.query('CREATE TABLE t (n int)');
  await client.query('BEGIN');
  sent.length = 0;
  return { client, sent };
}

async function transactionId(client: PoolClient): Promise<string> {
  return ((await client.query('SELECT txid_current()::text AS x')).rows[0] as { x: string }).x;
}

describe('guardTransactionClient', () => {
  it('refuses COMMIT, ROLLBACK and their kin (strings and { text } configs) with a typed error, sending nothing', async () => {
    const { client, sent } = await inTransaction();
    const { db } = guardTransactionClient(client);
    const xid = await transactionId(client);
    await db.query('INSERT INTO t VALUES (1)');
    for (const statement of [
      'COMMIT',
      ' /* done */ commit',
      'END',
      'ABORT',
      'ROLLBACK',
      'ROLLBACK AND CHAIN',
      'BEGIN',
      'START TRANSACTION',
      "PREPARE TRANSACTION 'p'",
      "COMMIT PREPARED 'p'",
      'SELECT 1; COMMIT',
    ]) {
      for (const call of [() => db.query(statement), () => db.query({ text: statement }), () => db.query(statement, [])]) {
        const error = await captureError(call());
        expect(error, statement).toBeInstanceOf(TransactionClientError);
        expect((error as TransactionClientError).reason).toBe('transaction_control');
        expect((error as Error).message).toMatch(
          /^credit-platform: context\.db refused [A-Z ]+: the transaction is credit-platform's/,
        );
        expect((error as Error).message).toMatch(/SAVEPOINT.*ROLLBACK TO SAVEPOINT.*ON CONFLICT DO NOTHING/);
      }
    }
    expect(sent).toEqual(['SELECT txid_current()::text AS x', 'INSERT INTO t VALUES (1)']);
    // Still the same open transaction, with the write in it.
    expect(await transactionId(client)).toBe(xid);
    expect((await client.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 1 }]);
    await client.query('ROLLBACK');
    client.release();
  });

  it('passes a refusal to the callback of a callback-style query', async () => {
    const { client } = await inTransaction();
    const { db } = guardTransactionClient(client);
    const error = await new Promise<Error>((resolve) => {
      void db.query('COMMIT', (e: Error) => resolve(e));
    });
    expect(error).toBeInstanceOf(TransactionClientError);
    await client.query('ROLLBACK');
    client.release();
  });

  it('runs a callback-style query in the transaction and calls its callback with the result', async () => {
    const { client, sent } = await inTransaction();
    const { db } = guardTransactionClient(client);
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      void db.query('INSERT INTO t VALUES (7) RETURNING n', (error: Error | null, result: { rows: unknown[] }) =>
        error ? reject(error) : resolve(result.rows),
      );
    });
    expect(rows).toEqual([{ n: 7 }]);
    expect(sent).toEqual(['INSERT INTO t VALUES (7) RETURNING n']);
    await client.query('ROLLBACK');
    client.release();
  });

  it('runs savepoints: ROLLBACK TO SAVEPOINT undoes a failed statement and the transaction goes on', async () => {
    const { client } = await inTransaction();
    await client.query('ROLLBACK');
    await client.query('CREATE TABLE u (id text PRIMARY KEY)');
    await client.query('BEGIN');
    const { db } = guardTransactionClient(client);
    await db.query('INSERT INTO u VALUES ($1)', ['a']);
    await db.query('SAVEPOINT s');
    const duplicate = await captureError(db.query('INSERT INTO u VALUES ($1)', ['a']));
    expect((duplicate as { code?: string }).code).toBe('23505');
    await db.query('ROLLBACK TO SAVEPOINT s');
    await db.query('RELEASE SAVEPOINT s');
    await db.query('INSERT INTO u VALUES ($1)', ['b']);
    await client.query('COMMIT');
    expect(await pg.query('SELECT id FROM u ORDER BY id')).toEqual([{ id: 'a' }, { id: 'b' }]);
    client.release();
  });

  it('remembers the first query PostgreSQL failed, even one the caller caught, and rejects the caller the same', async () => {
    const { client } = await inTransaction();
    const guarded = guardTransactionClient(client);
    await guarded.db.query('SELECT 1');
    expect(guarded.firstFailure()).toBeUndefined();
    const first = await captureError(guarded.db.query('SELECT * FROM missing_table'));
    expect((first as { code?: string }).code).toBe('42P01');
    await guarded.db.query('SELECT 1').catch(() => undefined); // 25P02: the transaction is aborted
    expect(guarded.firstFailure()?.error).toBe(first);
    await client.query('ROLLBACK');
    client.release();
  });

  it('refuses release(), before and after settling', async () => {
    const { client } = await inTransaction();
    const guarded = guardTransactionClient(client);
    const before = await captureError(() => guarded.db.release());
    expect(before).toBeInstanceOf(TransactionClientError);
    expect((before as TransactionClientError).reason).toBe('release');
    expect((before as Error).message).toMatch(/refused release\(\).*Do not release it yourself/);
    guarded.settle();
    expect(((await captureError(() => guarded.db.release())) as TransactionClientError).reason).toBe('settled');
    // The connection itself is still checked out and in its transaction.
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await client.query('ROLLBACK');
    client.release();
  });

  it('refuses every use after settle(): queries reject, other methods throw, and nothing is sent', async () => {
    const { client, sent } = await inTransaction();
    const guarded = guardTransactionClient(client);
    const { db } = guarded;
    const query = db.query as (text: string) => Promise<unknown>;
    expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    guarded.settle();
    for (const call of [
      () => db.query('SELECT 1'),
      () => query.call(db, 'INSERT INTO t VALUES (2)'),
      () => db.query({ text: 'SELECT 1' }),
    ]) {
      const error = await captureError(call());
      expect(error).toBeInstanceOf(TransactionClientError);
      expect((error as TransactionClientError).reason).toBe('settled');
      expect((error as Error).message).toMatch(/refused a query after the handler settled/);
    }
    const onError = await captureError(() => {
      db.on('error', () => undefined);
    });
    expect((onError as TransactionClientError).reason).toBe('settled');
    expect(sent).toEqual(['SELECT 1 AS one']);
    await client.query('ROLLBACK');
    client.release();
  });

  it('keeps the connection’s other methods and fields working on the connection, while the handler runs', async () => {
    const { client } = await inTransaction();
    const { db } = guardTransactionClient(client);
    const fields = (c: object) => (c as { processID: unknown }).processID;
    expect(fields(db)).toBe(fields(client));
    expect(fields(db)).toEqual(expect.any(Number));
    expect(db.on).toBe(db.on);
    const listener = () => undefined;
    db.on('notice', listener);
    expect(client.listeners('notice')).toContain(listener);
    db.removeListener('notice', listener);
    expect(client.listeners('notice')).not.toContain(listener);
    expect(
      await captureError(() => {
        (db as unknown as { query: unknown }).query = () => undefined;
      }),
    ).toBeInstanceOf(TypeError);
    await client.query('ROLLBACK');
    client.release();
  });
});
