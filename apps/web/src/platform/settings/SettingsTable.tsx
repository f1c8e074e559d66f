/**
 * A settings page's table (/configUtils, /otherConfig): each declared setting with its value,
 * inline edit within its bounds (a switch toggles after a confirm), who changed it last and when,
 * and the page's 修改历史. `extra`: the page's own buttons beside 修改历史.
 */

import type { SettingChangeRow, SettingRow, SettingsApi } from '@zb/contract/api/configUtils';
import { Button, Drawer, Input, InputNumber, Space, Switch, Table, type TableProps, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { confirm } from '../alerts';
import { tablePagination } from '../list/pagination';
import { useCan } from '../permissions';
import { boundsText, checkSettingValue, editCodeOf } from './settingsModel';
import { useSettingHistory, useSettings } from './useSettings';

const historyColumns: TableProps<SettingChangeRow>['columns'] = [
  { title: '时间', dataIndex: 'at', width: 170 },
  { title: '配置项', dataIndex: 'label' },
  { title: '原值', dataIndex: 'oldValue', width: 90 },
  { title: '新值', dataIndex: 'newValue', width: 90 },
  { title: '修改人', dataIndex: 'userName', width: 110, render: (n: string | null) => n ?? '—' },
];

function HistoryDrawer({ api, open, onClose }: { api: SettingsApi; open: boolean; onClose: () => void }) {
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const history = useSettingHistory(api, open, page.pageNo, page.pageSize);
  return (
    <Drawer open={open} title="修改历史" size={760} onClose={onClose}>
      <Table<SettingChangeRow>
        rowKey="id"
        size="small"
        loading={history.isFetching}
        columns={historyColumns}
        dataSource={history.data?.list ?? []}
        locale={{ emptyText: '暂无修改记录' }}
        pagination={tablePagination(page, history.data?.total ?? 0, (pageNo, pageSize) =>
          setPage({ pageNo, pageSize }),
        )}
      />
    </Drawer>
  );
}

interface Editing {
  key: string;
  typed: number | string | null;
  error: string | null;
}

export function SettingsTable({ api, extra }: { api: SettingsApi; extra?: ReactNode }) {
  const s = useSettings(api);
  const canEdit = useCan(editCodeOf(api.page));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);

  /** A switch changes at once, after its confirm. */
  const toggle = async (row: SettingRow, on: boolean) => {
    if (!(await confirm(`确定${on ? '开启' : '关闭'}「${row.label}」？`))) return;
    try {
      await s.save.mutateAsync({ key: row.key, value: on ? 1 : 0 });
    } catch {
      // The refusal was shown by the call's alert.
    }
  };

  const save = async () => {
    if (!editing) return;
    const checked = checkSettingValue(editing.key, editing.typed);
    if (!checked.ok) {
      setEditing({ ...editing, error: checked.message });
      return;
    }
    try {
      await s.save.mutateAsync({ key: editing.key, value: checked.value });
      setEditing(null);
    } catch (e) {
      const fields = (e as { data?: { fields?: Record<string, string> } }).data?.fields;
      setEditing({ ...editing, error: fields?.value ?? fields?.key ?? '保存失败' });
    }
  };

  const columns: TableProps<SettingRow>['columns'] = [
    {
      title: '配置项',
      dataIndex: 'label',
      width: 220,
      render: (label: string, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{label}</Typography.Text>
          <Typography.Text type="secondary">{row.description}</Typography.Text>
        </Space>
      ),
    },
    {
      title: '当前值',
      key: 'value',
      width: 260,
      render: (_: unknown, row) =>
        row.type === 'switch' ? (
          <Switch
            aria-label={row.label}
            checked={row.value === 1}
            checkedChildren="开启"
            unCheckedChildren="关闭"
            disabled={!canEdit}
            loading={s.save.isPending && s.save.variables?.key === row.key}
            onChange={(on) => void toggle(row, on)}
          />
        ) : editing?.key === row.key ? (
          <Space orientation="vertical" size={0}>
            <Space>
              {row.type === 'url' ? (
                <Input
                  aria-label={row.label}
                  value={editing.typed === null ? '' : String(editing.typed)}
                  maxLength={row.max}
                  style={{ width: 280 }}
                  status={editing.error ? 'error' : undefined}
                  onChange={(e) => setEditing({ ...editing, typed: e.target.value, error: null })}
                  onPressEnter={() => void save()}
                />
              ) : (
                <InputNumber
                  aria-label={row.label}
                  value={editing.typed}
                  min={row.min}
                  max={row.max}
                  status={editing.error ? 'error' : undefined}
                  suffix={row.unit}
                  onChange={(v) => setEditing({ ...editing, typed: v, error: null })}
                  onPressEnter={() => void save()}
                />
              )}
              <Button type="primary" size="small" loading={s.save.isPending} onClick={() => void save()}>
                保存
              </Button>
              <Button size="small" onClick={() => setEditing(null)}>
                取消
              </Button>
            </Space>
            {editing.error && <Typography.Text type="danger">{editing.error}</Typography.Text>}
          </Space>
        ) : (
          <Space>
            <span>
              {row.value} {row.unit}
            </span>
            {canEdit && (
              <Button
                type="link"
                size="small"
                onClick={() => setEditing({ key: row.key, typed: row.value, error: null })}
              >
                修改
              </Button>
            )}
          </Space>
        ),
    },
    { title: '取值范围', key: 'bounds', width: 220, render: (_: unknown, row) => boundsText(row) },
    { title: '修改人', dataIndex: 'updatedBy', width: 110, render: (n: string | null) => n ?? '—' },
    { title: '修改时间', dataIndex: 'updatedAt', width: 170, render: (d: string | null) => d ?? '—' },
  ];

  return (
    <div>
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={() => setHistoryOpen(true)}>修改历史</Button>
        {extra}
      </Space>
      <Table<SettingRow>
        rowKey="key"
        size="middle"
        loading={s.loading}
        columns={columns}
        dataSource={s.settings}
        locale={{ emptyText: '暂无配置项' }}
        pagination={false}
      />
      <HistoryDrawer api={api} open={historyOpen} onClose={() => setHistoryOpen(false)} />
    </div>
  );
}
