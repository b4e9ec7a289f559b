// Response-side schemas, one file per record family. Records are loose: unknown fields pass
// through, so a field the service adds tomorrow reaches the caller without an SDK release.
// Fields the spec states are required and exactly typed; fields it does not show are optional,
// except `id` on records the SDK's route table addresses by id (docs/design/operations.md):
// `retrieve(record.id)` must type-check, and a record without one could not be used anyway.
export { accountSchema, kycSchema, creditTierSchema, type Account, type Kyc, type CreditTier } from './accounts.js';
export {
  apiKeySchema,
  createdApiKeySchema,
  revokedKeySchema,
  type ApiKey,
  type CreatedApiKey,
  type RevokedApiKey,
} from './keys.js';
export { permissionSchema, type Permission } from './primitives.js';
export { webhookSubscriptionSchema, webhookStatusSchema, type WebhookSubscription, type WebhookStatus } from './webhooks.js';
export { transactionSchema, type Transaction } from './transactions.js';
export { depositSchema, withdrawalSchema, depositCreatedDataSchema, type Deposit, type Withdrawal } from './deposits.js';
export { creditLineSchema, type CreditLine } from './credit.js';
export { paymentSchema, type Payment } from './payments.js';
export { yieldPositionSchema, type YieldPosition } from './yield.js';
export { scoreSchema, type Score } from './scores.js';
export { errorItemSchema } from './error-item.js';
