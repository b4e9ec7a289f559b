/**
 * One problem with one field, in the service's error-item shape (spec 2.7); production
 * responses may add a machine-readable `code` such as `INVALID_AMOUNT`. Codes are open strings.
 *
 * @example
 * ```ts
 * import type { ErrorItem } from 'credit-platform';
 * const item: ErrorItem = { field: 'amount', code: 'INVALID_AMOUNT', message: 'Amount must be greater than 0' };
 * ```
 */
export interface ErrorItem {
  /** The offending field, e.g. `amount`; `''` when the service named none. */
  field: string;
  /** What is wrong with it, readable by a person. */
  message: string;
  /** A machine-readable code such as `INVALID_AMOUNT`, when there is one. */
  code?: string;
}

/** Keeps the well-formed items of an untrusted `errors` array and drops the rest. */
export function readErrorItems(value: unknown): ErrorItem[] {
  if (!Array.isArray(value)) return [];
  const items: ErrorItem[] = [];
  for (const entry of value) {
    if (entry === null || typeof entry !== 'object') continue;
    const { field, message, code } = entry as Record<string, unknown>;
    if (typeof message !== 'string') continue;
    const item: ErrorItem = { field: typeof field === 'string' ? field : '', message };
    if (typeof code === 'string') item.code = code;
    items.push(item);
  }
  return items;
}
