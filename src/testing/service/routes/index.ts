import { OPERATIONS, type OperationName } from '../../../resources/operations.js';
import type { Handlers, Route } from '../router.js';
import { accountHandlers } from './account-handlers.js';
import { moneyHandlers } from './money-handlers.js';
import { readModelHandlers } from './read-model-handlers.js';
import { webhookHandlers } from './webhook-handlers.js';

/**
 * The fake's handler of every operation, by the name `OPERATIONS` gives it. Typed as the full
 * record, so an operation declared without a handler here does not compile.
 */
export const HANDLERS: Handlers = { ...accountHandlers, ...webhookHandlers, ...moneyHandlers, ...readModelHandlers };

/**
 * The fake's routes: method and path from each operation's declaration (the SDK's route table),
 * the behaviour from {@link HANDLERS}. Only the route is shared with the SDK: the fake checks
 * bodies with its own rules, so the client's tests still check two implementations against
 * each other.
 */
export function operationRoutes(): Route[] {
  return (Object.keys(OPERATIONS) as OperationName[]).map((name) => ({
    method: OPERATIONS[name].method,
    path: `/${OPERATIONS[name].path.replace(/\{(\w+)\}/g, ':$1')}`,
    handler: HANDLERS[name],
    operation: name,
  }));
}
