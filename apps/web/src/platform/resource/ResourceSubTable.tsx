/**
 * A read-only list of a resource under fixed filters, paged by the server: the records that belong
 * to the one a detail page shows (a plan's sales, a batch's codes), with the declaration's columns.
 */
import { useQuery } from '@tanstack/react-query';
import { type ResourceRow, resourceApi } from '@zb/contract/resource/api';
import type { AnyResource } from '@zb/contract/resource/define';
import { Empty, Table } from 'antd';
import { useState } from 'react';
import { call } from '../http';
import { resourceKey } from '../queryClient';
import { resourceColumns } from './columns';

const PAGE_SIZE = 10;

export function ResourceSubTable({
  decl,
  filters,
  emptyText,
}: {
  decl: AnyResource;
  /** The list's query filters that pick the records, e.g. { saleId: '5' }. */
  filters: Record<string, string>;
  emptyText: string;
}) {
  const [page, setPage] = useState(1);
  const rows = useQuery({
    queryKey: [...resourceKey(decl), 'of', filters, page],
    queryFn: () => call(resourceApi(decl).list, { query: { ...filters, pageNo: page, pageSize: PAGE_SIZE } as never }),
  });
  const columns = resourceColumns(decl, { pageNo: page, pageSize: PAGE_SIZE, filters });
  return (
    <Table<ResourceRow>
      rowKey="id"
      size="small"
      loading={rows.isFetching}
      columns={columns}
      dataSource={(rows.data?.list ?? []) as ResourceRow[]}
      scroll={{ x: columns.reduce((n, c) => n + (typeof c.width === 'number' ? c.width : 160), 0) }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: rows.data?.total ?? 0, onChange: setPage }}
    />
  );
}
