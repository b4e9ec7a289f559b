import { inspect } from 'node:util';
import { afterAll, expect } from 'vitest';
import { capturedErrors } from '../helpers/capture.js';
import { API_KEY } from '../helpers/msw.js';

/** Every way an error reaches a log: message, stack, JSON, util.inspect (with its causes). */
export function renderings(error: unknown): string[] {
  const out = [inspect(error, { depth: 10, showHidden: true })];
  if (error instanceof Error) {
    out.push(error.message, error.stack ?? '', String(error));
    try {
      out.push(JSON.stringify(error) ?? '');
    } catch {
      // a circular structure cannot leak through JSON.stringify, it throws instead
    }
  }
  return out;
}

// The secret-leak guard: after each test file, search every error its tests captured.
afterAll(() => {
  for (const error of capturedErrors) {
    for (const text of renderings(error)) expect(text.includes(API_KEY), `API key leaked in: ${text.slice(0, 300)}`).toBe(false);
  }
});
