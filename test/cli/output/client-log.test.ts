import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { commandLogger, type ServiceWait } from '../../../src/cli/output/client-log.js';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString()));
  const waits: ServiceWait[] = [];
  const logger = commandLogger(stream, (wait) => waits.push(wait));
  return { logger, waits, text: () => text };
}

describe("the client's log lines on a command's stderr", () => {
  it('hands a wait the service imposed to the command, by the header it came from', async () => {
    const { logger, waits, text } = capture();
    logger.warn('credit-platform: GET /transactions -> 429: the service asks to wait 1500 ms (rate-limit-reset); waiting', {
      status: 429,
      waitMs: 1500,
      waitSource: 'rate-limit-reset',
    });
    logger.warn('...', { status: 503, waitMs: 2000, waitSource: 'retry-after' });
    expect(waits).toEqual([
      { waitMs: 1500, header: 'X-RateLimit-Reset', status: 429 },
      { waitMs: 2000, header: 'Retry-After', status: 503 },
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(text()).toBe('');
  });

  it('leaves a retry given up to the command, and writes anything else as one printable line', async () => {
    const { logger, text } = capture();
    logger.warn('credit-platform: GET /transactions -> 503: giving up, 3 attempts made', { reason: '3 attempts made' });
    logger.warn('credit-platform: baseUrl uses plain http:// to \u001b[2Jevil', undefined);
    logger.debug('attempt', { waitMs: 1 });
    logger.info('recovered');
    await new Promise((resolve) => setImmediate(resolve));
    expect(text()).toBe('credit-platform: baseUrl uses plain http:// to \\u001b[2Jevil\n');
  });
});
