// Which statements `context.db` refuses as transaction control, and which it lets through.
import { describe, expect, it } from 'vitest';
import { refusedStatementIn } from '../../src/postgres/transaction-statements.js';
import { costRatio } from '../helpers/cost-ratio.js';

describe('refusedStatementIn', () => {
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
    for (const [sql, command] of cases) expect(refusedStatementIn(sql), sql).toEqual({ reason: 'transaction_control', command });
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
      expect(refusedStatementIn(sql), sql).toBeUndefined();
    }
  });

  it('names each statement whose setting would outlive the transaction on the pooled connection', () => {
    const cases: [string, string][] = [
      ['SET search_path TO tenant_b, public', 'SET'],
      ['set search_path = tenant_b', 'SET'],
      ['SET SESSION search_path TO tenant_b', 'SET SESSION'],
      ['SET SESSION AUTHORIZATION other', 'SET SESSION'],
      ['SET ROLE other', 'SET'],
      ['SET TIME ZONE UTC', 'SET'],
      ['RESET search_path', 'RESET'],
      ['reset all', 'RESET'],
      ['DISCARD ALL', 'DISCARD'],
      ['SELECT 1; SET statement_timeout = 0', 'SET'],
      ["SELECT set_config('search_path', 'tenant_b', false)", 'set_config'],
      ["SELECT set_config('search_path', 'tenant_b', 'off')", 'set_config'],
      ["select SET_CONFIG ( 'a.b', concat('x', 'y'),  FALSE )", 'set_config'],
    ];
    for (const [sql, command] of cases) expect(refusedStatementIn(sql), sql).toEqual({ reason: 'session_setting', command });
  });

  it('lets settings that end with the transaction through', () => {
    for (const sql of [
      'SET LOCAL search_path TO tenant_b',
      'set local statement_timeout = 1000',
      'SET TRANSACTION ISOLATION LEVEL SERIALIZABLE',
      'SET CONSTRAINTS ALL DEFERRED',
      "SELECT set_config('search_path', 'tenant_b', true)",
      "SELECT set_config('search_path', $1, $2)",
      "SELECT set_config('a.b', 'false', true)",
      'SELECT set_config(',
      "SELECT current_setting('search_path')",
      'UPDATE t SET a = 1',
      'SELECT reset_at FROM t',
    ]) {
      expect(refusedStatementIn(sql), sql).toBeUndefined();
    }
  });

  it('still sees a statement after a BEGIN ATOMIC body ends', () => {
    expect(refusedStatementIn('CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; END; COMMIT')).toEqual({
      reason: 'transaction_control',
      command: 'COMMIT',
    });
  });

  it('reads a long text in linear time: 8 times the text costs about 8 times as much, not 64', () => {
    const sql = (n: number) => `SELECT ${"'x' || ".repeat(n)}'y'; /* ${'*'.repeat(n * 2)} */ COMMIT`;
    const small = sql(4_000);
    const large = sql(32_000);
    expect(refusedStatementIn(large)?.command).toBe('COMMIT');
    // Linear is 8, quadratic 64; the margin is for a loaded machine, as in credential-text's test.
    expect(costRatio(refusedStatementIn, small, large)).toBeLessThan(32);
  });
});
