import { found, listResponse } from '../list-response.js';
import type { Handlers, RouteContext } from '../router.js';
import { BodyValidator } from '../validate.js';

/**
 * Yield configuration is the one mutable thing about a position: PUT must carry it,
 * PATCH may. Token and chain are part of the position's identity and stay.
 */
function configureYield(ctx: RouteContext, required: boolean) {
  const position = found(ctx.state.yield.get(ctx.params.positionId ?? ''), 'Yield position', ctx.params.positionId ?? '');
  const v = new BodyValidator(ctx.body);
  const autoCompound = v.boolean('autoCompound', required);
  v.done();
  const next = { ...position, ...(autoCompound !== undefined ? { autoCompound } : {}), updatedAt: ctx.store.nowIso() };
  return { status: 200, data: ctx.state.yield.put(next) };
}

/** Transactions, yield positions and scores: mostly read-only views. */
export const readModelHandlers = {
  'transactions.list': (ctx) => listResponse(ctx.state.transactions, ctx.query),
  'transactions.retrieve': (ctx) => ({
    status: 200,
    data: found(ctx.state.transactions.get(ctx.params.transactionId ?? ''), 'Transaction', ctx.params.transactionId ?? ''),
  }),
  'yield.list': (ctx) => listResponse(ctx.state.yield, ctx.query),
  'yield.retrieve': (ctx) => ({
    status: 200,
    data: found(ctx.state.yield.get(ctx.params.positionId ?? ''), 'Yield position', ctx.params.positionId ?? ''),
  }),
  'yield.replace': (ctx) => configureYield(ctx, true),
  'yield.update': (ctx) => configureYield(ctx, false),
  'scores.list': (ctx) => listResponse(ctx.state.scores, ctx.query),
  'scores.retrieve': (ctx) => ({
    status: 200,
    data: found(ctx.state.scores.get(ctx.params.scoreId ?? ''), 'Score', ctx.params.scoreId ?? ''),
  }),
} satisfies Partial<Handlers>;
