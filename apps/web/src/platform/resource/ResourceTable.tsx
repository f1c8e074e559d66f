/**
 * A resource's table: the declared columns minus those hidden in 列设置, the chosen density,
 * server-side sort, row selection when there is something to do with a selection, and a
 * virtual body once a page holds more than a thousand rows.
 */
import type { ResourceRow } from '@zb/contract/resource/api';
import type { AnyResource } from '@zb/contract/resource/define';
import { Empty, Table, type TableColumnType, type TablePaginationConfig, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { resourceColumns } from './columns';
import type { ResourceParams, SortDir } from './listParams';
import type { Density } from './tableSettings';

/** Rows past which the table renders only what is on screen. */
export const VIRTUAL_FROM = 1000;

interface Props {
  decl: AnyResource;
  rows: ResourceRow[];
  params: ResourceParams;
  loading: boolean;
  pagination: TablePaginationConfig | false;
  hidden: readonly string[];
  density: Density;
  actions?: TableColumnType<ResourceRow>;
  selected?: readonly number[];
  onSelect?: (ids: number[]) => void;
  onSort: (field: string | undefined, dir: SortDir | undefined) => void;
}

export function ResourceTable(p: Props) {
  const columns = resourceColumns(p.decl, p.params).filter((c) => !p.hidden.includes(String(c.key)));
  if (p.actions) columns.push(p.actions);
  const width = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 160), 0);
  const virtual = p.rows.length > VIRTUAL_FROM;

  const onChange: TableProps<ResourceRow>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ResourceRow> | undefined;
    const dir: SortDir | undefined = s?.order === 'ascend' ? 'asc' : s?.order === 'descend' ? 'desc' : undefined;
    p.onSort(dir ? String(s?.columnKey ?? s?.field) : undefined, dir);
  };

  return (
    <Table<ResourceRow>
      rowKey="id"
      size={p.density}
      loading={p.loading}
      columns={columns}
      dataSource={p.rows}
      pagination={p.pagination}
      onChange={onChange}
      virtual={virtual}
      scroll={virtual ? { x: width, y: 600 } : { x: width }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${p.decl.title}`} /> }}
      rowSelection={
        p.onSelect
          ? {
              selectedRowKeys: [...(p.selected ?? [])],
              onChange: (keys) => p.onSelect?.(keys.map(Number)),
              preserveSelectedRowKeys: false,
            }
          : undefined
      }
    />
  );
}
