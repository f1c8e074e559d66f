/** Paged lists: pageNo from 1, pageSize from PAGE_SIZES; answers `{ list, total }`. */
import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { fromText, intParamOf } from './ids';

export const pagingQuery = z.object({
  pageNo: intParamOf('页码', { min: 1, max: 100_000 }, { min: '页码从 1 开始' }).default(1),
  pageSize: z
    .preprocess(fromText, z.number({ error: '每页条数须为整数' }).int('每页条数须为整数'))
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
