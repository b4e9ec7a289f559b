import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXIT_FAILURE, processIO, writeChunk } from '../../src/cli/io.js';

type Listener = (...args: unknown[]) => void;

/** The listeners `act` added to `emitter`'s `event`, and a cleanup that removes them. */
function added(emitter: NodeJS.EventEmitter, event: string, act: () => void): Listener[] {
  const before = new Set(emitter.listeners(event));
  act();
  return emitter.listeners(event).filter((l) => !before.has(l)) as Listener[];
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
  vi.restoreAllMocks();
});

/** processIO() once, with the stdout error listener it adds removed after the test. */
function io() {
  let value!: ReturnType<typeof processIO>;
  const [onError] = added(process.stdout, 'error', () => {
    value = processIO();
  });
  cleanups.push(() => process.stdout.off('error', onError as Listener));
  return { io: value, onError: onError as Listener };
}

describe('processIO: the process as a command sees it', () => {
  it("is the process's own streams and environment", () => {
    const { io: p } = io();
    expect(p.stdout).toBe(process.stdout);
    expect(p.stderr).toBe(process.stderr);
    expect(p.stdin).toBe(process.stdin);
    expect(p.env).toBe(process.env);
  });

  it('calls the stop listener once, on Ctrl-C or on SIGTERM, and then stops listening to both', () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const { io: p } = io();
      const listener = vi.fn();
      let ints: Listener[] = [];
      const terms = added(process, 'SIGTERM', () => {
        ints = added(process, 'SIGINT', () => p.onStop(listener));
      });
      expect([ints.length, terms.length]).toEqual([1, 1]);
      const [onSignal] = signal === 'SIGINT' ? ints : terms;
      onSignal?.();
      expect(listener).toHaveBeenCalledTimes(1);
      expect(process.listeners('SIGINT')).not.toContain(ints[0]);
      expect(process.listeners('SIGTERM')).not.toContain(terms[0]);
    }
  });

  it('stops listening to both signals when the returned function is called', () => {
    const { io: p } = io();
    let unsubscribe!: () => void;
    let ints: Listener[] = [];
    const terms = added(process, 'SIGTERM', () => {
      ints = added(process, 'SIGINT', () => {
        unsubscribe = p.onStop(() => undefined);
      });
    });
    unsubscribe();
    expect(process.listeners('SIGINT')).not.toContain(ints[0]);
    expect(process.listeners('SIGTERM')).not.toContain(terms[0]);
  });

  it('exits 1 without a stack trace when the reader of stdout went away (EPIPE), and lets any other error through', () => {
    const { onError } = io();
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    onError(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(exit).toHaveBeenCalledWith(EXIT_FAILURE);
    exit.mockClear();
    const other = Object.assign(new Error('write EIO'), { code: 'EIO' });
    expect(() => onError(other)).toThrow(other);
    expect(exit).not.toHaveBeenCalled();
  });
});

/** A stream whose buffer is full after one byte; `finish()` lets the written chunks drain. */
function slowStream() {
  const pending: (() => void)[] = [];
  const stream = new Writable({
    highWaterMark: 1,
    write(_chunk, _encoding, callback) {
      pending.push(callback);
    },
  });
  const finish = () => {
    for (const done of pending.splice(0)) done();
  };
  return { stream, finish };
}

describe('writeChunk', () => {
  it('resolves at once while the stream takes more, and waits for drain once its buffer is full', async () => {
    const roomy = new Writable({ write: (_c, _e, callback) => callback() });
    await writeChunk(roomy, 'x');

    const { stream, finish } = slowStream();
    let done = false;
    const written = writeChunk(stream, 'abc').then(() => {
      done = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    finish();
    await written;
    expect(done).toBe(true);
    expect([stream.listenerCount('drain'), stream.listenerCount('error')]).toEqual([0, 0]);
  });

  it('rejects with the error of a stream that fails while it waits, and leaves no listener behind', async () => {
    const { stream } = slowStream();
    const written = writeChunk(stream, 'abc');
    const failure = new Error('EIO');
    stream.destroy(failure);
    await expect(written).rejects.toBe(failure);
    expect(stream.listenerCount('drain')).toBe(0);
  });
});
