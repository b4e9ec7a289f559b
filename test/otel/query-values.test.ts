import { describe, expect, it } from 'vitest';
import { withoutQueryValues } from '../../src/otel/query-values.js';

describe('withoutQueryValues', () => {
  it('replaces the value of every query parameter, keeping the names, the path and the text around', () => {
    expect(withoutQueryValues('cannot serve GET https://api.test/v1/transactions?limit=5&cursor=c_77 (retry later)')).toBe(
      'cannot serve GET https://api.test/v1/transactions?limit=[REDACTED]&cursor=[REDACTED] (retry later)',
    );
  });

  it('ends a value at a fragment, a quote or an angle bracket', () => {
    expect(withoutQueryValues('"/x?a=1#top" <y?b=2>')).toBe('"/x?a=[REDACTED]#top" <y?b=[REDACTED]>');
    expect(withoutQueryValues("'/x?a=1'")).toBe("'/x?a=[REDACTED]'");
  });

  it('redacts an empty value too, and every URL of the text', () => {
    expect(withoutQueryValues('/a?x= and /b?y=2')).toBe('/a?x=[REDACTED] and /b?y=[REDACTED]');
  });

  it('leaves text without a query parameter as it is', () => {
    for (const text of ['no such deposit', 'did you mean limit? it must be 1-100', 'a=b outside a query', '/path?']) {
      expect(withoutQueryValues(text)).toBe(text);
    }
  });
});
