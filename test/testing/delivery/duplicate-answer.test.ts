import { describe, expect, it } from 'vitest';
import { isDuplicateAnswer, saysDuplicate } from '../../../src/testing/delivery/duplicate-answer.js';

const encoder = new TextEncoder();
const DUPLICATE = '{"received":true,"duplicate":true}';

/** A body that arrives in the given chunks, and tells whether it was cancelled and how much was pulled. */
function chunked(chunks: Uint8Array[]) {
  const seen = { pulled: 0, cancelled: false };
  let i = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = chunks[i++];
        if (chunk === undefined) return controller.close();
        seen.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, seen };
}

/** `text` as a 200 answer delivered in pieces of `size` bytes (cutting through characters too). */
function answerInPieces(text: string, size: number, status = 200) {
  const bytes = encoder.encode(text);
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < bytes.byteLength; at += size) pieces.push(bytes.slice(at, at + size));
  const { body, seen } = chunked(pieces);
  return { response: new Response(body, { status }), seen };
}

describe('saysDuplicate', () => {
  it('is true only for a JSON object whose duplicate is true', () => {
    expect(saysDuplicate(DUPLICATE)).toBe(true);
    expect(saysDuplicate('{"duplicate":true}')).toBe(true);
    for (const text of [
      '{"received":true}',
      '{"duplicate":false}',
      '{"duplicate":"true"}',
      '{"duplicate":1}',
      '{"nested":{"duplicate":true}}',
      '[{"duplicate":true}]',
      'true',
      '"duplicate"',
      '5',
      'null',
      'not json',
      '',
    ]) {
      expect(saysDuplicate(text), text).toBe(false);
    }
  });
});

describe('isDuplicateAnswer', () => {
  it('is true for a 2xx duplicate answer, whatever pieces it arrives in', async () => {
    const text = '{"received":true,"note":"déjà vu ✓","duplicate":true}';
    for (const size of [1, 2, 3, 7, 1000]) {
      const { response } = answerInPieces(text, size);
      expect(await isDuplicateAnswer(response), `pieces of ${size}`).toBe(true);
    }
    expect(await isDuplicateAnswer(new Response(DUPLICATE, { status: 202 }))).toBe(true);
  });

  it('is false for an answer that does not say duplicate, and for one with no body', async () => {
    expect(await isDuplicateAnswer(new Response('{"received":true}', { status: 200 }))).toBe(false);
    expect(await isDuplicateAnswer(new Response(null, { status: 204 }))).toBe(false);
    expect(await isDuplicateAnswer(new Response(null, { status: 500 }))).toBe(false);
  });

  it('never reads a refusal as a duplicate, and cancels its body unread', async () => {
    for (const status of [300, 401, 409, 500]) {
      const { body, seen } = chunked([encoder.encode(DUPLICATE)]);
      const response = new Response(body, { status });
      expect(await isDuplicateAnswer(response), String(status)).toBe(false);
      expect(seen).toEqual({ pulled: 0, cancelled: true });
    }
  });

  it('judges the first 4 KiB only: the flag may come up to byte 4096, never after', async () => {
    const fits = `{"duplicate":true,"pad":"${'x'.repeat(4096 - 27)}"}`;
    expect(encoder.encode(fits).byteLength).toBe(4096);
    const flagAtEnd = `{"pad":"${'x'.repeat(4096 - 27)}","duplicate":true}`;
    expect(encoder.encode(flagAtEnd).byteLength).toBe(4096);
    const tooLong = `{"pad":"${'x'.repeat(4097 - 27)}","duplicate":true}`;
    for (const size of [3000, 4096, 100_000]) {
      expect(await isDuplicateAnswer(answerInPieces(fits, size).response), `fits, pieces of ${size}`).toBe(true);
      expect(await isDuplicateAnswer(answerInPieces(flagAtEnd, size).response), `flag at the end, ${size}`).toBe(true);
      expect(await isDuplicateAnswer(answerInPieces(tooLong, size).response), `too long, ${size}`).toBe(false);
    }
  });

  it('stops reading an endless answer after 4 KiB and cancels the rest', async () => {
    const seen = { pulled: 0, cancelled: false };
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          seen.pulled += 1000;
          controller.enqueue(new Uint8Array(1000).fill(0x20));
        },
        cancel() {
          seen.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    expect(await isDuplicateAnswer(new Response(body, { status: 200 }))).toBe(false);
    expect(seen).toEqual({ pulled: 5000, cancelled: true });
  });

  it('reads a flag in the first 4 KiB of a longer answer, and cancels the rest', async () => {
    const { response, seen } = answerInPieces(`${DUPLICATE}${' '.repeat(20_000)}`, 1000);
    expect(await isDuplicateAnswer(response)).toBe(true);
    expect(seen).toEqual({ pulled: 5000, cancelled: true });
  });
});
