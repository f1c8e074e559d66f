/** The table pagination every list shows: 共 N 条 and the contract's page sizes. */
import { PAGE_SIZES } from '@zb/contract/constants';
import type { Paging } from './paging';

export const showTotal = (n: number): string => `共 ${n} 条`;

export const tablePagination = (
  page: Paging,
  total: number,
  onChange: (pageNo: number, pageSize: number) => void,
  opts: { sizeChanger?: boolean } = {},
) => ({
  current: page.pageNo,
  pageSize: page.pageSize,
  total,
  showTotal,
  showSizeChanger: opts.sizeChanger ?? true,
  pageSizeOptions: PAGE_SIZES.map(String),
  onChange,
});
