// The docs show what users will see: the guide's test examples are the files CI runs, and the
// README's troubleshooting messages are the messages the SDK produces.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CreditPlatform } from '../../src/index.js';
import { createFakeCreditPlatform, startFakeServer } from '../../src/testing/index.js';
import { captureError } from '../helpers/capture.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** Code without imports, comments, whitespace and trailing commas: formatting and import paths may differ. */
function code(text: string): string {
  return text
    .replace(/(^|\s)\/\/.*$/gm, '')
    .replace(/^import [^;]+;$/gm, '')
    .replace(/\s+/g, '')
    .replace(/,([}\])])/g, '$1');
}

/** The fenced ts block of the guide that contains `marker`. */
function guideBlock(marker: string): string {
  const blocks = [...read('docs/guides/testing.md').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);
  const block = blocks.find((b) => b.includes(marker));
  if (block === undefined) throw new Error(`no block with ${marker}`);
  return block;
}

function readmeTextBlocks(): string[] {
  return [...read('README.md').matchAll(/```text\n([\s\S]*?)```/g)].map((m) => (m[1] as string).trim());
}

describe('the testing guide', () => {
  it('shows the Jest test that CI runs in packaging/consumers/jest', () => {
    const file = read('packaging/consumers/jest/test/webhook-endpoint.test.ts');
    // The file has one more test (a wrong secret) after the one the guide shows.
    expect(code(file.slice(file.indexOf('const SECRET')))).toContain(code(guideBlock('webhookEndpoint(request, SECRET)')));
  });

  it('shows the vitest test that CI runs (test/guide/webhook-endpoint.test.ts)', () => {
    expect(code(guideBlock('express.raw'))).toBe(code(read('test/guide/webhook-endpoint.test.ts')));
  });
});

describe("the README's troubleshooting messages", () => {
  const shown = readmeTextBlocks();
  const expectShown = (message: string) => {
    // A shown message may end in "..." where the rest is long and self-explanatory.
    const match = shown.find((s) => s === message || (s.endsWith('...') && message.startsWith(s.slice(0, -3))));
    expect(match, `README does not show: ${message}`).toBeDefined();
  };

  it('shows the construction errors as thrown', async () => {
    expectShown(
      `ConfigurationError: ${(await captureError(() => new CreditPlatform({ apiKey: 'k', baseURL: 'x' } as never))).message}`,
    );
    const noPath = await captureError(() => new CreditPlatform({ apiKey: 'k', baseUrl: 'https://api.example.com/' }));
    expectShown(`ConfigurationError: ${noPath.message}`);
  });

  it('shows the testing kit errors as thrown', async () => {
    const fake = createFakeCreditPlatform({ transactions: 0 });
    const emitted = await captureError(fake.admin.emit('deposit.created', { amount: 5 } as never));
    expectShown(`TypeError: ${emitted.message}`);
    const server = await startFakeServer({ transactions: 0 });
    try {
      const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl, maxRetries: 0 });
      expectShown(`NotFoundError: ${(await captureError(client.request('GET', '/reports/daily'))).message}`);
      expectShown(`NotFoundError: ${(await captureError(client.request('GET', '/credit/limits'))).message}`);
    } finally {
      await server.close();
    }
  });
});
