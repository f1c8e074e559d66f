/** The table columns a declaration lists, with sort state from the URL and cells from FieldView. */
import type { ResourceRow } from '@zb/contract/resource/api';
import type { AnyResource } from '@zb/contract/resource/define';
import { listFields } from '@zb/contract/resource/define';
import type { TableColumnType } from 'antd';
import { FieldView } from './FieldView';
import type { ResourceParams } from './listParams';

export const resourceColumns = (decl: AnyResource, params: ResourceParams): TableColumnType<ResourceRow>[] =>
  listFields(decl).map(([key, f]) => {
    const opts = typeof f.list === 'object' ? f.list : {};
    const active = params.sortBy === key || (!params.sortBy && decl.defaultSort.field === key);
    const dir = params.sortBy === key ? params.sortDir : !params.sortBy ? decl.defaultSort.dir : undefined;
    return {
      key,
      dataIndex: key,
      title: f.label,
      width: opts.width,
      fixed: opts.fixed,
      ellipsis: f.type === 'text' || f.type === 'textarea',
      sorter: f.sort ? true : undefined,
      sortOrder: f.sort && active && dir ? (dir === 'asc' ? 'ascend' : 'descend') : null,
      render: (_: unknown, row: ResourceRow) => <FieldView field={f} name={key} row={row} />,
    };
  });
