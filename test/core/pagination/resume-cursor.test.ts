import { describe, expect, it } from 'vitest';
import { cursorLoopError, withResumeCursor } from '../../../src/core/pagination/resume-cursor.js';
import { CreditPlatformError, InternalServerError, InvalidResponseError } from '../../../src/index.js';

describe('withResumeCursor', () => {
  it('records the cursor of the page that failed on an SDK error, null for the first page', () => {
    const later = withResumeCursor(new CreditPlatformError('page failed'), 'c_6') as CreditPlatformError;
    expect(later.resumeCursor).toBe('c_6');
    const down = new InternalServerError({
      status: 500,
      message: 'down',
      errors: [],
      headers: new Headers(),
      rateLimit: undefined,
    });
    const first = withResumeCursor(down, null) as CreditPlatformError;
    expect(first.resumeCursor).toBeNull();
  });

  it('keeps the first cursor recorded: an error rethrown through several layers names the page that really failed', () => {
    const error = new CreditPlatformError('page failed');
    expect(withResumeCursor(withResumeCursor(withResumeCursor(error, 'c_4'), 'c_2'), null)).toBe(error);
    expect(error.resumeCursor).toBe('c_4');
    const first = withResumeCursor(new CreditPlatformError('first page failed'), null);
    expect((withResumeCursor(first, 'c_2') as CreditPlatformError).resumeCursor).toBeNull();
  });

  it('leaves any other thrown value as it was', () => {
    const plain = new TypeError('not an SDK error');
    expect(withResumeCursor(plain, 'c_2')).toBe(plain);
    expect('resumeCursor' in plain).toBe(false);
    expect(withResumeCursor('a string', 'c_2')).toBe('a string');
  });
});

describe('cursorLoopError', () => {
  it('is an InvalidResponseError of the 200 that repeated the cursor, without quoting it', () => {
    const error = cursorLoopError();
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.status).toBe(200);
    expect(error.resumeCursor).toBeUndefined();
  });
});
