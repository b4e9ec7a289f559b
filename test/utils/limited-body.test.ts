// readBodyWithin reads a webhook delivery (the Fetch-style receiver) or a fake API call (the
// testing kit) with a size limit: the whole body however it is chunked, nothing past the limit
// (the stream is cancelled there), a declared oversize refused unread, and an abort that ends a
// stalled read at once. Each stream here is pull-based, so it hands over only what is read.
import { getEventListeners } from 'node:events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBodyWithin } from '../../src/utils/limited-body.js';

interface Upload {
  readonly request: Request;
  /** How many chunks the reader has taken from the stream. */
  readonly pulled: () => number;
  /** Whether the reader cancelled the stream. */
  readonly cancelled: () => boolean;
}

/** A POST whose body streams `chunks` one per read; with `stall`, it never ends after them. */
function upload(
  chunks: readonly Uint8Array[],
  options: { headers?: HeadersInit; stall?: boolean; cancel?: () => void } = {},
): Upload {
  let pulled = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = chunks[pulled];
        if (chunk === undefined) {
          if (options.stall) return new Promise<void>(() => undefined);
          controller.close();
          return;
        }
        pulled += 1;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
        options.cancel?.();
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request('http://localhost/webhooks', {
    method: 'POST',
    body,
    headers: options.headers,
    duplex: 'half',
  } as RequestInit);
  return { request, pulled: () => pulled, cancelled: () => cancelled };
}

const bytes = (...values: number[]) => new Uint8Array(values);
const listOf = (chunks: readonly Uint8Array[]) => chunks.flatMap((chunk) => [...chunk]);

describe('readBodyWithin', () => {
  it('reads the whole body within the limit however it is chunked, and refuses a larger one at the chunk that crosses it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 6 }), { maxLength: 6 }), fc.nat(30), async (chunks, limit) => {
        const sent = upload(chunks);
        const read = await readBodyWithin(sent.request, limit);
        const total = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
        if (total <= limit) {
          expect(read && [...read]).toEqual(listOf(chunks));
          expect(sent.pulled()).toBe(chunks.length);
          expect(sent.cancelled()).toBe(false);
          return;
        }
        expect(read).toBeUndefined();
        // Reads stop at the first chunk past the limit, and the rest of the upload is cancelled.
        let crossing = 0;
        for (let size = 0; size <= limit; crossing += 1) size += chunks[crossing]?.byteLength ?? 0;
        expect(sent.pulled()).toBe(crossing);
        expect(sent.cancelled()).toBe(true);
      }),
    );
  });

  it('takes a body of exactly the limit, declared or not', async () => {
    expect(await readBodyWithin(upload([bytes(1, 2), bytes(3)]).request, 3)).toEqual(bytes(1, 2, 3));
    const declared = upload([bytes(1, 2, 3)], { headers: { 'content-length': '3' } });
    expect(await readBodyWithin(declared.request, 3)).toEqual(bytes(1, 2, 3));
  });

  it('refuses a body whose declared length is over the limit without reading a byte of it', async () => {
    const declared = upload([bytes(1)], { headers: { 'content-length': '4' } });
    expect(await readBodyWithin(declared.request, 3)).toBeUndefined();
    expect(declared.pulled()).toBe(0);
  });

  it('reads a request without a body as zero bytes', async () => {
    expect(await readBodyWithin(new Request('http://localhost/webhooks'), 10)).toEqual(new Uint8Array(0));
  });

  it('refuses an oversize body even when cancelling the stream fails', async () => {
    const failing = upload([bytes(1, 2), bytes(3, 4)], {
      cancel: () => {
        throw new Error('cancel failed');
      },
    });
    expect(await readBodyWithin(failing.request, 3)).toBeUndefined();
    expect(failing.cancelled()).toBe(true);
  });

  it('ends a stalled read when the signal aborts: the stream is cancelled and the read rejects with the reason', async () => {
    const stalled = upload([bytes(1, 2)], { stall: true });
    const controller = new AbortController();
    const reading = readBodyWithin(stalled.request, 10, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const reason = new Error('read timeout');
    controller.abort(reason);
    await expect(reading).rejects.toBe(reason);
    expect(stalled.cancelled()).toBe(true);
  });

  it('rejects rather than hand back a body cut short by an abort, even when cancelling fails', async () => {
    const stalled = upload([bytes(1, 2)], {
      stall: true,
      cancel: () => {
        throw new Error('cancel failed');
      },
    });
    const controller = new AbortController();
    const reading = readBodyWithin(stalled.request, 10, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort(new Error('read timeout'));
    await expect(reading).rejects.toThrow('read timeout');
  });

  it('leaves no listener on the signal, however the read ends', async () => {
    const controller = new AbortController();
    const { signal } = controller;
    await readBodyWithin(upload([bytes(1)]).request, 10, signal);
    await readBodyWithin(upload([bytes(1, 2, 3)]).request, 2, signal);
    await readBodyWithin(upload([bytes(1)], { headers: { 'content-length': '9' } }).request, 2, signal);
    const reading = readBodyWithin(upload([], { stall: true }).request, 2, signal);
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    await expect(reading).rejects.toThrow();
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });
});
