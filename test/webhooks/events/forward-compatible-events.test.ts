import { describe, expect, it } from 'vitest';
import {
  constructWebhookEvent,
  createSignedWebhookDelivery,
  type DepositCreatedData,
  WEBHOOK_EVENT_TYPES,
} from '../../../src/webhooks/index.js';

// The event side of forward-compatible records (test/resources/forward-compatible-records.test.ts
// holds the client's): a newer service's event data, with a value this SDK does not know in each
// string field (a token, a tier, a status) and a field it does not know, is accepted and kept as
// sent, for every event type.

const SECRET = 'whsec_forward_compatible';
const NEWER_VALUE = 'a-value-from-a-newer-service';
const EXTRA = { fieldFromANewerService: { nested: [NEWER_VALUE, 1] } };

// deposit.created is the one type whose data the SDK checks (its four fields must be strings).
const DEPOSIT: DepositCreatedData = { depositId: 'dep_1', token: NEWER_VALUE, amount: '1.00', transactionHash: '0xabc' };
const OTHERS = { status: NEWER_VALUE, creditTier: NEWER_VALUE, token: NEWER_VALUE, reason: NEWER_VALUE };

describe('a newer service: unknown values and unknown fields in every event type', () => {
  it.each(WEBHOOK_EVENT_TYPES)('%s keeps its data as sent', (type) => {
    const data = { ...(type === 'deposit.created' ? DEPOSIT : OTHERS), ...EXTRA };
    const { body, headers } = createSignedWebhookDelivery({ type, data, secret: SECRET });
    const event = constructWebhookEvent(body, headers['x-webhook-signature'], SECRET);
    expect(event.type).toBe(type);
    expect(event.data).toEqual(data);
  });
});
