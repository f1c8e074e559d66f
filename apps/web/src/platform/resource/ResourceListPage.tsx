/**
 * The list page of a declared entity: search form, toolbar (新增, batch actions, 导出, 刷新, 密度,
 * 列设置), table with 共 N 条 paging, row actions 查看/编辑/删除 (删除 asks 确定删除？). A row opens
 * in the entity's detail page, or in a drawer when it has none or the user may not open it (an open
 * list whose detail page needs a code). Hand-written pages add their own
 * row actions and toolbar buttons through props.
 */
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { canOpen } from '@zb/contract/access';
import { type ResourceRow, resourceApi } from '@zb/contract/resource/api';
import type { AnyResource, RowOf } from '@zb/contract/resource/define';
import { listFields } from '@zb/contract/resource/define';
import { routeByPath } from '@zb/contract/routes';
import { Button, Space, type TableColumnType, Tooltip } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ExportButton } from '../exports/ExportButton';
import { useMenuContext } from '../permissions';
import { type CustomInputs, CustomInputsContext } from './customInputs';
import { exportQueryOf, type ResourceParams } from './listParams';
import type { DrawerState } from './ResourceDrawer';
import { ResourceSearchForm } from './ResourceSearchForm';
import { ResourceTable } from './ResourceTable';
import { TableSettingsMenu } from './TableSettingsMenu';
import { useTableSettings } from './tableSettings';
import { useResourceActions } from './useResourceActions';
import { useResourceList } from './useResourceList';

export interface ListPageProps<D extends AnyResource = AnyResource> {
  decl: D;
  /** More actions in a row's 操作 column, after 查看/编辑/删除: the row is the declaration's. */
  rowActions?: (row: RowOf<D>) => ReactNode;
  /** More buttons in the toolbar. */
  toolbar?: ReactNode;
  /** Rows open read-only (logs): no 编辑 even for a user who may. */
  readOnly?: boolean;
  /** Controls of the page's own for some fields of the form. */
  inputs?: CustomInputs;
}

const NO_INPUTS: CustomInputs = {};

// The detail drawer (form, descriptions, pickers) loads when a row is first opened, not with the list.
const ResourceDrawer = lazy(() => import('./ResourceDrawer').then((m) => ({ default: m.ResourceDrawer })));

export const detailUrl = (decl: AnyResource, id: number | null, edit = false): string =>
  `${decl.detailPage}?${id === null ? 'create=1' : `id=${id}${edit ? '&edit=1' : ''}`}`;

export function ResourceListPage<D extends AnyResource>({
  decl,
  rowActions,
  toolbar,
  readOnly,
  inputs,
}: ListPageProps<D>) {
  const list = useResourceList(decl);
  const api = resourceApi(decl);
  const actions = useResourceActions(decl);
  const table = useTableSettings(decl.name);
  const navigate = useNavigate();
  const [drawer, setDrawer] = useState<DrawerState>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const canEdit = actions.can.update && !readOnly;
  const menu = useMenuContext();
  const detailRoute = decl.detailPage ? routeByPath(decl.detailPage) : undefined;
  const toDetailPage = !!detailRoute && canOpen(detailRoute, menu.codes);

  const open = (id: number | null, editing: boolean) => {
    if (toDetailPage) navigate(detailUrl(decl, id, editing));
    else setDrawer({ id, editing });
  };

  const selectable = actions.can.batch.length > 0 || actions.can.delete;
  const selectedRows = list.rows.filter((r) => selected.includes(r.id));

  const actionColumn: TableColumnType<ResourceRow> = {
    key: '__actions',
    title: '操作',
    fixed: 'right',
    width: 160 + (rowActions ? 80 : 0),
    render: (_: unknown, row: ResourceRow) => (
      <Space size={0} wrap>
        <Button type="link" size="small" onClick={() => open(row.id, false)}>
          查看
        </Button>
        {canEdit && (
          <Button type="link" size="small" onClick={() => open(row.id, true)}>
            编辑
          </Button>
        )}
        {actions.can.delete && (
          <Button type="link" size="small" danger onClick={() => void actions.remove([row])}>
            删除
          </Button>
        )}
        {/* The list answers the declaration's rows (resourceApi(decl).list). */}
        {rowActions?.(row as RowOf<D>)}
      </Space>
    ),
  };

  const columnChoices = listFields(decl).map(([key, f]) => ({ key, title: f.label }));
  const params: ResourceParams = list.params;

  return (
    <CustomInputsContext.Provider value={inputs ?? NO_INPUTS}>
      <ResourceSearchForm decl={decl} filters={params.filters} onSearch={list.search} onReset={list.reset} />
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12, gap: 8, flexWrap: 'wrap' }}>
        <Space wrap>
          {actions.can.create && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null, true)}>
              新增{decl.title}
            </Button>
          )}
          {actions.can.batch.map((b) => (
            <Button
              key={b.key}
              danger={b.danger}
              disabled={selected.length === 0}
              onClick={async () => {
                if (await actions.runBatch(b, selected)) setSelected([]);
              }}
            >
              {b.label}
            </Button>
          ))}
          {actions.can.delete && (
            <Button
              danger
              disabled={selected.length === 0}
              onClick={async () => {
                if (await actions.remove(selectedRows)) setSelected([]);
              }}
            >
              批量删除
            </Button>
          )}
          {actions.can.export && api.export && <ExportButton endpoint={api.export} params={exportQueryOf(params)} />}
          {toolbar}
          {selected.length > 0 && <span>已选 {selected.length} 项</span>}
        </Space>
        <Space size={4}>
          <Tooltip title="刷新">
            <Button aria-label="刷新" icon={<ReloadOutlined />} onClick={() => void actions.refresh()} />
          </Tooltip>
          <TableSettingsMenu
            columns={columnChoices}
            hidden={table.settings.hidden}
            density={table.settings.density}
            onToggle={table.toggleColumn}
            onReset={table.resetColumns}
            onDensity={table.setDensity}
          />
        </Space>
      </div>
      <ResourceTable
        decl={decl}
        rows={list.rows}
        params={params}
        loading={list.loading}
        pagination={list.pagination}
        hidden={table.settings.hidden}
        density={table.settings.density}
        actions={actionColumn}
        selected={selectable ? selected : undefined}
        onSelect={selectable ? setSelected : undefined}
        onSort={list.sort}
      />
      {!toDetailPage && drawer !== null && (
        <Suspense fallback={null}>
          <ResourceDrawer decl={decl} state={drawer} onChange={setDrawer} />
        </Suspense>
      )}
    </CustomInputsContext.Provider>
  );
}
