/**
 * Drops every own `__proto__` and `constructor` key from freshly parsed JSON, at every depth, and
 * returns the same value. `JSON.parse` keeps `"__proto__"` as an own key (a plain assignment
 * would not), and `Object.assign({}, record)` or a `for…in` copy then gives the copy the
 * sender's object as its prototype; an own `constructor` misleads code that reads
 * `record.constructor`. Dropped rather than refused: the rest of the record is still the
 * service's answer, and zod's loose objects drop `__proto__` the same way.
 *
 * A key in JSON is spelled with literal characters or `\uXXXX` escapes, so a text that holds
 * neither name literally nor an escape of one of their letters cannot contain them
 * ({@link couldSpellOne}); that search is all a typical response pays, and only a text it matches
 * is walked. The walk keeps its own stack, so a deeply nested answer cannot overflow the call
 * stack.
 */
export function withoutProtoKeys<T>(value: T, text: string): T {
  if (!couldSpellOne(text)) return value;
  // A value that is not an object (null, a number) is popped with no key to visit.
  const pending: unknown[] = [value];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    // for…in below would walk an array's indexes to the same end; for…of is the fast way through a long one.
    if (Array.isArray(current)) {
      for (const item of current) if (isObjectOrNull(item)) pending.push(item);
      continue;
    }
    // `for…in` visits the record's own keys (JSON.parse makes each one enumerable) and none of
    // Object.prototype's, whose `__proto__` accessor and `constructor` stay untouched.
    const record = current as Record<string, unknown>;
    for (const key in record) {
      const field = record[key];
      if (key === '__proto__' || key === 'constructor') Reflect.deleteProperty(record, key);
      else if (isObjectOrNull(field)) pending.push(field);
    }
  }
  return value;
}

// Null goes on the stack too: `for…in` over it visits no key.
function isObjectOrNull(value: unknown): value is object | null {
  return typeof value === 'object';
}

/**
 * Whether `text` holds `__proto__` or `constructor` literally, or `\u00` followed by the code of
 * one of their letters (_ c n o p r s t u). Each search starts with a character that is rare in
 * JSON (`__` before `__proto__`, `uctor` before `constructor`, a backslash before an escape), so
 * the engine skips ahead with a fast character scan: a page of 100 records pays about 3% of its
 * `JSON.parse`, one with an escaped letter in every record about 7%
 * (bench/resources/proto-keys.ts). Linear in the text.
 */
function couldSpellOne(text: string): boolean {
  if (text.includes('__') && text.includes('__proto__')) return true;
  if (text.includes('uctor') && text.includes('constructor')) return true;
  for (let at = text.indexOf('\\u00'); at !== -1; at = text.indexOf('\\u00', at + 4)) {
    if (isLetterCode(text.charCodeAt(at + 4), text.charCodeAt(at + 5) | 0x20)) return true;
  }
  return false;
}

// 5f, 63, 6e, 6f, 70, 72-75 (hex digits as char codes; `low` lower-cased by the caller).
function isLetterCode(high: number, low: number): boolean {
  if (high === 0x35) return low === 0x66;
  if (high === 0x36) return low === 0x33 || low === 0x65 || low === 0x66;
  if (high === 0x37) return low === 0x30 || (low >= 0x32 && low <= 0x35);
  return false;
}
