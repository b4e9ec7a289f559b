// A table name from the options, checked as an SQL identifier and quoted: the only text of a
// user's that the store and the inbox splice into their statements.
import { ConfigurationError } from '../errors/index.js';

const SCHEMA_PART = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** @internal A checked table name. */
export interface TableName {
  /** As given, for messages. */
  readonly name: string;
  /** The table part, unquoted, for index names. */
  readonly table: string;
  /** `"schema"."table"` or `"table"`: taken exactly as written (case included), never as SQL. */
  readonly quoted: string;
}

/**
 * @internal Checks `name` (`table` or `schema.table`: letters, digits, `_`, not starting with a
 * digit). PostgreSQL keeps 63 bytes of a name, so the table part may be 63 less `suffix` long
 * characters, `suffix` being the longest index name suffix (`indexes` names them for the message).
 */
export function checkTableName(name: unknown, fn: string, suffix: number, indexes: string): TableName {
  const text = typeof name === 'string' ? name : '';
  const parts = text.split('.');
  const table = parts.at(-1) ?? '';
  const max = 63 - suffix;
  const schemaFits = parts.length === 1 || (parts.length === 2 && SCHEMA_PART.test(parts[0] ?? ''));
  if (!schemaFits || !new RegExp(`^[A-Za-z_][A-Za-z0-9_]{0,${max - 1}}$`).test(table)) {
    throw new ConfigurationError(
      'table',
      `${fn}: \`table\` must be a table name, optionally with its schema (\`table\` or \`schema.table\`), made of ` +
        `letters, digits and underscores, not starting with a digit, the table part at most ${max} characters ` +
        `(${indexes}); got ${typeof name === 'string' ? JSON.stringify(name.slice(0, 80)) : typeof name}.`,
    );
  }
  return { name: text, table, quoted: parts.map((part) => `"${part}"`).join('.') };
}
