// The child-process half of readme-snippet.test.ts: the many-workers guide's Redis snippet runs first,
// unchanged, then hands its `redis`, `client` and `handler` to `drive`, which does one round of
// work per line read from stdin and answers with one `@@ {json}` line on stdout (the snippet's
// own handler prints to stdout too, so answers carry a marker).
import { createInterface } from 'node:readline';
import type { CreditPlatform } from '../../src/index.js';
import { createSignedWebhookDelivery } from '../../src/webhooks/index.js';

/** What one round reports: how the API call and the webhook delivery fared, and the pacing mode. */
export interface Round {
  readonly step: string;
  readonly call: string;
  readonly webhook: number | string;
  readonly mode: string | undefined;
}

interface Snippet {
  readonly redis: { readonly status?: string; destroy?(): void; disconnect?(): void };
  readonly client: CreditPlatform;
  readonly handler: (request: Request) => Promise<Response>;
}

function say(message: unknown): void {
  process.stdout.write(`@@ ${JSON.stringify(message)}\n`);
}

async function round(step: string, { client, handler }: Snippet): Promise<Round> {
  const delivery = createSignedWebhookDelivery({
    type: 'payment.received',
    data: { paymentId: `pay_${step}` },
    secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET as string,
  });
  const request = new Request('http://receiver.test/webhooks', {
    method: 'POST',
    body: delivery.body,
    headers: delivery.headers,
  });
  const [call, hook] = await Promise.allSettled([client.accounts.me(), handler(request)]);
  return {
    step,
    call: call.status === 'fulfilled' ? 'ok' : String((call.reason as Error)?.name),
    webhook: hook.status === 'fulfilled' ? hook.value.status : 'threw',
    mode: (await client.pacingState())?.mode,
  };
}

/** Answers `ready`, then one round per stdin line until `exit`; closes the Redis client and returns. */
export async function drive(snippet: Snippet): Promise<void> {
  // `new Redis(url)` connects in the background; the guide's node-redis line awaits it.
  while (snippet.redis.status !== undefined && snippet.redis.status !== 'ready') {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  say('ready');
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'exit') break;
    say(await round(line, snippet));
  }
  if (snippet.redis.destroy) snippet.redis.destroy();
  else snippet.redis.disconnect?.();
  say('bye');
}
