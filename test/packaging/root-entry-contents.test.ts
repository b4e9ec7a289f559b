// credit-platform/money and credit-platform/otel are entries of their own: the root entry (and so
// the whole client's size budget) holds nothing of them, nor OpenTelemetry's API package.
import { describe, expect, it } from 'vitest';
import { strangersInRoot } from '../../bench/size/budget.js';

describe('the root entry', () => {
  it('bundles nothing of src/money, src/otel or @opentelemetry', async () => {
    expect(await strangersInRoot({ built: false })).toEqual([]);
  });
});
