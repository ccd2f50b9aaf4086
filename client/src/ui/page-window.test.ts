import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it.each([
    // current, totalPages, size, expected
    [1, 0, 3, []],
    [1, 1, 3, [1]],
    [1, 2, 3, [1, 2]],
    [2, 2, 3, [1, 2]],
    [1, 3, 3, [1, 2, 3]],
    [3, 3, 3, [1, 2, 3]],
    [1, 10, 3, [1, 2, 3]],
    [2, 10, 3, [1, 2, 3]],
    [3, 10, 3, [2, 3, 4]],
    [5, 10, 3, [4, 5, 6]],
    [9, 10, 3, [8, 9, 10]],
    [10, 10, 3, [8, 9, 10]],
    [0, 10, 3, [1, 2, 3]],
    [42, 10, 3, [8, 9, 10]],
    [5, 10, 5, [3, 4, 5, 6, 7]],
    [1, 10, 5, [1, 2, 3, 4, 5]],
    [10, 10, 5, [6, 7, 8, 9, 10]],
    [4, 10, 5, [2, 3, 4, 5, 6]],
    [7, 10, 5, [5, 6, 7, 8, 9]],
    [9, 10, 5, [6, 7, 8, 9, 10]],
    [4, 10, 4, [3, 4, 5, 6]],
    [3, 10, 0, []],
  ])('page %i of %i with %i buttons shows %j', (current, totalPages, size, expected) => {
    expect(pageWindow(current, totalPages, size)).toEqual(expected);
  });
});
