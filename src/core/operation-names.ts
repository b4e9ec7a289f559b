import type { Operation } from './operation.js';
import { OPERATIONS } from '../operations/index.js';

let names: Map<Operation, string> | undefined;

/** The resource-method name of a declared operation (`'transactions.list'`), for logs and traces. */
export function operationName(op: Operation): string {
  names ??= new Map(Object.entries(OPERATIONS).map(([name, declared]) => [declared as Operation, name]));
  return names.get(op) ?? `${op.method} /${op.path}`;
}
