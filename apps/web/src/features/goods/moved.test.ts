import { describe, expect, it } from 'vitest';
import { moved } from './ProductSortPage';

describe('moved', () => {
  it('moves an item up, down, to the top and to the bottom without losing any', () => {
    expect(moved([1, 2, 3, 4], 2, 1)).toEqual([1, 3, 2, 4]);
    expect(moved([1, 2, 3, 4], 0, 1)).toEqual([2, 1, 3, 4]);
    expect(moved([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moved([1, 2, 3, 4], 0, 3)).toEqual([2, 3, 4, 1]);
  });
});
