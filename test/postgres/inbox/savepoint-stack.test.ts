// The savepoints a handler left open, followed from its statements, and the RELEASE statements
// that close them; anything it cannot follow makes it say so (undefined) rather than guess.
import { describe, expect, it } from 'vitest';
import { SavepointStack } from '../../../src/postgres/inbox/attempt/savepoint-stack.js';

function ran(stack: SavepointStack, ...statements: string[]): SavepointStack {
  for (const sql of statements) stack.sending(sql)?.(true);
  return stack;
}

describe('SavepointStack', () => {
  it('releases nothing when no savepoint is open, and statements that touch none change nothing', () => {
    expect(ran(new SavepointStack(), 'INSERT INTO t VALUES (1)', 'SELECT 1').releases()).toEqual([]);
    expect(ran(new SavepointStack(), 'SAVEPOINT a', 'INSERT INTO t VALUES (1)', 'RELEASE SAVEPOINT a').releases()).toEqual([]);
    expect(ran(new SavepointStack(), 'savepoint a', 'release a;').releases()).toEqual([]);
  });

  it('releases the outermost open savepoint, which closes the later ones', () => {
    expect(ran(new SavepointStack(), 'SAVEPOINT a', 'SAVEPOINT b').releases()).toEqual(['RELEASE SAVEPOINT "a"']);
    // ROLLBACK TO keeps its savepoint open, and closes the later ones.
    expect(ran(new SavepointStack(), 'SAVEPOINT A', 'SAVEPOINT b', 'ROLLBACK TO SAVEPOINT a').releases()).toEqual([
      'RELEASE SAVEPOINT "a"',
    ]);
    expect(ran(new SavepointStack(), 'SAVEPOINT a', 'SAVEPOINT b', 'rollback work to b', 'RELEASE b').releases()).toEqual([
      'RELEASE SAVEPOINT "a"',
    ]);
    expect(ran(new SavepointStack(), ' SAVEPOINT "My ""sp"""').releases()).toEqual(['RELEASE SAVEPOINT "My ""sp"""']);
  });

  it('releases each from the innermost when a name is used twice', () => {
    expect(ran(new SavepointStack(), 'SAVEPOINT a', 'SAVEPOINT b', 'SAVEPOINT a').releases()).toEqual([
      'RELEASE SAVEPOINT "a"',
      'RELEASE SAVEPOINT "b"',
      'RELEASE SAVEPOINT "a"',
    ]);
  });

  it('counts a failed statement as changing nothing', () => {
    const stack = ran(new SavepointStack(), 'SAVEPOINT a');
    stack.sending('RELEASE SAVEPOINT a')?.(false);
    stack.sending('SAVEPOINT b')?.(false);
    expect(stack.releases()).toEqual(['RELEASE SAVEPOINT "a"']);
  });

  it('says it does not know when a statement it cannot follow may touch savepoints, or one has not answered', () => {
    expect(ran(new SavepointStack(), 'SAVEPOINT a; INSERT INTO t VALUES (1)').releases()).toBeUndefined();
    expect(ran(new SavepointStack(), 'RELEASE SAVEPOINT never_opened').releases()).toBeUndefined();
    const stack = new SavepointStack();
    stack.sending(undefined);
    expect(stack.releases()).toBeUndefined();
    const waiting = new SavepointStack();
    const answered = waiting.sending('SAVEPOINT a');
    expect(waiting.releases()).toBeUndefined();
    answered?.(true);
    expect(waiting.releases()).toEqual(['RELEASE SAVEPOINT "a"']);
  });
});
