/**
 * The secrets a request body carries, so that an echo of any of them is redacted like the key.
 *
 * The rule: a field names a secret when its name, lower-cased with everything but letters and
 * digits removed, contains `secret`, `password`, `passwd`, `passphrase`, `apikey`, `privatekey`,
 * `credential` or `authorization`, or ends with `token` without being just `token`
 * (`accessToken`, `refresh_token`; a bare `token` is a token symbol such as `USDC` in this API).
 * Every string under such a field is a secret, however deep (`credentials: { user, pass }`).
 *
 * The walk is bounded, so a large or cyclic body costs little: it reads {@link MAX_DEPTH}
 * levels and {@link MAX_VALUES} values, and keeps at most {@link MAX_SECRETS} secrets; a secret
 * beyond those bounds is not redacted. Request bodies of this API hold a few fields.
 */
export function secretsIn(body: unknown): string[] {
  const found: string[] = [];
  const budget = { values: MAX_VALUES };
  walk(body, false, 0, found, budget);
  return found;
}

const MAX_DEPTH = 8;
const MAX_VALUES = 1_000;
const MAX_SECRETS = 32;

const SECRET_WORDS = /secret|password|passwd|passphrase|apikey|privatekey|credential|authorization/;

/** Whether a field's name names a secret, by the rule above. */
export function namesSecret(name: string): boolean {
  const plain = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (plain !== 'token' && plain.endsWith('token')) return true;
  return SECRET_WORDS.test(plain);
}

function walk(value: unknown, secret: boolean, depth: number, found: string[], budget: { values: number }): void {
  budget.values--;
  if (typeof value === 'string') {
    if (secret && !found.includes(value)) found.push(value);
    return;
  }
  // null (an object to typeof) has no key to walk. A function is not walked: JSON drops it, so
  // nothing under it is ever sent.
  if (typeof value !== 'object' || depth >= MAX_DEPTH) return;
  const spent = () => budget.values <= 0 || found.length >= MAX_SECRETS;
  // An array by its indexes only: JSON sends its items, not other properties it may carry.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && !spent(); i++) walk(value[i], secret, depth + 1, found, budget);
    return;
  }
  // for…in rather than Object.keys, so a huge object is not listed whole once the budget is spent.
  for (const key in value) {
    if (spent()) return;
    if (Object.hasOwn(value, key)) {
      walk((value as Record<string, unknown>)[key], secret || namesSecret(key), depth + 1, found, budget);
    }
  }
}
