/** The measures most reports declare, so each report says only what differs. */
import type { MeasureDef } from './define';

/** A figure summed over the facts: a count (int, the default) or an amount (`type: 'money'`). */
export const summed = (label: string, extra: Partial<MeasureDef> = {}): MeasureDef => ({
  label,
  type: 'int',
  agg: 'sum',
  width: (extra.type ?? 'int') === 'int' ? 90 : 110,
  ...extra,
});

/** A share of two of the report's measures, shown as a percentage. */
export const ratioOf = (label: string, num: string, den: string, extra: Partial<MeasureDef> = {}): MeasureDef => ({
  label,
  type: 'percent',
  agg: 'ratio',
  of: { num, den },
  width: 90,
  ...extra,
});
