// A `deposit.created` event as `inbox.accept` takes it (what a receiver hands over once the
// signature checked out), for tests that fill an inbox without a receiver.

export interface AcceptedEvent {
  readonly id: string;
  readonly type: string;
  readonly timestamp: string;
  readonly body: string;
}

/** A `deposit.created` event with id `id`, signed at `signedAt` (now by default). */
export function depositEvent(id: string, signedAt = new Date()): AcceptedEvent {
  const timestamp = signedAt.toISOString();
  const body = JSON.stringify({
    id,
    type: 'deposit.created',
    timestamp,
    data: { depositId: `dep_${id}`, token: 'USDC', amount: '1.00', transactionHash: `0x${'c'.repeat(64)}` },
  });
  return { id, type: 'deposit.created', timestamp, body };
}
