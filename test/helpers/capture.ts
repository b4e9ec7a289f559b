/** Every error a test caught through `captureError`; the leak guard searches them all for the key. */
export const capturedErrors: unknown[] = [];

/** Awaits `work` and returns what it threw; fails the test if it did not throw. */
export async function captureError(work: Promise<unknown> | (() => unknown)): Promise<Error> {
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (error) {
    capturedErrors.push(error);
    return error as Error;
  }
  throw new Error('expected the call to throw, and it did not');
}
