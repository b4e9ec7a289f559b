// Which statements `context.db` refuses as transaction control, and which it lets through.
import { describe, expect, it } from 'vitest';
import { transactionControlIn } from '../../src/postgres/transaction-statements.js';

describe('transactionControlIn', () => {
  it('names each statement that would end, restart or prepare the transaction, in any case and after comments', () => {
    const cases: [string, string][] = [
      ['COMMIT', 'COMMIT'],
      ['commit work', 'COMMIT'],
      ['  \n\tCoMmIt;', 'COMMIT'],
      ['END', 'END'],
      ['end transaction', 'END'],
      ['ABORT', 'ABORT'],
      ['ROLLBACK', 'ROLLBACK'],
      ['rollback and chain', 'ROLLBACK'],
      ['COMMIT AND CHAIN', 'COMMIT'],
      ['ROLLBACK WORK', 'ROLLBACK'],
      ["COMMIT PREPARED 'x'", 'COMMIT PREPARED'],
      ["ROLLBACK PREPARED 'x'", 'ROLLBACK PREPARED'],
      ["PREPARE TRANSACTION 'x'", 'PREPARE TRANSACTION'],
      ['BEGIN', 'BEGIN'],
      ['begin isolation level serializable', 'BEGIN'],
      ['START TRANSACTION', 'START TRANSACTION'],
      ['-- settle it\nCOMMIT', 'COMMIT'],
      ['/* a /* nested */ comment */ ROLLBACK', 'ROLLBACK'],
      ['/**/commit', 'COMMIT'],
      ['SELECT 1; COMMIT', 'COMMIT'],
      ["INSERT INTO t VALUES ('a;b'); ROLLBACK; SELECT 2", 'ROLLBACK'],
      ['SELECT $$;$$ ; end', 'END'],
      ['SELECT $1;COMMIT', 'COMMIT'],
      [';;COMMIT', 'COMMIT'],
    ];
    for (const [sql, command] of cases) expect(transactionControlIn(sql), sql).toBe(command);
  });

  it('lets savepoints, ordinary statements and keywords inside literals, identifiers and comments through', () => {
    for (const sql of [
      'SAVEPOINT s1',
      'RELEASE SAVEPOINT s1',
      'release s1',
      'ROLLBACK TO SAVEPOINT s1',
      'rollback to s1',
      'ROLLBACK WORK TO SAVEPOINT s1',
      'rollback transaction to s1',
      "INSERT INTO ledger (note) VALUES ('; COMMIT')",
      "INSERT INTO ledger (note) VALUES (E'it\\'s; COMMIT')",
      "INSERT INTO ledger (note) VALUES ('it''s; COMMIT')",
      'SELECT "a;commit" FROM t',
      'SELECT $tag$ ; COMMIT $tag$',
      'DO $$ BEGIN PERFORM 1; END $$',
      'SELECT 1 -- ; COMMIT',
      'SELECT 1 /* ; COMMIT */',
      'SELECT committed, ending FROM t',
      'PREPARE fetch_it AS SELECT 1',
      'START_TIME',
      'CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; SELECT 2; END',
      '',
      '   ',
      "SELECT 'unterminated",
    ]) {
      expect(transactionControlIn(sql), sql).toBeUndefined();
    }
  });

  it('still sees a statement after a BEGIN ATOMIC body ends', () => {
    expect(transactionControlIn('CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; END; COMMIT')).toBe(
      'COMMIT',
    );
  });

  it('reads a long text in linear time', () => {
    const sql = `SELECT ${"'x' || ".repeat(200_000)}'y'; /* ${'*'.repeat(500_000)} */ COMMIT`;
    const started = performance.now();
    expect(transactionControlIn(sql)).toBe('COMMIT');
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
