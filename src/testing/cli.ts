#!/usr/bin/env node
/**
 * `credit-platform-fake`: runs the fake on loopback until interrupted.
 *
 *   credit-platform-fake [--port 4010] [--host 127.0.0.1] [--transactions 250] [--seed 1] [--send-webhooks]
 *
 * Webhook deliveries are only recorded unless `--send-webhooks` is given (then they are POSTed
 * to the subscriptions' URLs with the global fetch).
 *
 * Printing the key is the point of this program: it is a throwaway key of a fake.
 */
import { parseArgs } from 'node:util';
import { startFakeServer } from './server.js';

const USAGE = 'usage: credit-platform-fake [--port N] [--host ADDR] [--transactions N] [--seed N] [--send-webhooks]';

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a non-negative integer\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        transactions: { type: 'string' },
        seed: { type: 'string' },
        'send-webhooks': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const server = await startFakeServer({
    port: integer('port', values.port as string | undefined, 4010),
    host: (values.host as string | undefined) ?? '127.0.0.1',
    transactions: integer('transactions', values.transactions as string | undefined, 250),
    seed: integer('seed', values.seed as string | undefined, 1),
    webhookTransport: values['send-webhooks'] ? (request) => fetch(request) : undefined,
  });
  console.log(`Credit Platform fake listening on ${server.url}`);
  console.log(`CREDIT_PLATFORM_BASE_URL=${server.baseUrl}`);
  console.log(`CREDIT_PLATFORM_API_KEY=${server.apiKey}`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`credit-platform-fake: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
