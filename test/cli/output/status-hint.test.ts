import { describe, expect, it } from 'vitest';
import { COMMAND_SIGNER, type Signer, statusHint } from '../../../src/cli/output/status-hint.js';

const SIGNER: Signer = { urlOption: '--to', signer: COMMAND_SIGNER };
const RETRIES = 'retries after 1 min, 5 min, 30 min, 2 h, 12 h';

// What each status means, stated range by range, independently of the code under test.
function expected(status: number): string | undefined {
  if (status >= 200 && status <= 299) return undefined;
  if (status >= 300 && status <= 399) return 'the service does not follow redirects; point --to at the final URL.';
  if (status === 401) return `the endpoint refused the signature; does it verify with the same secret as ${COMMAND_SIGNER}?`;
  return `the service counts this delivery as failed: ${RETRIES}.`;
}

describe('statusHint', () => {
  it('explains every status from 100 to 599 by its range: 2xx nothing, 3xx redirect, 401 signature, else failed with its retries', () => {
    for (let status = 100; status <= 599; status++) {
      expect([status, statusHint(status, false, SIGNER)]).toEqual([status, expected(status)]);
    }
  });

  it('says a 2xx answer marked duplicate did not run the handler, with the signer’s cause when it has one', () => {
    const plain = 'the endpoint had already handled this event id and did not run its handler again.';
    for (const status of [200, 204, 299]) expect(statusHint(status, true, SIGNER)).toBe(plain);
    const cause = 'The fake reuses the event id of --event.';
    expect(statusHint(200, true, { ...SIGNER, duplicateCause: cause })).toBe(`${plain} ${cause}`);
  });

  it('reads `duplicate` only on a 2xx answer', () => {
    for (const status of [302, 401, 404, 500]) expect(statusHint(status, true, SIGNER)).toBe(statusHint(status, false, SIGNER));
  });

  it('names the option and the signer it is given', () => {
    const fake: Signer = { urlOption: '--forward-to', signer: 'the fake (its own secret)' };
    expect(statusHint(307, false, fake)).toContain('point --forward-to at the final URL');
    expect(statusHint(401, false, fake)).toContain('the same secret as the fake (its own secret)?');
  });
});
