// APIPromise on its own: one answer however it is awaited, the response on request, and the
// rate-limit headers read from it.
import { describe, expect, it, vi } from 'vitest';
import { type Answer, APIPromise } from '../../../src/core/operations/api-promise.js';

const response = () =>
  new Response('{}', {
    headers: { 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '1709856000' },
  });

describe('APIPromise', () => {
  it('awaited gives the data; withResponse gives the data, the response and its rate limit, the same object each time', async () => {
    const answer: Answer<{ id: string }> = { data: { id: 'acc_1' }, response: response(), requestId: 'req-acc' };
    const promise = new APIPromise(Promise.resolve(answer));
    expect(await promise).toEqual({ id: 'acc_1' });
    const first = promise.withResponse();
    expect(promise.withResponse()).toBe(first);
    expect(await first).toEqual({
      data: { id: 'acc_1' },
      response: answer.response,
      rateLimit: { limit: 120, remaining: 7, reset: new Date('2024-03-08T00:00:00Z') },
      requestId: 'req-acc',
      serviceRequestId: undefined,
    });
    expect(
      (await new APIPromise(Promise.resolve({ data: 1, response: new Response(''), requestId: 'req-1' })).withResponse())
        .rateLimit,
    ).toBeUndefined();
  });

  it('then, catch and finally all see the one answer', async () => {
    const failure = new Error('boom');
    const failing = new APIPromise<number>(Promise.reject(failure));
    const onFinally = vi.fn();
    expect(await failing.catch((error: unknown) => error)).toBe(failure);
    expect(await failing.then(undefined, (error: unknown) => error)).toBe(failure);
    await expect(failing.finally(onFinally)).rejects.toBe(failure);
    expect(onFinally).toHaveBeenCalledTimes(1);
    const ok = new APIPromise(Promise.resolve({ data: 5, response: new Response(''), requestId: 'req-1' }));
    expect(await ok.then((n) => n * 2)).toBe(10);
    expect(await ok.catch(() => 0)).toBe(5);
    expect(await ok.finally(() => {})).toBe(5);
  });

  it('one built without a request rejects when awaited, and asks for its answer only once', async () => {
    const bare = new APIPromise<number>();
    await expect(bare).rejects.toThrow(new TypeError('This APIPromise was built without a request.'));
    await expect(bare.withResponse()).rejects.toBeInstanceOf(TypeError);
    class Lazy extends APIPromise<number> {
      starts = 0;
      protected override start(): Promise<Answer<number>> {
        this.starts++;
        return Promise.resolve({ data: 3, response: new Response(''), requestId: 'req-1' });
      }
    }
    const lazy = new Lazy();
    expect(lazy.starts).toBe(0);
    expect(await lazy).toBe(3);
    expect((await lazy.withResponse()).data).toBe(3);
    expect(lazy.starts).toBe(1);
  });

  it('names itself APIPromise', () => {
    const promise = new APIPromise(Promise.resolve({ data: 1, response: new Response(''), requestId: 'req-1' }));
    expect(Object.prototype.toString.call(promise)).toBe('[object APIPromise]');
  });
});
