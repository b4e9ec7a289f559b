// The savepoints an inbox handler left open in its transaction, followed from its own statements, so the
// inbox can release them before it writes the done mark. A write inside a savepoint belongs to a
// subtransaction: to a row the event's transaction locked FOR UPDATE, it gives the old row version
// a MultiXact, which index scans never mark dead, and every later claim walks every such row
// since the last vacuum. Only plain one-statement `SAVEPOINT`, `RELEASE` and `ROLLBACK TO` are
// followed; any other statement that may touch savepoints makes the stack unknown, and nothing is
// released (a slower table, never a failed event).

// One savepoint statement, alone in its text: the command, then the name, unquoted or quoted.
const SAVEPOINT_STATEMENT =
  /^\s*(savepoint|release(?:\s+savepoint)?|rollback(?:\s+(?:work|transaction))?\s+to(?:\s+savepoint)?)\s+("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)\s*;?\s*$/i;
// Words of a statement that may open, release or roll back to a savepoint without being one of the above.
const MAY_TOUCH_SAVEPOINTS = /\b(savepoint|release|rollback)\b/i;

/** The name as PostgreSQL reads it: a quoted name as written, an unquoted one folded to lower case. */
function nameOf(written: string): string {
  return written.startsWith('"') ? written.slice(1, -1).replaceAll('""', '"') : written.toLowerCase();
}

/** @internal The open savepoints of one transaction, as far as its statements tell. */
export class SavepointStack {
  private names: string[] | undefined = [];
  private inFlight = 0;

  /**
   * Called before `sql` is sent: returns the function to call once PostgreSQL ran it, or
   * `undefined` when the statement leaves the savepoints as they are.
   */
  sending(sql: string | undefined): ((succeeded: boolean) => void) | undefined {
    if (sql === undefined) {
      this.names = undefined;
      return undefined;
    }
    const match = SAVEPOINT_STATEMENT.exec(sql);
    if (match === null) {
      if (MAY_TOUCH_SAVEPOINTS.test(sql)) this.names = undefined;
      return undefined;
    }
    const command = (match[1] as string).toLowerCase();
    const name = nameOf(match[2] as string);
    this.inFlight += 1;
    return (succeeded) => {
      this.inFlight -= 1;
      // A statement that failed changed no savepoint.
      if (!succeeded || this.names === undefined) return;
      if (command === 'savepoint') {
        this.names.push(name);
        return;
      }
      const at = this.names.lastIndexOf(name);
      if (at < 0) this.names = undefined;
      else this.names.length = command.startsWith('release') ? at : at + 1;
    };
  }

  /**
   * The `RELEASE SAVEPOINT` statements that close every savepoint still open, in order; `[]` when
   * none is; `undefined` when the stack is unknown or a savepoint statement has not answered yet.
   */
  releases(): string[] | undefined {
    const names = this.names;
    if (names === undefined || this.inFlight > 0) return undefined;
    const quoted = (name: string) => `RELEASE SAVEPOINT "${name.replaceAll('"', '""')}"`;
    const [outermost] = names;
    if (outermost === undefined) return [];
    // RELEASE closes the latest savepoint of that name and every later one: the outermost closes
    // them all unless its name was used again, then each goes from the innermost.
    if (names.lastIndexOf(outermost) === 0) return [quoted(outermost)];
    return names.toReversed().map(quoted);
  }
}
