// The receivers' answers: headers and constant bodies are built once per outcome and shared, so the
// shared headers object is frozen (a caller that changed it would change every later answer).
import { describe, expect, it, vi } from 'vitest';
import { WebhookVerificationError } from '../../../src/webhooks/errors.js';
import { refuse, respond } from '../../../src/webhooks/receivers/receiver-result.js';

describe('receiver answers', () => {
  it('share one frozen headers object per outcome', async () => {
    // Imported afresh inside the test, so that the module's table of headers is built by it.
    vi.resetModules();
    const fresh = await import('../../../src/webhooks/receivers/receiver-result.js');
    const first = fresh.respond('processed');
    const second = fresh.respond('duplicate');
    expect(first.headers).toBe(fresh.respond('processed').headers);
    expect(Object.isFrozen(first.headers)).toBe(true);
    expect(() => {
      (first.headers as Record<string, string>)['x-extra'] = '1';
    }).toThrow(TypeError);
    expect(first).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: '{"received":true}',
      outcome: 'processed',
    });
    expect(second.body).toBe('{"received":true,"duplicate":true}');
    expect(fresh.respond('in_progress').headers).toEqual({ ...first.headers, 'retry-after': '60' });
    expect(fresh.respond('method_not_allowed').headers).toEqual({ ...first.headers, allow: 'POST' });
    expect(fresh.respond('store_error').headers).toEqual({ ...first.headers, 'retry-after': '60' });
    for (const outcome of ['stored', 'invalid_signature', 'payload_too_large', 'configuration_error'] as const) {
      expect(fresh.respond(outcome).headers).toBe(first.headers);
    }
  });

  it('carry the event only when there is one, and the code and message of a refusal', () => {
    const event = { id: 'evt_1', type: 'score.updated', timestamp: '2026-01-01T00:00:00Z', data: {} } as const;
    expect(respond('processed', undefined, event)).toMatchObject({ outcome: 'processed', event });
    expect('event' in respond('processed')).toBe(false);
    expect(JSON.parse(refuse(new WebhookVerificationError('signature_mismatch', 'no')).body)).toEqual({
      error: 'invalid_signature',
      code: 'signature_mismatch',
    });
    expect(JSON.parse(refuse(new WebhookVerificationError('stale_event', 'too old')).body)).toEqual({
      error: 'stale_event',
      code: 'stale_event',
      message: 'too old',
    });
  });
});
