import { describe, expect, it } from 'vitest';
import { type CreditPlatform, OPERATIONS, type OperationName, RequestValidationError } from '../../src/index.js';
import { type AnySchema, type Operation, pathParamNames } from '../../src/core/operations/operation.js';
import { captureError } from '../helpers/capture.js';
import { client, countSent, http, ok, useMswServer } from '../helpers/msw.js';

// A newer service, answering every operation the SDK declares. Each record is built from the
// operation's own response schema, so a record or a field added later is swept without a change
// here: every string field (each enum-like one among them: statuses, tiers, permissions, event
// types, tokens, chains) carries a value this SDK does not know, and every object an extra field.
// With response validation on (the default), the client must hand all of it back as sent.

const server = useMswServer();

const NEWER_VALUE = 'a-value-from-a-newer-service';
const EXTRA_FIELD = 'fieldFromANewerService';
const EXTRA_VALUE = { nested: [NEWER_VALUE, 1] };

type Def = {
  type: string;
  innerType?: AnySchema;
  element?: AnySchema;
  shape?: Record<string, AnySchema>;
};

/** What a newer service could send for `schema`: an unknown value in every string, an unknown field on every object. */
function newerRecord(schema: AnySchema): unknown {
  const def = schema._zod.def as Def;
  switch (def.type) {
    // `enum` is a closed list of values: the sweep puts an unknown one there, as in a string.
    case 'string':
    case 'enum':
      return NEWER_VALUE;
    case 'number':
      return 7;
    case 'boolean':
      return true;
    case 'unknown':
      return { anything: NEWER_VALUE };
    case 'optional':
    case 'nullable':
      return newerRecord(def.innerType as AnySchema);
    case 'array':
      return [newerRecord(def.element as AnySchema), newerRecord(def.element as AnySchema)];
    case 'object':
      return {
        ...Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, newerRecord(field)])),
        [EXTRA_FIELD]: EXTRA_VALUE,
      };
    default:
      throw new Error(
        `The record sweep does not know a response field of kind "${def.type}": teach newerRecord what a newer service may send there.`,
      );
  }
}

/** The string fields of a record, by dotted path (array elements as `[]`). */
function stringFields(schema: AnySchema, at = ''): string[] {
  const def = schema._zod.def as Def;
  if (def.type === 'string' || def.type === 'enum') return [at];
  if (def.type === 'optional' || def.type === 'nullable') return stringFields(def.innerType as AnySchema, at);
  if (def.type === 'array') return stringFields(def.element as AnySchema, `${at}[]`);
  if (def.type === 'object') {
    return Object.entries(def.shape ?? {}).flatMap(([key, field]) => stringFields(field, at ? `${at}.${key}` : key));
  }
  return [];
}

type WithBody = { [K in OperationName]: (typeof OPERATIONS)[K] extends { body: AnySchema } ? K : never }[OperationName];

// Valid request bodies: requests keep refusing what they do not know, so the sweep sends valid
// ones. The type makes a new operation with a body fail to compile until it has its row.
const BODIES: Record<WithBody, Record<string, unknown>> = {
  'accounts.update': { name: 'Treasury' },
  'accounts.kyc.submit': { fullName: 'Ada Lovelace', country: 'GB' },
  'keys.create': { name: 'ci', permissions: ['read'] },
  'webhooks.create': { url: 'https://example.com/hooks', events: ['deposit.created'], secret: 's3cret' },
  'webhooks.update': { events: ['score.updated'] },
  'deposits.create': { token: 'USDC', chain: 'Base', amount: '1.00' },
  'deposits.withdrawals.create': { token: 'USDC', chain: 'Base', amount: '1.00', toAddress: `0x${'a'.repeat(40)}` },
  'credit.create': { token: 'USDC', limit: '10.00' },
  'credit.update': { status: 'frozen' },
  'payments.create': { amount: '5.00', token: 'USDC' },
  'yield.replace': { autoCompound: true },
  'yield.update': { autoCompound: false },
};

/** Calls the resource method named by the operation (`deposits.withdrawals.create`), the way a user would. */
async function callAsAUser(c: CreditPlatform, name: OperationName, op: Operation): Promise<unknown> {
  const parts = name.split('.');
  const method = parts.pop() as string;
  let target: Record<string, unknown> = c as unknown as Record<string, unknown>;
  for (const part of parts) target = target[part] as Record<string, unknown>;
  const args: unknown[] = pathParamNames(op.path).map((param) => `${param}_1`);
  if (op.body) args.push(BODIES[name as WithBody]);
  const result = await (target[method] as (...a: unknown[]) => PromiseLike<unknown>).apply(target, args);
  return op.list ? (result as { items: unknown[] }).items : result;
}

const operations = Object.entries(OPERATIONS) as [OperationName, Operation][];

describe('a newer service: unknown values and unknown fields in every record, validation on', () => {
  it.each(operations)('%s hands back the record as the service sent it', async (name, op) => {
    const record = newerRecord(op.response);
    server.use(
      http.all(/.*/, () =>
        ok((op.list ? { items: [record, record], nextCursor: null } : record) as never, { status: op.successStatus ?? 200 }),
      ),
    );
    const received = await callAsAUser(client(), name, op);
    expect(received).toEqual(op.list ? [record, record] : record);
    expect((op.list ? (received as unknown[])[0] : received) as Record<string, unknown>).toHaveProperty(EXTRA_FIELD, EXTRA_VALUE);
  });

  it('sweeps every record of every operation, and the enum-like fields among their strings', () => {
    const records = new Set(operations.map(([, op]) => op.response));
    const fields = new Set([...records].flatMap((schema) => stringFields(schema)));
    // Not a count to keep in step: a floor, so that a sweep reading no fields cannot pass.
    expect(records.size).toBeGreaterThanOrEqual(12);
    for (const field of ['status', 'permissions[]', 'events[]', 'type', 'tier', 'creditTier', 'kycStatus', 'token', 'chain']) {
      expect(fields).toContain(field);
    }
  });
});

// biome-ignore lint/suspicious/noExplicitAny: a value read from a record, sent back as plain JavaScript would
type Loose = any;

describe('requests stay closed: a value only a newer service knows is not sent back', () => {
  it.each([
    [
      'keys.create permissions',
      (c: CreditPlatform) => c.keys.create({ name: 'ci', permissions: [NEWER_VALUE as Loose] }),
      'permissions.0',
    ],
    [
      'webhooks.create events',
      (c: CreditPlatform) => c.webhooks.create({ url: 'https://example.com/h', events: [NEWER_VALUE as Loose], secret: 's' }),
      'events.0',
    ],
    ['credit.update status', (c: CreditPlatform) => c.credit.update('cl_1', { status: NEWER_VALUE as Loose }), 'status'],
  ] as const)('%s', async (_, send, field) => {
    const sent = countSent(server);
    const error = await captureError(send(client()));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).errors.map((item) => item.field)).toEqual([field]);
    expect(sent()).toBe(0);
  });
});
