/**
 * A resource list's state in the URL: its filters (by the declaration's filter kinds), sort and
 * page. Malformed values fall back to "not given", so any link opens; the server checks again.
 */
import type { AnyResource, FieldDef } from '@zb/contract/resource/define';
import { filterFields, sortableFields } from '@zb/contract/resource/define';
import { rangeKeys } from '@zb/contract/resource/schemas';
import { type Paging, parsePaging, searchOf, writePaging } from '../list/paging';

export type SortDir = 'asc' | 'desc';

export interface ResourceParams extends Paging {
  /** Filter values by query key (a range gives `<key>From` and `<key>To`), as strings. */
  filters: Record<string, string>;
  sortBy?: string;
  sortDir?: SortDir;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INT = /^-?\d{1,12}$/;

/** Whether a raw query value suits the field (so the server is never sent what it must refuse). */
const fits = (f: FieldDef, raw: string): boolean => {
  switch (f.type) {
    case 'int':
    case 'money':
    case 'lookup':
    case 'lookups':
      return INT.test(raw);
    case 'date':
    case 'datetime':
      return DATE.test(raw);
    case 'bool':
      return raw === 'true' || raw === 'false';
    case 'enum':
      return raw.split(',').every((v) => f.options?.some((o) => o.value === v));
    default:
      return raw.trim().length > 0 && raw.length <= 50;
  }
};

/** The query keys a field's filter reads. */
export const filterKeys = (key: string, f: FieldDef): string[] => {
  if (f.filter !== 'range') return [key];
  const { from, to } = rangeKeys(key);
  return [from, to];
};

/** The values of the filters in a query string that suit their fields (text trimmed). */
export const parseFilters = (
  fields: readonly [string, FieldDef][],
  search: URLSearchParams,
): Record<string, string> => {
  const filters: Record<string, string> = {};
  for (const [key, f] of fields) {
    for (const k of filterKeys(key, f)) {
      const raw = search.get(k);
      if (raw !== null && fits(f, raw)) filters[k] = f.type === 'text' || f.type === 'textarea' ? raw.trim() : raw;
    }
  }
  return filters;
};

export const parseResourceParams = (decl: AnyResource, search: URLSearchParams): ResourceParams => {
  const filters = parseFilters(filterFields(decl), search);
  const sortBy = search.get('sortBy') ?? undefined;
  const sortDir = search.get('sortDir');
  const sortable = sortBy !== undefined && sortableFields(decl).includes(sortBy);
  return {
    filters,
    sortBy: sortable ? sortBy : undefined,
    sortDir: sortable && (sortDir === 'asc' || sortDir === 'desc') ? sortDir : undefined,
    ...parsePaging(search),
  };
};

/**
 * The query string of a state. pageNo is always written: the shell reopens a kept-alive page
 * opened bare at its last query, so 重置 must not be bare.
 */
export const resourceSearch = (p: ResourceParams): string => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(p.filters)) if (v !== '') s.set(k, v);
  if (p.sortBy) {
    s.set('sortBy', p.sortBy);
    if (p.sortDir) s.set('sortDir', p.sortDir);
  }
  writePaging(s, p, true);
  return searchOf(s);
};

/** What the list call sends: filters, sort, page. */
export const listQueryOf = (p: ResourceParams): Record<string, string | number> => ({
  ...p.filters,
  ...(p.sortBy ? { sortBy: p.sortBy, sortDir: p.sortDir ?? 'asc' } : {}),
  pageNo: p.pageNo,
  pageSize: p.pageSize,
});

/** What the export call sends: the list's filters and sort, no page. */
export const exportQueryOf = (p: ResourceParams): Record<string, string> => ({
  ...p.filters,
  ...(p.sortBy ? { sortBy: p.sortBy, sortDir: p.sortDir ?? 'asc' } : {}),
});
