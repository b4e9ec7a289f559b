// Path templates: the names they hold, and filled so that no value can change the route.
import { describe, expect, it } from 'vitest';
import { fillPath, pathParamNames } from '../../../src/core/operations/operation.js';
import { RequestValidationError } from '../../../src/index.js';

describe('path templates', () => {
  it('names every parameter, in order', () => {
    expect(pathParamNames('accounts/me')).toEqual([]);
    expect(pathParamNames('deposits/{depositId}')).toEqual(['depositId']);
    expect(pathParamNames('a/{first}/b/{second_2}')).toEqual(['first', 'second_2']);
  });

  it('fills every parameter percent-encoded, so a value stays one segment', () => {
    expect(fillPath('accounts/me', { x: 1 })).toBe('accounts/me');
    expect(fillPath('a/{x}/b/{y}', { x: '../admin', y: 'p q?#&' })).toBe('a/..%2Fadmin/b/p%20q%3F%23%26');
    expect(fillPath('a/{x}', { x: 42 })).toBe('a/42');
    expect(fillPath('a/{x}', {})).toBe('a/undefined');
    expect(fillPath('a/{x}', undefined)).toBe('a/undefined');
  });

  it('refuses a value no URL can carry, naming the parameter and the call', () => {
    let error: unknown;
    try {
      fillPath('deposits/{depositId}', { depositId: 'dep_\ud800' }, 'GET /deposits/{depositId}');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).message).toBe(
      'GET /deposits/{depositId} was not sent: depositId is not valid text: it holds a lone UTF-16 surrogate, which no URL can carry.',
    );
    expect((error as RequestValidationError).errors).toEqual([
      { field: 'depositId', code: 'INVALID_PATH_PARAM', message: expect.stringContaining('lone UTF-16 surrogate') },
    ]);
    expect(() => fillPath('d/{id}', { id: '\udc00' })).toThrow(/^d\/\{id\} was not sent: id /);
  });
});
