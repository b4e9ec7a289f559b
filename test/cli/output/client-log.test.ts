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

  it('hands over a wait only with both a known header and a number of milliseconds, and its status only when it is a number', async () => {
    const { logger, waits, text } = capture();
    logger.warn('no wait given', { waitSource: 'retry-after', status: 503 });
    logger.warn('a wait in words', { waitSource: 'retry-after', waitMs: '1500' });
    logger.warn('an unknown source', { waitSource: 'x-wait', waitMs: 1500 });
    logger.warn('no source', { waitMs: 1500 });
    logger.warn('...', { waitSource: 'retry-after', waitMs: 0 });
    logger.warn('...', { waitSource: 'rate-limit-reset', waitMs: 250, status: '429' });
    expect(waits).toEqual([
      { waitMs: 0, header: 'Retry-After', status: undefined },
      { waitMs: 250, header: 'X-RateLimit-Reset', status: undefined },
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(text()).toBe('no wait given\na wait in words\nan unknown source\nno source\n');
  });

  it('writes an error line, made printable', async () => {
    const { logger, text } = capture();
    logger.error('credit-platform: store lost\u001b]0;x\u0007', { reason: 'ignored for errors' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(text()).toBe('credit-platform: store lost\\u001b]0;x\\u0007\n');
  });
});
