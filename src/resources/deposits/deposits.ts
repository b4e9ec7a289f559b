import * as z from 'zod/mini';
import type { APIPromise } from '../../core/operations/api-promise.js';
import { defineOperation } from '../../core/operations/operation.js';
import type { OperationRunner } from '../../core/operations/operation-runner.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import { APIResource } from '../resource.js';
import { requestBody, type RequestParams } from '../shared/bodies.js';
import { movementShape, type RecordOf, recordSchema } from '../shared/fields.js';
import { type ListParams, listQuery } from '../shared/pagination.js';
import { addressRule, amountRule, chainRule, idRule, tokenRule } from '../shared/primitives.js';

// Deposits and withdrawals are the same on-chain movement in two directions: one shape, and a
// withdrawal adds its destination.
/**
 * A deposit record. The spec shows no record fields (only the `deposit.created` event's); all
 * but `id` are optional.
 *
 * @example
 * ```ts
 * const deposit: Deposit = await client.deposits.retrieve('dep_123');
 * console.log(deposit.amount, deposit.token, deposit.transactionHash);
 * ```
 */
export interface Deposit extends RecordOf<typeof movementShape> {}
const depositSchema = recordSchema<Deposit>(movementShape);

const withdrawalShape = {
  ...movementShape,
  /** The destination address. */
  toAddress: z.optional(z.string()),
};
/**
 * A withdrawal record. The spec shows no fields; all but `id` are optional.
 *
 * @example
 * ```ts
 * const w: Withdrawal = await client.deposits.withdrawals.retrieve('wd_123');
 * if (w.status === 'confirmed') console.log('sent to', w.toAddress);
 * ```
 */
export interface Withdrawal extends RecordOf<typeof withdrawalShape> {}
const withdrawalSchema = recordSchema<Withdrawal>(withdrawalShape);

// Required fields: token and amount are the spec's own deposit fields (2.5, deposit.created), and
// the public facts list the chains deposits arrive on; a withdrawal's destination is the address
// the public facts' INVALID_ADDRESS code is about.
/** The body of `POST /deposits`. */
const createDepositBody = requestBody({
  /** The token to deposit, e.g. `"USDC"`. */
  token: tokenRule,
  /** The chain the funds come from, e.g. `"Base"`. */
  chain: chainRule,
  /** A positive decimal string such as `"250.00"`. */
  amount: amountRule,
});
/**
 * The body of {@link Deposits.create}: token, chain and a positive decimal-string amount.
 *
 * @example
 * ```ts
 * const params: DepositCreateParams = { token: 'USDC', chain: 'Base', amount: '2500.00' };
 * ```
 */
export interface DepositCreateParams extends z.input<typeof createDepositBody>, RequestParams {}

/** The body of `POST /deposits/withdrawals`. */
const createWithdrawalBody = requestBody({
  /** The token to withdraw. */
  token: tokenRule,
  /** The chain to send the funds on. */
  chain: chainRule,
  /** A positive decimal string such as `"100.00"`. */
  amount: amountRule,
  /** The destination: `0x` and 40 hex digits. */
  toAddress: addressRule,
});
/**
 * The body of {@link Withdrawals.create}: token, chain, amount and the destination address.
 *
 * @example
 * ```ts
 * const toAddress = '0x52908400098527886E0F7030069857D2E4169EE7';
 * const params: WithdrawalCreateParams = { token: 'ETH', chain: 'Ethereum', amount: '0.5', toAddress };
 * ```
 */
export interface WithdrawalCreateParams extends z.input<typeof createWithdrawalBody>, RequestParams {}

// All conventional: the spec gives only the base path /deposits ("deposit and withdrawal
// operations"). Withdrawals live under it as /deposits/withdrawals (docs/design/operations.md).

/** The operations of `client.deposits` and `client.deposits.withdrawals`, keyed by resource method. */
const depositOperations = {
  /** `GET /deposits`. Conventional. */
  'deposits.list': defineOperation({
    method: 'GET',
    path: 'deposits',
    documented: false,
    query: listQuery,
    response: depositSchema,
    list: { resourceKey: 'deposits' },
  }),
  /** `GET /deposits/{depositId}`. Conventional. */
  'deposits.retrieve': defineOperation({
    method: 'GET',
    path: 'deposits/{depositId}',
    documented: false,
    pathParams: z.object({ depositId: idRule }),
    response: depositSchema,
  }),
  /** `POST /deposits`. Conventional. */
  'deposits.create': defineOperation({
    method: 'POST',
    path: 'deposits',
    documented: false,
    body: createDepositBody,
    response: depositSchema,
    successStatus: 201,
  }),
  /** `GET /deposits/withdrawals`. Conventional. */
  'deposits.withdrawals.list': defineOperation({
    method: 'GET',
    path: 'deposits/withdrawals',
    documented: false,
    query: listQuery,
    response: withdrawalSchema,
    list: { resourceKey: 'withdrawals' },
  }),
  /** `GET /deposits/withdrawals/{withdrawalId}`. Conventional. */
  'deposits.withdrawals.retrieve': defineOperation({
    method: 'GET',
    path: 'deposits/withdrawals/{withdrawalId}',
    documented: false,
    pathParams: z.object({ withdrawalId: idRule }),
    response: withdrawalSchema,
  }),
  /** `POST /deposits/withdrawals`. Conventional. */
  'deposits.withdrawals.create': defineOperation({
    method: 'POST',
    path: 'deposits/withdrawals',
    documented: false,
    body: createWithdrawalBody,
    response: withdrawalSchema,
    successStatus: 201,
  }),
} as const;
// The default export, for OPERATIONS (../operations.ts): a named one would be a public name
// through index.ts's `export type *`.
export default depositOperations;

/**
 * Withdrawals: `client.deposits.withdrawals`, under `/deposits/withdrawals`. Every operation is
 * **conventional**.
 *
 * @example
 * ```ts
 * for await (const w of client.deposits.withdrawals.list()) console.log(w.id, w.status);
 * ```
 */
export class Withdrawals extends APIResource {
  /**
   * The account's withdrawals. **Conventional**: `GET /deposits/withdrawals`, cursor-paginated.
   *
   * @example
   * ```ts
   * const pending = (await client.deposits.withdrawals.list().toArray({ max: 200 })).filter((w) => w.status === 'pending');
   * ```
   */
  list(params: ListParams = {}, options?: ListRequestOptions): PagePromise<Withdrawal> {
    return this.runner.list(depositOperations['deposits.withdrawals.list'], { query: params }, options);
  }

  /**
   * One withdrawal. **Conventional**: `GET /deposits/withdrawals/{withdrawalId}`.
   *
   * @example
   * ```ts
   * const w = await client.deposits.withdrawals.retrieve('wd_123');
   * ```
   */
  retrieve(withdrawalId: string, options?: RequestOptions): APIPromise<Withdrawal> {
    return this.runner.call(depositOperations['deposits.withdrawals.retrieve'], { path: { withdrawalId } }, options);
  }

  /**
   * Requests a withdrawal. **Conventional**: `POST /deposits/withdrawals`. `toAddress` must be
   * `0x` and 40 hex digits (item code `INVALID_ADDRESS`); the checksum is the service's to check.
   *
   * @example
   * ```ts
   * const w = await client.deposits.withdrawals.create({
   *   token: 'USDC', chain: 'Base', amount: '100.00', toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
   * });
   * ```
   */
  create(params: WithdrawalCreateParams, options?: RequestOptions): APIPromise<Withdrawal> {
    return this.runner.call(depositOperations['deposits.withdrawals.create'], { body: params }, options);
  }
}

/**
 * Deposits and withdrawals (`/deposits`). Every operation here is **conventional**: the spec
 * gives only the base path. Deposits are not deleted or edited; they are on-chain facts.
 *
 * @example
 * ```ts
 * const deposit = await client.deposits.create({ token: 'USDC', chain: 'Base', amount: '2500.00' });
 * const toAddress = '0x52908400098527886E0F7030069857D2E4169EE7';
 * await client.deposits.withdrawals.create({ token: 'USDC', chain: 'Base', amount: '100.00', toAddress });
 * ```
 */
export class Deposits extends APIResource {
  /** Withdrawals, under `/deposits/withdrawals`. */
  readonly withdrawals: Withdrawals;

  /** @internal Resources are created by {@link CreditPlatform}. */
  constructor(runner: OperationRunner) {
    super(runner);
    this.withdrawals = new Withdrawals(runner);
  }

  /**
   * The account's deposits. **Conventional**: `GET /deposits`, cursor-paginated.
   *
   * @example
   * ```ts
   * const recent = await client.deposits.list({ limit: 10 });
   * console.log(recent.items.map((d) => d.amount));
   * ```
   */
  list(params: ListParams = {}, options?: ListRequestOptions): PagePromise<Deposit> {
    return this.runner.list(depositOperations['deposits.list'], { query: params }, options);
  }

  /**
   * One deposit. **Conventional**: `GET /deposits/{depositId}`.
   *
   * @example
   * ```ts
   * const deposit = await client.deposits.retrieve('dep_123');
   * ```
   */
  retrieve(depositId: string, options?: RequestOptions): APIPromise<Deposit> {
    return this.runner.call(depositOperations['deposits.retrieve'], { path: { depositId } }, options);
  }

  /**
   * Records a deposit. **Conventional**: `POST /deposits`. `amount` is a decimal string such as
   * `"2500.00"`; a number, `"0"` or `"1e3"` is a `RequestValidationError` and nothing is sent.
   *
   * @example
   * ```ts
   * const deposit = await client.deposits.create({ token: 'USDC', chain: 'Base', amount: '2500.00' });
   * ```
   */
  create(params: DepositCreateParams, options?: RequestOptions): APIPromise<Deposit> {
    return this.runner.call(depositOperations['deposits.create'], { body: params }, options);
  }
}
