// A promise with its resolve function beside it (`Promise.withResolvers`, which Node 20 lacks).

/** A promise, and the function that resolves it. */
export function deferred<T = void>(): { readonly promise: Promise<T>; readonly resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
