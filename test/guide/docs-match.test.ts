// The docs show what users will see: the guide's test examples are the files CI runs, and the
// troubleshooting guide's messages are the messages the SDK produces.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CreditPlatform } from '../../src/index.js';
import { createFakeCreditPlatform, startFakeServer } from '../../src/testing/index.js';
import { captureError } from '../helpers/capture.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The text without its leading `//` comment lines, which say where a file is used. */
function withoutHeader(text: string): string {
  const lines = text.split('\n');
  while (lines[0]?.startsWith('//')) lines.shift();
  return lines.join('\n').trim();
}

/** The fenced ts block of the guide that contains `marker`. */
function guideBlock(marker: string): string {
  const blocks = [...read('docs/guides/testing.md').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);
  const found = blocks.filter((b) => b.includes(marker));
  if (found.length !== 1) throw new Error(`${found.length} blocks with ${marker}`);
  return found[0] as string;
}

function troubleshootingTextBlocks(): string[] {
  return [...read('docs/guides/troubleshooting.md').matchAll(/```text\n([\s\S]*?)```/g)].map((m) => (m[1] as string).trim());
}

// Each example is shown exactly as the file CI runs (imports included), so what a user copies
// is what ran.
describe('the testing guide', () => {
  it('shows the Jest test that CI runs in packaging/consumers/jest, and the endpoint it imports', () => {
    expect(withoutHeader(guideBlock('createWebhookEndpoint(SECRET)'))).toBe(
      withoutHeader(read('packaging/consumers/jest/test/webhook-endpoint.test.ts')),
    );
    expect(withoutHeader(guideBlock('export function createWebhookEndpoint'))).toBe(
      withoutHeader(read('packaging/consumers/jest/src/webhook-endpoint.ts')),
    );
  });

  it('shows the vitest test that CI runs (test/guide/webhook-endpoint.test.ts)', () => {
    expect(withoutHeader(guideBlock('createNodeWebhookHandler'))).toBe(
      withoutHeader(read('test/guide/webhook-endpoint.test.ts')),
    );
  });
});

describe("the troubleshooting guide's messages", () => {
  const shown = troubleshootingTextBlocks();
  const expectShown = (message: string) => {
    // A shown message may end in "..." where the rest is long and self-explanatory.
    const match = shown.find((s) => s === message || (s.endsWith('...') && message.startsWith(s.slice(0, -3))));
    expect(match, `docs/guides/troubleshooting.md does not show: ${message}`).toBeDefined();
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

describe('vitest first, Jest second', () => {
  const docs = ['README.md', 'docs/guides/testing.md', 'docs/guides/local-development.md', 'docs/guides/webhooks.md'];

  it('in every paragraph (or list item) that names both', () => {
    for (const path of docs) {
      for (const paragraph of read(path).split(/\n\s*\n|\n(?=- )/)) {
        const vitest = paragraph.search(/\bvitest\b/i);
        const jest = paragraph.search(/\bjest\b/i);
        if (vitest === -1 || jest === -1) continue;
        expect(vitest, `${path}: Jest before vitest in "${paragraph.slice(0, 80)}..."`).toBeLessThan(jest);
      }
    }
  });

  it("in the testing guide's webhook endpoint tests", () => {
    const guide = read('docs/guides/testing.md');
    expect(guide.indexOf("from 'vitest'", guide.indexOf('## Testing your webhook endpoint'))).toBeLessThan(
      guide.indexOf('createWebhookEndpoint(SECRET)'),
    );
  });
});
