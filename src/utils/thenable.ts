/**
 * Whether `value` is a promise or any other thenable. The receivers call stores and callbacks
 * that may answer synchronously (the memory store does) or with a promise (Redis, PostgreSQL, an
 * `async` callback), and await only what is pending: each `await` of a plain value costs a
 * microtask turn on every delivery.
 */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
