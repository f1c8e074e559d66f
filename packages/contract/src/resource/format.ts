/**
 * How a field's value reads to a person: in the list, the detail and the exported file. One
 * implementation, so the file says what the screen says.
 */
import { formatDateTime } from '../time';
import { type FieldDef, optionLabel } from './define';

/** 分 → "1,234.50". */
export const formatYuan = (fen: number): string =>
  (fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A field's value as text. A lookup's row carries its name beside the id (`<key>Name`), which
 * the caller passes as `name`.
 */
export const formatValue = (f: FieldDef, value: unknown, name?: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value) && value.length === 0) return '';
  switch (f.type) {
    case 'money':
      return formatYuan(Number(value));
    case 'percent':
      return `${(Number(value) / 100).toFixed(2)}%`;
    case 'bool':
      return value ? (f.boolLabels?.yes ?? '是') : (f.boolLabels?.no ?? '否');
    case 'enum':
      return optionLabel(f, value);
    case 'lookup':
      return String(name ?? value);
    case 'lookups':
      return String(name ?? '');
    case 'images':
      return Array.isArray(value) ? `${value.length} 张` : '';
    case 'datetime':
      return formatDateTime(value as string | Date);
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return String(value);
  }
};

/** A cell of the exported sheet: money stays a number (in 元) so the sheet can add it up. */
export const exportCell = (f: FieldDef, value: unknown, name?: unknown): string | number | null => {
  if (value === null || value === undefined || value === '') return null;
  if (f.type === 'money') return Number(value) / 100;
  if (f.type === 'percent') return `${(Number(value) / 100).toFixed(2)}%`;
  if (f.type === 'int') return Number(value);
  return formatValue(f, value, name);
};

/** The key under which a lookup's row carries the item's name. */
export const lookupNameKey = (key: string): string => `${key}Name`;
