// The CSV form of `transactions export` (RFC 4180: comma-separated, CRLF line ends, fields quoted
// when they hold a comma, a quote or a line break, quotes doubled), made inert for spreadsheets:
// the service's free strings (type, status, token, chain, hash) must not become formulas there.

/**
 * The columns, one per field of the SDK's `Transaction` type, in a fixed order so every page and
 * every resumed run of an export writes the same header. Fields a newer service adds are not
 * columns: the export says which were left out (NDJSON keeps every field).
 */
export const TRANSACTION_COLUMNS = ['id', 'type', 'status', 'token', 'chain', 'amount', 'transactionHash', 'createdAt'] as const;

const KNOWN: ReadonlySet<string> = new Set(TRANSACTION_COLUMNS);
const NEEDS_QUOTES = /[",\r\n]/;
// The characters a spreadsheet reads as the start of a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;
// A plain decimal number is data, not a formula, whatever its sign: `-12.50` stays a number.
const PLAIN_DECIMAL = /^[+-]?\d+(?:\.\d+)?$/;

/**
 * One field: empty for a missing value, JSON for a non-string one, quoted when needed. A value
 * that a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return, and is not a plain decimal number such as `-12.50`) gets a leading `'`, which
 * spreadsheets show as text; nothing else is altered.
 */
export function csvField(value: unknown): string {
  if (value === undefined || value === null) return '';
  const raw = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const text = FORMULA_START.test(raw) && !PLAIN_DECIMAL.test(raw) ? `'${raw}` : raw;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header row, CRLF-terminated. */
export function csvHeader(): string {
  return `${TRANSACTION_COLUMNS.join(',')}\r\n`;
}

/** One record's row, CRLF-terminated; names of its fields that are not columns go into `unknown`. */
export function csvRow(record: Record<string, unknown>, unknown: Set<string>): string {
  for (const name of Object.keys(record)) if (!KNOWN.has(name)) unknown.add(name);
  return `${TRANSACTION_COLUMNS.map((column) => csvField(record[column])).join(',')}\r\n`;
}
