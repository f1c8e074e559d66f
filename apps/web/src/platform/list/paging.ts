/**
 * Page number and size in a list's URL (?pageNo=…&pageSize=…), shared by every list so that a
 * kept-alive page, a shared link and the back button agree on where the user was.
 */
import { PAGE_SIZES } from '@zb/contract/constants';

export interface Paging {
  pageNo: number;
  pageSize: number;
}

const positiveInt = (raw: string | null, fallback: number): number => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/** The page in the URL; anything malformed falls back to the first page of the default size. */
export const parsePaging = (search: URLSearchParams): Paging => {
  const size = positiveInt(search.get('pageSize'), PAGE_SIZES[0]);
  return {
    pageNo: positiveInt(search.get('pageNo'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0],
  };
};

/** Writes the page; the default size is left out, and page 1 too unless `alwaysPageNo`. */
export const writePaging = (s: URLSearchParams, p: Paging, alwaysPageNo = false): void => {
  if (alwaysPageNo || p.pageNo > 1) s.set('pageNo', String(p.pageNo));
  if (p.pageSize !== PAGE_SIZES[0]) s.set('pageSize', String(p.pageSize));
};

/** Changing the page size starts again at page 1. */
export const nextPaging = (current: Paging, pageNo: number, pageSize: number): Paging => ({
  pageNo: pageSize === current.pageSize ? pageNo : 1,
  pageSize,
});

export const searchOf = (s: URLSearchParams): string => {
  const out = s.toString();
  return out ? `?${out}` : '';
};
