/** Paged lists: pageNo from 1, pageSize from PAGE_SIZES; answers `{ list, total }`. */
import { z } from 'zod';
import { PAGE_SIZES } from '../constants';

export const pagingQuery = z.object({
  pageNo: z.coerce.number().int().min(1, '页码从 1 开始').max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine(
      (n) => n === 1 || (PAGE_SIZES as readonly number[]).includes(n),
      `每页条数只能是 1 或 ${PAGE_SIZES.join('/')}`,
    )
    .default(PAGE_SIZES[0]),
});

export interface Page<T> {
  list: T[];
  total: number;
}
