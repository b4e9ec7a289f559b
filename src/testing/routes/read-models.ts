import { found, listResponse } from '../pagination.js';
import type { Route, RouteContext } from '../router.js';
import { BodyValidator } from '../validate.js';

/**
 * Yield configuration is the one mutable thing about a position: PUT must carry it,
 * PATCH may. Token and chain are part of the position's identity and stay.
 */
function configureYield(ctx: RouteContext, required: boolean) {
  const position = found(ctx.state.yield.get(ctx.params.id ?? ''), 'Yield position');
  const v = new BodyValidator(ctx.body);
  const autoCompound = v.boolean('autoCompound', required);
  v.done();
  const next = { ...position, ...(autoCompound !== undefined ? { autoCompound } : {}), updatedAt: ctx.store.nowIso() };
  return { status: 200, data: ctx.state.yield.put(next) };
}

/** Transactions, yield positions and scores: mostly read-only views. */
export const readModelRoutes: Route[] = [
  { method: 'GET', path: '/transactions', handler: (ctx) => listResponse(ctx.state.transactions, ctx.query) },
  {
    method: 'GET',
    path: '/transactions/:id',
    handler: (ctx) => ({ status: 200, data: found(ctx.state.transactions.get(ctx.params.id ?? ''), 'Transaction') }),
  },
  { method: 'GET', path: '/yield', handler: (ctx) => listResponse(ctx.state.yield, ctx.query) },
  {
    method: 'GET',
    path: '/yield/:id',
    handler: (ctx) => ({ status: 200, data: found(ctx.state.yield.get(ctx.params.id ?? ''), 'Yield position') }),
  },
  { method: 'PUT', path: '/yield/:id', handler: (ctx) => configureYield(ctx, true) },
  { method: 'PATCH', path: '/yield/:id', handler: (ctx) => configureYield(ctx, false) },
  { method: 'GET', path: '/scores', handler: (ctx) => listResponse(ctx.state.scores, ctx.query) },
  {
    method: 'GET',
    path: '/scores/:id',
    handler: (ctx) => ({ status: 200, data: found(ctx.state.scores.get(ctx.params.id ?? ''), 'Score') }),
  },
];
