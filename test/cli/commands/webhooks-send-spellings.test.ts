// `webhooks send` shows what the endpoint answered: an endpoint that echoes the secret in any
// spelling issue 35 named (the review saw two of them printed) shows `[REDACTED]` instead, in
// the status line and the answer, on stdout and stderr.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-run.js';
import { NAMED_SPELLINGS, showsNamed } from '../../helpers/named-spellings.js';
import { unsafeForTerminal } from '../../helpers/terminal-safe.js';

const SECRET = 'whsec_cli_Named_Spellings_4b1d';

async function echoingEndpoint(spelled: string): Promise<{ url: string; close: () => void }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      // The reason phrase is one line of Latin-1: the spelling goes there when it can.
      const reason = spelled.replace(/\s*\n\s*/g, ' ');
      if (!/[^\x20-\xff]/.test(reason)) res.statusMessage = `Bad ${reason}`;
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`expected ${spelled}\n{"secret":${JSON.stringify(spelled)}}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/webhooks`, close: () => server.close() };
}

describe.each(NAMED_SPELLINGS)('webhooks send: an endpoint that echoes the secret as %s', (_label, spell) => {
  it('shows [REDACTED] in the status line and the answer, and the secret nowhere', async () => {
    const spelled = spell(SECRET);
    expect(showsNamed(spelled, SECRET)).toBe(true);
    const endpoint = await echoingEndpoint(spelled);
    try {
      const result = await cli(['webhooks', 'send', 'deposit.created', '--to', endpoint.url, '--secret', SECRET]);
      expect(result.code).toBe(1);
      const [, status, answer] = result.stdout.split('\n');
      expect(status).toMatch(/^400 /);
      expect(answer).toMatch(/^expected .*\[REDACTED\].*\[REDACTED\]/);
      const shown = result.stdout + result.stderr;
      expect(showsNamed(shown, SECRET), shown).toBe(false);
      expect(unsafeForTerminal(shown)).toEqual([]);
    } finally {
      endpoint.close();
    }
  });
});
