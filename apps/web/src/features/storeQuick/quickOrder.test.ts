import { STORE_QUICK_MAX } from '@zb/contract/api/storeQuick';
import { describe, expect, it } from 'vitest';
import { addCode, moveCode, removeCode, sameOrder } from './quickOrder';

describe('the ordered quick entries', () => {
  it('adds at the end, once, up to the limit', () => {
    expect(addCode(['A'], 'B')).toEqual(['A', 'B']);
    expect(addCode(['A', 'B'], 'A')).toEqual(['A', 'B']);
    const full = Array.from({ length: STORE_QUICK_MAX }, (_, i) => `C${i}`);
    expect(addCode(full, 'X')).toEqual(full);
  });

  it('moves up and down, staying put at the ends', () => {
    expect(moveCode(['A', 'B', 'C'], 'C', -1)).toEqual(['A', 'C', 'B']);
    expect(moveCode(['A', 'B', 'C'], 'A', 1)).toEqual(['B', 'A', 'C']);
    expect(moveCode(['A', 'B'], 'A', -1)).toEqual(['A', 'B']);
    expect(moveCode(['A', 'B'], 'B', 1)).toEqual(['A', 'B']);
  });

  it('removes, and compares orders', () => {
    expect(removeCode(['A', 'B', 'C'], 'B')).toEqual(['A', 'C']);
    expect(sameOrder(['A', 'B'], ['A', 'B'])).toBe(true);
    expect(sameOrder(['A', 'B'], ['B', 'A'])).toBe(false);
  });
});
