// The statements a worker runs for every event go to PostgreSQL as named prepared statements:
// node-postgres prepares each once per connection, and PostgreSQL then binds and runs it without
// parsing and planning it again (a third of the cost of a short statement). The name is derived
// from the text, so two texts never share one (node-postgres refuses a name reused for another).
import { createHash } from 'node:crypto';

/** @internal A statement sent by name: prepared on a connection the first time it runs there. */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/** @internal `text` as a prepared statement, named for its digest. */
export function prepared(text: string): PreparedStatement {
  return { name: `credit-platform:${createHash('sha256').update(text).digest('hex').slice(0, 40)}`, text };
}
