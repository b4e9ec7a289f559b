/**
 * Drops every own `__proto__` and `constructor` key from freshly parsed JSON, at every depth, and
 * returns the same value. `JSON.parse` keeps `"__proto__"` as an own key (a plain assignment
 * would not), and `Object.assign({}, record)` or a `for…in` copy then gives the copy the
 * sender's object as its prototype; an own `constructor` misleads code that reads
 * `record.constructor`. Dropped rather than refused: the rest of the record is still the
 * service's answer, and zod's loose objects drop `__proto__` the same way.
 *
 * A key in JSON is spelled with literal characters or `\uXXXX` escapes, so a text that holds
 * neither name literally nor an escape of one of their letters cannot contain them. Three
 * searches whose first character is rare in JSON (`__`, `uctor`, a backslash) are all a typical
 * response pays, a few per cent of its `JSON.parse`; only a text they match is searched for the
 * names exactly, and only one that holds a name is walked. The walk keeps its
 * own stack, so a deeply nested answer cannot overflow the call stack.
 */
export function withoutProtoKeys<T>(value: T, text: string): T {
  if (value === null || typeof value !== 'object') return value;
  if (!(text.includes('__') || text.includes('uctor') || text.includes('\\')) || !COULD_SPELL.test(text)) return value;
  const pending: object[] = [value];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    if (Array.isArray(current)) {
      for (const item of current) if (item !== null && typeof item === 'object') pending.push(item);
      continue;
    }
    const record = current as Record<string, unknown>;
    // Own keys only: the `__proto__` accessor and `constructor` of Object.prototype are untouched.
    if (Object.hasOwn(record, '__proto__')) Reflect.deleteProperty(record, '__proto__');
    if (Object.hasOwn(record, 'constructor')) Reflect.deleteProperty(record, 'constructor');
    for (const key in record) {
      const field = record[key];
      if (field !== null && typeof field === 'object') pending.push(field);
    }
  }
  return value;
}

// Either name spelled plainly, or `\u00` and the code of one of their letters
// (_ c n o p r s t u): 5f, 63, 6e, 6f, 70, 72, 73, 74, 75, in either hex case. Literal
// alternatives with no repetition: the search is linear in the text.
const COULD_SPELL = /__proto__|constructor|\\u00(?:5[fF]|6[3eEfF]|7[02-5])/;
