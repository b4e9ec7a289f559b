// The key `credit-platform fake` answers to when the user gives one, so a restarted fake keeps it
// and every terminal that exported it keeps working (sdk-surface.md, "Added in 0.5").
import { UsageError } from './args.js';

/** The variable the client, `webhooks trigger` and the fake itself read the key from. */
export const API_KEY_ENV = 'CREDIT_PLATFORM_API_KEY';

/** Where a given key came from, for a line that says so without printing it. */
export type ApiKeySource = '--api-key' | typeof API_KEY_ENV;

// Sent as the X-API-Key header: visible ASCII only, and long enough not to be a slip of the keyboard.
const HEADER_SAFE = /^[\x21-\x7e]{8,256}$/;

/**
 * The key from `--api-key`, else from {@link API_KEY_ENV} (an empty variable counts as none);
 * `undefined` when neither is set, and the fake then makes one of its own. A key that cannot be
 * sent as a header is a {@link UsageError} that never quotes it.
 */
export function givenApiKey(
  command: string,
  option: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): { key: string; source: ApiKeySource } | undefined {
  const fromEnv = env[API_KEY_ENV];
  let given: { key: string; source: ApiKeySource } | undefined;
  if (option !== undefined) given = { key: option, source: '--api-key' };
  else if (fromEnv) given = { key: fromEnv, source: API_KEY_ENV };
  if (given && !HEADER_SAFE.test(given.key)) {
    throw new UsageError(
      `${command}: the key from ${given.source} must be 8 to 256 visible ASCII characters (no spaces), as an X-API-Key header is.`,
    );
  }
  return given;
}
