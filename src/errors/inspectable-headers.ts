const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** Response headers as errors keep them: values redacted, and shown by `util.inspect` as a plain object. */
export class InspectableHeaders extends Headers {
  [INSPECT](): Record<string, string> {
    return Object.fromEntries(this);
  }

  toJSON(): Record<string, string> {
    return Object.fromEntries(this);
  }
}
