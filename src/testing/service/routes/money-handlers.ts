import { httpError } from '../../http-envelope.js';
import { found, listResponse } from '../list-response.js';
import type { Handlers, RouteContext } from '../router.js';
import { recordedTransactionHash } from '../../store/generated-transactions.js';
import type { FakeRecord, TransactionRecord } from '../../types.js';
import { BodyValidator, fromUnits, toUnits } from '../validate.js';

/** Every money movement also shows up in the account's transaction history. */
function recordTransaction(ctx: RouteContext, fields: Omit<TransactionRecord, 'id' | 'createdAt'>): void {
  ctx.state.transactions.insert({ id: ctx.store.ids.next('tx_'), ...fields, createdAt: ctx.store.nowIso() });
}

function nextHash(ctx: RouteContext): string {
  return recordedTransactionHash(ctx.store.seed, ctx.state.no, ctx.state.transactions.size);
}

function withBalances(line: FakeRecord, limit: bigint, used: bigint): FakeRecord {
  return { ...line, limit: fromUnits(limit), used: fromUnits(used), available: fromUnits(limit - used) };
}

/** Deposits, withdrawals, credit lines and payments (conventional routes). */
export const moneyHandlers = {
  'deposits.list': (ctx) => listResponse(ctx.state.deposits, ctx.query),
  'deposits.retrieve': (ctx) => ({
    status: 200,
    data: found(ctx.state.deposits.get(ctx.params.depositId ?? ''), 'Deposit', ctx.params.depositId ?? ''),
  }),
  'deposits.create'(ctx) {
    const v = new BodyValidator(ctx.body);
    const token = v.token() as string;
    const chain = v.chain() as string;
    const amount = v.amount('amount') as string;
    v.done();
    const transactionHash = nextHash(ctx);
    const deposit = ctx.state.deposits.insert({
      id: ctx.store.ids.next('dep_'),
      token,
      chain,
      amount,
      status: 'confirmed',
      transactionHash,
      createdAt: ctx.store.nowIso(),
    });
    recordTransaction(ctx, { type: 'deposit', token, chain, amount, status: 'confirmed', transactionHash });
    ctx.emit('deposit.created', { depositId: deposit.id, token, amount, transactionHash });
    return { status: 201, data: deposit };
  },
  'deposits.withdrawals.list': (ctx) => listResponse(ctx.state.withdrawals, ctx.query),
  'deposits.withdrawals.retrieve': (ctx) => ({
    status: 200,
    data: found(ctx.state.withdrawals.get(ctx.params.withdrawalId ?? ''), 'Withdrawal', ctx.params.withdrawalId ?? ''),
  }),
  'deposits.withdrawals.create'(ctx) {
    const v = new BodyValidator(ctx.body);
    const token = v.token() as string;
    const chain = v.chain() as string;
    const amount = v.amount('amount') as string;
    const toAddress = v.address('toAddress') as string;
    v.done();
    const withdrawal = ctx.state.withdrawals.insert({
      id: ctx.store.ids.next('wd_'),
      token,
      chain,
      amount,
      toAddress,
      status: 'pending',
      createdAt: ctx.store.nowIso(),
    });
    recordTransaction(ctx, { type: 'withdrawal', token, chain, amount, status: 'pending' });
    ctx.emit('deposit.withdrawn', { withdrawalId: withdrawal.id, token, amount, toAddress });
    return { status: 201, data: withdrawal };
  },
  'credit.list': (ctx) => listResponse(ctx.state.credit, ctx.query),
  'credit.retrieve': (ctx) => ({
    status: 200,
    data: found(ctx.state.credit.get(ctx.params.creditLineId ?? ''), 'Credit line', ctx.params.creditLineId ?? ''),
  }),
  'credit.create'(ctx) {
    const v = new BodyValidator(ctx.body);
    const token = v.token() as string;
    const limit = v.amount('limit') as string;
    v.done();
    const now = ctx.store.nowIso();
    const line = withBalances(
      {
        id: ctx.store.ids.next('cl_'),
        token,
        tier: ctx.state.account.creditTier,
        status: 'active',
        healthFactor: '2.00',
        createdAt: now,
        updatedAt: now,
      },
      toUnits(limit),
      0n,
    );
    return { status: 201, data: ctx.state.credit.insert(line) };
  },
  'credit.update'(ctx) {
    const line = found(ctx.state.credit.get(ctx.params.creditLineId ?? ''), 'Credit line', ctx.params.creditLineId ?? '');
    const v = new BodyValidator(ctx.body);
    const limit = v.amount('limit', false);
    const status = v.oneOf('status', ['active', 'frozen', 'closed'] as const, false);
    v.done();
    if (line.status === 'closed') throw httpError(409, 'CREDIT_LINE_CLOSED', 'status', 'Credit line is closed');
    const used = toUnits(String(line.used));
    const newLimit = limit === undefined ? toUnits(String(line.limit)) : toUnits(limit);
    if (newLimit < used) throw httpError(422, 'HEALTH_FACTOR_LOW', 'limit', 'Limit cannot go below the amount in use');
    const next = withBalances({ ...line, ...(status ? { status } : {}), updatedAt: ctx.store.nowIso() }, newLimit, used);
    ctx.state.credit.put(next);
    if (next.limit !== line.limit) {
      ctx.emit('credit.line_updated', { creditLineId: line.id, limit: next.limit, previousLimit: line.limit });
    }
    if (status === 'frozen' && line.status !== 'frozen') ctx.emit('credit.frozen', { creditLineId: line.id });
    return { status: 200, data: next };
  },
  'payments.list': (ctx) => listResponse(ctx.state.payments, ctx.query),
  'payments.retrieve': (ctx) => ({
    status: 200,
    data: found(ctx.state.payments.get(ctx.params.paymentId ?? ''), 'Payment', ctx.params.paymentId ?? ''),
  }),
  'payments.create'(ctx) {
    const v = new BodyValidator(ctx.body);
    const creditLineId = v.string('creditLineId') as string;
    const amount = v.amount('amount') as string;
    const token = v.token() as string;
    v.done();
    const line = ctx.state.credit.get(creditLineId);
    if (!line) throw httpError(422, 'INVALID_CREDIT_LINE', 'creditLineId', 'No such credit line');
    if (line.status !== 'active') throw httpError(422, 'CREDIT_FROZEN', 'creditLineId', `Credit line is ${String(line.status)}`);
    if (line.token !== token) throw httpError(422, 'INVALID_TOKEN', 'token', `This credit line is in ${String(line.token)}`);
    const used = toUnits(String(line.used));
    const paid = toUnits(amount);
    // Overpaying simply clears the balance: the fake keeps no ledger of credits.
    // Stryker disable next-line EqualityOperator: at used === paid both branches give 0
    ctx.state.credit.put(withBalances(line, toUnits(String(line.limit)), used > paid ? used - paid : 0n));
    const payment = ctx.state.payments.insert({
      id: ctx.store.ids.next('pay_'),
      creditLineId,
      amount,
      token,
      status: 'confirmed',
      createdAt: ctx.store.nowIso(),
    });
    recordTransaction(ctx, { type: 'payment', token, chain: 'Ethereum', amount, status: 'confirmed' });
    ctx.emit('payment.received', { paymentId: payment.id, creditLineId, amount, token });
    return { status: 201, data: payment };
  },
} satisfies Partial<Handlers>;
