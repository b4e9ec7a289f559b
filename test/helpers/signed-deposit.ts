// A signed `deposit.created` delivery with a given id, as a receiver takes it: `{ body, signature }`.
import { createSignedWebhookDelivery } from '../../src/webhooks/index.js';

export function signedDeposit(id: string, secret: string): { body: string; signature: string } {
  const signed = createSignedWebhookDelivery({
    type: 'deposit.created',
    id,
    data: { depositId: `dep_${id}`, token: 'USDC', amount: '1.00', transactionHash: `0x${'ab'.repeat(32)}` },
    secret,
  });
  return { body: signed.body, signature: signed.headers['x-webhook-signature'] };
}
