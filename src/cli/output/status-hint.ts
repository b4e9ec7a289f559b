import { WEBHOOK_SECRET_ENV } from '../secret-source.js';
import { retriesAfter } from './retry-wording.js';

/** Who signed a delivery, as `webhooks send` and `webhooks trigger` explain a refusal. */
export interface Signer {
  /** The option that named the endpoint: `--to`, `--forward-to`. */
  readonly urlOption: string;
  /** Who signed, and with which secret, e.g. `this command (…)`. */
  readonly signer: string;
  /** Added to the note on a duplicate: what makes the id repeat. */
  readonly duplicateCause?: string;
}

/** `this command` as a signer: the secret came from one of its sources. */
export const COMMAND_SIGNER = `this command (${WEBHOOK_SECRET_ENV}, --secret-file or --secret)`;

/**
 * What one delivery's answer means for the developer, the same words for `webhooks send` and
 * `webhooks trigger`: why a non-2xx answer failed and what the service would do, or, for a 2xx
 * answer saying `duplicate`, that the handler did not run. `undefined` for a plain 2xx.
 */
export function statusHint(status: number, duplicate: boolean, who: Signer): string | undefined {
  if (status >= 200 && status < 300) {
    if (!duplicate) return undefined;
    return `the endpoint had already handled this event id and did not run its handler again.${who.duplicateCause ? ` ${who.duplicateCause}` : ''}`;
  }
  if (status >= 300 && status < 400) return `the service does not follow redirects; point ${who.urlOption} at the final URL.`;
  if (status === 401) return `the endpoint refused the signature; does it verify with the same secret as ${who.signer}?`;
  return `the service counts this delivery as failed: ${retriesAfter()}.`;
}
