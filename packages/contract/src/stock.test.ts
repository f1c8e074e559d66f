import { describe, expect, it } from 'vitest';
import { formatStock, toBaseUnits } from './stock';

const bottle = { unit: '瓶', mlPerUnit: 500 };
const box = { unit: '盒', mlPerUnit: null };

describe('stock units', () => {
  it('counts goods consumed by the millilitre in ml and others in their own unit', () => {
    expect(toBaseUnits(bottle, 2)).toBe(1000);
    expect(toBaseUnits(box, 3)).toBe(3);
  });

  it('reads a base quantity back in whole units and the millilitres left', () => {
    expect(formatStock(bottle, 1300)).toBe('2瓶 300ml');
    expect(formatStock(bottle, 1000)).toBe('2瓶');
    expect(formatStock(bottle, 300)).toBe('300ml');
    expect(formatStock(bottle, -700)).toBe('-1瓶 200ml');
    expect(formatStock(box, 3)).toBe('3盒');
  });
});
