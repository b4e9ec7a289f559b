const INSPECT = Symbol.for('nodejs.util.inspect.custom');

function asObject(this: Headers): Record<string, string> {
  return Object.fromEntries(this);
}

/**
 * Response headers as errors keep them: shown by `util.inspect` and `JSON.stringify` as a plain
 * object. Built on a plain `Headers` rather than a subclass of it: a class that extends `Headers`
 * touches the global when the module loads, and in Node that loads undici (about a fifth of the
 * SDK's import time), although an error may never be built.
 */
export function inspectableHeaders(init?: HeadersInit): Headers {
  const headers = new Headers(init);
  Object.defineProperties(headers, {
    [INSPECT]: { value: asObject },
    toJSON: { value: asObject },
  });
  return headers;
}

/** Whether `headers` came from {@link inspectableHeaders}: only those carry its `toJSON`. */
export function isInspectable(headers: unknown): headers is Headers {
  return (headers as { toJSON?: unknown } | null | undefined)?.toJSON === asObject;
}
