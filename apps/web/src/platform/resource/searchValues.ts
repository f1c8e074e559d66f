/**
 * The search form's values ↔ the list's URL filters. The form holds what its controls hold
 * (dayjs dates, numbers, arrays, a money range in 元); the URL holds strings.
 */
import type { AnyResource, FieldDef } from '@zb/contract/resource/define';
import { filterFields } from '@zb/contract/resource/define';
import { rangeKeys } from '@zb/contract/resource/schemas';
import dayjs, { type Dayjs } from 'dayjs';

const DATE_FORMAT = 'YYYY-MM-DD';
type FormValues = Record<string, unknown>;

const isDateType = (f: FieldDef) => f.type === 'date' || f.type === 'datetime';

const numberOrUndefined = (raw: string | undefined, money: boolean): number | undefined => {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? (money ? n / 100 : n) : undefined;
};

type Fields = readonly [string, FieldDef][];

export const formFromFilters = (decl: AnyResource, filters: Record<string, string>): FormValues =>
  formOfFields(filterFields(decl), filters);

export const filtersFromForm = (decl: AnyResource, values: FormValues): Record<string, string> =>
  filtersOfFields(filterFields(decl), values);

/** The form values of filters (fields with a filter kind): dayjs dates, numbers, arrays, 元. */
export const formOfFields = (fields: Fields, filters: Record<string, string>): FormValues => {
  const out: FormValues = {};
  for (const [key, f] of fields) {
    if (f.filter === 'range') {
      const { from, to } = rangeKeys(key);
      if (isDateType(f)) {
        out[key] =
          filters[from] || filters[to]
            ? [filters[from] ? dayjs(filters[from]) : null, filters[to] ? dayjs(filters[to]) : null]
            : undefined;
      } else {
        out[from] = numberOrUndefined(filters[from], f.type === 'money');
        out[to] = numberOrUndefined(filters[to], f.type === 'money');
      }
      continue;
    }
    const raw = filters[key];
    if (raw === undefined) out[key] = undefined;
    else if (f.filter === 'in') out[key] = raw.split(',');
    else if (f.type === 'lookup' || f.type === 'lookups' || f.type === 'int') out[key] = Number(raw);
    else if (f.type === 'money') out[key] = Number(raw) / 100;
    else if (f.type === 'date') out[key] = dayjs(raw);
    else out[key] = raw;
  }
  return out;
};

const text = (v: unknown, f: FieldDef): string | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  if (dayjs.isDayjs(v)) return (v as Dayjs).format(DATE_FORMAT);
  if (Array.isArray(v)) return v.length ? v.join(',') : undefined;
  if (typeof v === 'number') return String(f.type === 'money' ? Math.round(v * 100) : v);
  const s = String(v).trim();
  return s === '' ? undefined : s;
};

/** The URL filters of form values (strings; blanks left out). */
export const filtersOfFields = (fields: Fields, values: FormValues): Record<string, string> => {
  const out: Record<string, string> = {};
  const put = (k: string, v: string | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  for (const [key, f] of fields) {
    if (f.filter === 'range') {
      const { from, to } = rangeKeys(key);
      if (isDateType(f)) {
        const [lo, hi] = (values[key] as (Dayjs | null)[] | undefined) ?? [];
        put(from, text(lo, f));
        put(to, text(hi, f));
      } else {
        put(from, text(values[from], f));
        put(to, text(values[to], f));
      }
      continue;
    }
    put(key, text(values[key], f));
  }
  return out;
};
