// Shared by the webhook tests: run a call against both verifiers and compare.
import { verifyWebhookSignature, verifyWebhookSignatureAsync } from '../../src/webhooks/index.js';

export type Outcome = { value: unknown } | { error: string; message: string };

export function runSync(fn: () => unknown): Outcome {
  try {
    return { value: fn() };
  } catch (error) {
    return { error: (error as Error).name, message: (error as Error).message };
  }
}

export async function runAsync(fn: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { value: await fn() };
  } catch (error) {
    return { error: (error as Error).name, message: (error as Error).message };
  }
}

/** The sync twin's outcome as the async twin reports it: the same message under its own name. */
export function renamed(outcome: Outcome, syncName: string, asyncName: string): Outcome {
  return 'message' in outcome && outcome.message.startsWith(`${syncName}:`)
    ? { ...outcome, message: asyncName + outcome.message.slice(syncName.length) }
    : outcome;
}

/** Both variants' outcomes for one verify call. */
export async function verifyBoth(payload: unknown, signature: unknown, secret: unknown): Promise<[Outcome, Outcome]> {
  const args = [payload, signature, secret] as Parameters<typeof verifyWebhookSignature>;
  return [runSync(() => verifyWebhookSignature(...args)), await runAsync(() => verifyWebhookSignatureAsync(...args))];
}

export const SECRET = 'whsec_test_0123456789';

export function depositData() {
  return { depositId: 'dep_1', token: 'USDC', amount: '10000.00', transactionHash: `0x${'ab'.repeat(32)}` };
}
