// Shared by the tests that a parsed record or event cannot pollute a prototype: the object a
// sender hides under `__proto__` (or `constructor`), and what must hold of a record once cleaned.
import { expect } from 'vitest';

/** What the sender wants an `Object.assign` copy to inherit. */
export const EVIL = '{"polluted":"yes","toString":"owned"}';

/** `record` has no own `__proto__`/`constructor` key, and neither `Object.assign` nor spread copies take the sender's prototype. */
export function expectNoProtoKeys(record: unknown): void {
  const value = record as Record<string, unknown>;
  const assigned = Object.assign({}, value) as Record<string, unknown>;
  expect(assigned.polluted).toBeUndefined();
  expect(Object.getPrototypeOf(assigned)).toBe(Object.prototype);
  expect(assigned.constructor).toBe(Object);
  expect(Object.hasOwn(value, '__proto__')).toBe(false);
  expect(Object.hasOwn(value, 'constructor')).toBe(false);
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  const spread = { ...value };
  expect(Object.hasOwn(spread, '__proto__')).toBe(false);
  expect(Object.hasOwn(spread, 'constructor')).toBe(false);
  expect(Object.assign({}, spread).polluted).toBeUndefined();
}
