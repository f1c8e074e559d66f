/**
 * Store stock: the kinds of movement and the base unit a product's stock is counted in. A product
 * consumed by the millilitre (mlPerUnit set) is counted in ml, any other in its own unit, so a
 * received order of 2 瓶 of a 500 ml product adds 1000.
 */

export const STOCK_MOVEMENT_KINDS = [
  { value: 'orderReceive', label: '订货收货' },
  { value: 'memberReceive', label: '会员领用' },
  { value: 'consume', label: '服务消耗' },
  { value: 'adjust', label: '盘点调整' },
  { value: 'secondOut', label: '借调调出' },
  { value: 'secondIn', label: '借调调入' },
] as const;

export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number]['value'];

export interface StockUnit {
  unit: string;
  mlPerUnit: number | null;
}

/** Base units in `pieces` of the product (pieces × ml per unit, or the pieces themselves). */
export const toBaseUnits = (p: StockUnit, pieces: number): number => (p.mlPerUnit ? pieces * p.mlPerUnit : pieces);

/** A base quantity as a person reads it: "2瓶" or "2瓶 300ml" or "300ml". */
export const formatStock = (p: StockUnit, base: number): string => {
  if (!p.mlPerUnit) return `${base}${p.unit}`;
  const sign = base < 0 ? '-' : '';
  const abs = Math.abs(base);
  const whole = Math.floor(abs / p.mlPerUnit);
  const rest = abs % p.mlPerUnit;
  if (whole === 0) return `${sign}${rest}ml`;
  return `${sign}${whole}${p.unit}${rest ? ` ${rest}ml` : ''}`;
};
