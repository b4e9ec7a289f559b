// What an APIError keeps of what the service sent is bounded: 500 characters of the body, of the
// service's message and of each field of at most 100 error items; a body over 1 MiB is not
// parsed as the envelope. Each bound with the key echoed right across it.
import { describe, expect, it } from 'vitest';
import { apiErrorFromResponse } from '../../../src/core/transport/error-from-status.js';
import { API_KEY } from '../../helpers/msw.js';

const build = (text: string) =>
  apiErrorFromResponse({
    status: 400,
    headers: new Headers(),
    text,
    where: 'GET /x',
    secrets: [API_KEY],
    resetAt: undefined,
    now: 0,
  });
const escaped = (s: string) => [...s].map((c) => `\\\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

describe('an API error keeps bounded parts of the answer', () => {
  it("keeps 500 characters of the service's message, the key escaped across the cut redacted whole", () => {
    // The message holds the key as \uXXXX escapes (the JSON text escapes them once more),
    // starting before the cut and ending after it.
    const message = JSON.parse(`"${'m'.repeat(460)}${escaped(API_KEY)}${'n'.repeat(5000)}"`) as string;
    const error = build(JSON.stringify({ success: false, message }));
    expect(error.message).toBe(`400 ${'m'.repeat(460)}[REDACTED]… (${message.length} characters)`);
    expect(error.body.length).toBeLessThanOrEqual(500);
    expect(error.body).not.toMatch(/\\u00/);
  });

  it('keeps at most 100 error items, each field at most 500 characters', () => {
    const items = Array.from({ length: 150 }, (_, i) => ({
      field: `f${i}`,
      code: 'C'.repeat(600),
      message: `${'x'.repeat(470)}${API_KEY}`,
    }));
    const error = build(JSON.stringify({ success: false, message: 'bad', errors: items }));
    expect(error.errors).toHaveLength(100);
    expect(error.errors[99]?.field).toBe('f99');
    for (const item of error.errors) {
      expect(item.code).toBe(`${'C'.repeat(482)}… (600 characters)`);
      expect(item.message).toBe(`${'x'.repeat(470)}[REDACTED]… (501 characters)`);
    }
  });

  it('does not parse a body over 1 MiB as the envelope', () => {
    const huge = JSON.stringify({ success: false, message: `refused ${API_KEY}`, pad: 'p'.repeat(1024 * 1024) });
    const error = build(huge);
    expect(error.message).toBe("400 GET /x failed with a body that is not the service's envelope (content-type: none)");
    expect(error.body).toMatch(/^\{"success":false,"message":"refused \[REDACTED\]","pad":"p+… \(\d+ characters\)$/);
    // Just under the bound it is read as the envelope.
    const under = JSON.stringify({ success: false, message: 'refused', pad: 'p'.repeat(1024 * 1024 - 60) });
    expect(build(under).message).toBe('400 refused');
  });
});
