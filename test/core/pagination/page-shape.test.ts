// readPageShape, the documented rule for where a list response keeps its items and the cursor of
// the next page, case by case: a walk that read the wrong cursor would skip or repeat pages.
import { describe, expect, it } from 'vitest';
import { readPageShape } from '../../../src/core/pagination/page-promise.js';
import { InvalidResponseError } from '../../../src/index.js';

const shape = (data: unknown) => readPageShape(data, 'deposits', 200);

describe('readPageShape: the items', () => {
  it.each([
    ['a bare array, which is the whole list', [1, 2], [1, 2]],
    ['data.items', { items: [1] }, [1]],
    ['data.data', { data: [2] }, [2]],
    ['data.<resource>', { deposits: [3] }, [3]],
    ['data.data before the resource', { data: [2], deposits: [3] }, [2]],
    ['the first of them that is an array', { items: 'no', data: null, deposits: [3] }, [3]],
  ])('reads %s', (_label, data, items) => {
    expect(shape(data).items).toEqual(items);
  });

  it.each([
    ['an object with no array', { something: 'else' }, '{"something":"else"}'],
    ['null', null, 'null'],
    ['a string', 'page', '"page"'],
    ['undefined', undefined, 'undefined'],
    ['an object that cannot be written as JSON', { count: 1n }, '[object Object]'],
  ])('%s is an InvalidResponseError that names where it looked and keeps the body', (_label, data, body) => {
    let error: unknown;
    try {
      readPageShape(data, 'deposits', 207);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidResponseError);
    const invalid = error as InvalidResponseError;
    expect(invalid.message).toBe(
      "A list response's data has no items array (looked for data[], data.items, data.data and data.deposits)",
    );
    expect(invalid.status).toBe(207);
    expect(invalid.body).toBe(body);
  });
});

describe('readPageShape: the next cursor', () => {
  it.each([
    ['a bare array: none', [1], null],
    ['nextCursor', { items: [], nextCursor: 'n1' }, 'n1'],
    ['next_cursor', { items: [], next_cursor: 'n2' }, 'n2'],
    ['cursor', { items: [], cursor: 'n3' }, 'n3'],
    ['nextCursor before next_cursor before cursor', { items: [], cursor: 'c', next_cursor: 'b', nextCursor: 'a' }, 'a'],
    ['next_cursor before cursor', { items: [], cursor: 'c', next_cursor: 'b' }, 'b'],
    ['an empty cursor: none', { items: [], nextCursor: '' }, null],
    ['a null nextCursor: none, whatever cursor says', { items: [], nextCursor: null, cursor: 'stale' }, null],
    ['a cursor that is not a string is passed over', { items: [], nextCursor: 7, cursor: 'c' }, 'c'],
    ['no cursor at all: none', { items: [] }, null],
    ['pagination.nextCursor', { items: [], pagination: { nextCursor: 'p1' } }, 'p1'],
    ['pagination.next_cursor', { items: [], pagination: { next_cursor: 'p2' } }, 'p2'],
    ['the top level before pagination', { items: [], nextCursor: 't', pagination: { nextCursor: 'p' } }, 't'],
    ['pagination that is not an object is passed over', { items: [], pagination: ['p'] }, null],
    ['hasMore: false ends the list', { items: [], nextCursor: 'n', hasMore: false }, null],
    ['has_more: false ends the list', { items: [], nextCursor: 'n', has_more: false }, null],
    ['pagination.hasMore: false ends the list', { items: [], nextCursor: 'n', pagination: { hasMore: false } }, null],
    ['pagination.has_more: false ends the list', { items: [], pagination: { nextCursor: 'n', has_more: false } }, null],
    ['hasMore: true keeps the cursor', { items: [], nextCursor: 'n', hasMore: true, pagination: { has_more: true } }, 'n'],
    ['a hasMore that is not false keeps the cursor', { items: [], nextCursor: 'n', hasMore: 0, has_more: null }, 'n'],
  ])('%s', (_label, data, cursor) => {
    expect(shape(data).nextCursor).toBe(cursor);
  });
});
