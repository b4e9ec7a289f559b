import { httpError } from '../../http-envelope.js';
import { found, listResponse } from '../list-response.js';
import type { Handlers, RouteContext } from '../router.js';
import { type KycRecord, publicKey } from '../../store/store.js';
import { BodyValidator } from '../validate.js';

/** Only the caller's own account is visible; `me` is an alias for it. */
function ownAccount(ctx: RouteContext) {
  const id = ctx.params.accountId ?? '';
  return found(id === 'me' || id === ctx.state.account.id ? ctx.state.account : undefined, 'Account', id);
}

/** KYC states in which details are already with the service (the fake itself never verifies). */
const KYC_SUBMITTED: readonly KycRecord['status'][] = ['pending', 'verified'];

/** Accounts, KYC and key management (docs/design/operations.md). */
export const accountHandlers = {
  'accounts.me': (ctx) => ({ status: 200, data: ctx.state.account }),
  'accounts.retrieve': (ctx) => ({ status: 200, data: ownAccount(ctx) }),
  'accounts.update'(ctx) {
    const account = ownAccount(ctx);
    const v = new BodyValidator(ctx.body);
    const name = v.string('name', false);
    const email = v.email('email', false);
    v.done();
    ctx.state.account = { ...account, ...(name && { name }), ...(email && { email }) };
    return { status: 200, data: ctx.state.account };
  },
  'accounts.kyc.retrieve': (ctx) => ({ status: 200, data: ctx.state.kyc }),
  'accounts.kyc.submit'(ctx) {
    const v = new BodyValidator(ctx.body);
    const fullName = v.string('fullName');
    const country = v.string('country', true, 2);
    v.done();
    if (KYC_SUBMITTED.includes(ctx.state.kyc.status)) {
      throw httpError(409, 'KYC_ALREADY_SUBMITTED', 'kyc', `KYC is already ${ctx.state.kyc.status}`);
    }
    ctx.state.kyc = { status: 'pending', submittedAt: ctx.store.nowIso(), fullName, country: (country as string).toUpperCase() };
    ctx.state.account = { ...ctx.state.account, kycStatus: 'pending' };
    return { status: 201, data: ctx.state.kyc };
  },
  'keys.list': (ctx) => listResponse(ctx.state.keys, ctx.query, publicKey),
  'keys.retrieve': (ctx) => ({
    status: 200,
    data: publicKey(found(ctx.state.keys.get(ctx.params.keyId ?? ''), 'Key', ctx.params.keyId ?? '')),
  }),
  'keys.create'(ctx) {
    const v = new BodyValidator(ctx.body);
    const name = v.string('name');
    const permissions = v.permissions('permissions');
    v.done();
    return { status: 201, data: ctx.store.createKey(ctx.state.account.id, { name, permissions }) };
  },
  // Idempotent: revoking twice answers 200 with the same record, so a retried DELETE
  // whose first response was lost does not turn into an error.
  'keys.revoke'(ctx) {
    const key = found(ctx.state.keys.get(ctx.params.keyId ?? ''), 'Key', ctx.params.keyId ?? '');
    const revoked = key.revokedAt ? key : ctx.state.keys.put({ ...key, revokedAt: ctx.store.nowIso() });
    return { status: 200, data: publicKey(revoked) };
  },
} satisfies Partial<Handlers>;
