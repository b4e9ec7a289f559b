// Which SQL would end, restart or hand off the transaction a handler runs in, or leave a setting
// on its connection that outlives it. One pass over the
// text, linear in its length: string literals, quoted identifiers, dollar quotes and comments are
// skipped, so a keyword inside them never counts, and every statement of a multi-statement string
// (node-postgres sends a string without values as one simple query) is looked at.

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

/** Where the blank (white space and comments, `/* *\/` nested as PostgreSQL nests them) at `i` ends. */
function skipBlank(sql: string, from: number): number {
  let i = from;
  for (;;) {
    const c = sql[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v') {
      i += 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i + 2);
      i = end === -1 ? sql.length : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      let depth = 1;
      i += 2;
      while (i < sql.length && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth += 1;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth -= 1;
          i += 2;
        } else {
          i += 1;
        }
      }
    } else {
      return i;
    }
  }
}

/** Where the quoted text opening at `i` (`'…'` or `"…"`, the quote doubled inside) ends. */
function skipQuoted(sql: string, from: number, quote: string, backslashEscapes: boolean): number {
  let i = from + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (backslashEscapes && c === '\\') {
      i += 2;
    } else if (c === quote) {
      if (sql[i + 1] !== quote) return i + 1;
      i += 2;
    } else {
      i += 1;
    }
  }
  return i;
}

function wordEnd(sql: string, from: number): number {
  let i = from;
  while (i < sql.length && WORD_PART.test(sql[i] as string)) i += 1;
  return i;
}

/** Up to three leading keywords of the statement at `i`, lower-cased. */
function leadingWords(sql: string, from: number): string[] {
  const words: string[] = [];
  let i = from;
  while (words.length < 3) {
    i = skipBlank(sql, i);
    if (!WORD_START.test(sql[i] ?? '')) break;
    const end = wordEnd(sql, i);
    words.push(sql.slice(i, end).toLowerCase());
    i = end;
  }
  return words;
}

/** What `context.db` refuses a statement for, and the command its message names. */
export interface RefusedStatement {
  /** `transaction_control` ends or restarts the transaction; `session_setting` would outlive it. */
  readonly reason: 'transaction_control' | 'session_setting';
  /** The command as the message names it, e.g. `'ROLLBACK'` or `'SET'`. */
  readonly command: string;
}

// `SET LOCAL`, `SET TRANSACTION` and `SET CONSTRAINTS` end with the transaction; any other `SET` is
// the session's, and would outlive the event on a pooled connection.
const TRANSACTION_SCOPED_SET: ReadonlySet<string> = new Set(['local', 'transaction', 'constraints']);

function control(command: string): RefusedStatement {
  return { reason: 'transaction_control', command };
}

function session(command: string): RefusedStatement {
  return { reason: 'session_setting', command };
}

/** The refused command a statement's leading words make, or `undefined`. */
function refusedCommand([first, second, third]: string[]): RefusedStatement | undefined {
  switch (first) {
    case 'begin':
    case 'end':
    case 'abort':
      return control(first.toUpperCase());
    case 'commit':
      return control(second === 'prepared' ? 'COMMIT PREPARED' : 'COMMIT');
    case 'start':
      return second === 'transaction' ? control('START TRANSACTION') : undefined;
    case 'prepare':
      return second === 'transaction' ? control('PREPARE TRANSACTION') : undefined;
    case 'rollback':
      // ROLLBACK [WORK | TRANSACTION] TO [SAVEPOINT] name undoes part of the transaction: allowed.
      if (second === 'to' || ((second === 'work' || second === 'transaction') && third === 'to')) return undefined;
      return control(second === 'prepared' ? 'ROLLBACK PREPARED' : 'ROLLBACK');
    case 'set':
      if (second !== undefined && TRANSACTION_SCOPED_SET.has(second)) return undefined;
      return session(second === 'session' ? 'SET SESSION' : 'SET');
    case 'reset':
      return session('RESET');
    case 'discard':
      return session('DISCARD');
    default:
      return undefined;
  }
}

// The spellings PostgreSQL reads as false, for `set_config`'s third argument written as a literal.
const FALSE_WORDS: ReadonlySet<string> = new Set(['false', 'f', 'off', 'no', 'n', '0']);

/**
 * Whether the `set_config(…)` call whose `(` is at `open` ends with a literal false `is_local` (a
 * session-level setting). A parameter there cannot be read from the text, and passes.
 */
function setsSessionConfig(sql: string, open: number): boolean {
  let depth = 0;
  let lastArgument = -1;
  let i = open;
  while (i < sql.length) {
    const c = sql[i] as string;
    if (c === "'" || c === '"') {
      i = skipQuoted(sql, i, c, false);
      continue;
    }
    if (c === '(') {
      depth += 1;
    } else if (c === ',' && depth === 1) {
      lastArgument = i + 1;
    } else if (c === ')') {
      depth -= 1;
      if (depth === 0) {
        if (lastArgument === -1) return false;
        const argument = sql
          .slice(lastArgument, i)
          .trim()
          .replace(/^'([^']*)'$/, '$1')
          .trim()
          .toLowerCase();
        return FALSE_WORDS.has(argument);
      }
    } else if (c === ';') {
      return false;
    }
    i += 1;
  }
  return false;
}

/**
 * The first statement in `sql` that `context.db` refuses: one that would commit, roll back, begin
 * or prepare a transaction (`COMMIT`, `ROLLBACK`, `END`, `ABORT`, `BEGIN`, `START TRANSACTION`,
 * `PREPARE TRANSACTION`, `COMMIT PREPARED`, `ROLLBACK PREPARED`), or one whose setting would
 * outlive the transaction on the pooled connection (`SET`, `SET SESSION`, `RESET`, `DISCARD`,
 * `set_config` with a literal false `is_local`); `undefined` when there is none. `SAVEPOINT`,
 * `RELEASE SAVEPOINT`, `ROLLBACK TO SAVEPOINT`, `SET LOCAL`, `SET TRANSACTION` and
 * `SET CONSTRAINTS` stay inside the transaction and pass.
 */
export function refusedStatementIn(sql: string): RefusedStatement | undefined {
  let atStatementStart = true;
  // Inside the body of `CREATE FUNCTION … BEGIN ATOMIC … END`, whose statements end with `;` too.
  let inAtomicBody = false;
  let previousWord = '';
  let i = 0;
  while (i < sql.length) {
    i = skipBlank(sql, i);
    if (i >= sql.length) break;
    if (atStatementStart) {
      atStatementStart = false;
      const words = leadingWords(sql, i);
      if (inAtomicBody) {
        if (words[0] === 'end') inAtomicBody = false;
      } else {
        const refused = refusedCommand(words);
        if (refused) return refused;
      }
    }
    const c = sql[i] as string;
    if (c === ';') {
      atStatementStart = true;
      previousWord = '';
      i += 1;
    } else if ((c === 'E' || c === 'e') && sql[i + 1] === "'") {
      i = skipQuoted(sql, i + 1, "'", true);
    } else if (c === "'" || c === '"') {
      i = skipQuoted(sql, i, c, false);
    } else if (c === '$') {
      const tag = DOLLAR_TAG.exec(sql.slice(i, i + 128))?.[0];
      if (tag === undefined) {
        i += 1;
      } else {
        const end = sql.indexOf(tag, i + tag.length);
        i = end === -1 ? sql.length : end + tag.length;
      }
    } else if (WORD_START.test(c)) {
      const end = wordEnd(sql, i);
      const word = sql.slice(i, end).toLowerCase();
      if (previousWord === 'begin' && word === 'atomic') inAtomicBody = true;
      previousWord = word;
      i = end;
      if (word === 'set_config' && !inAtomicBody) {
        const open = skipBlank(sql, i);
        if (sql[open] === '(' && setsSessionConfig(sql, open)) return session('set_config');
      }
    } else {
      previousWord = '';
      i += 1;
    }
  }
  return undefined;
}
