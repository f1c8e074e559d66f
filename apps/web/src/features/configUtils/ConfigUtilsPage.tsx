/** /configUtils (配置工具): the server settings with inline edit and bounds, 修改历史, 刷新权限缓存. */

import type { SettingChangeRow, SettingRow } from '@zb/contract/api/configUtils';
import { Button, Drawer, Input, InputNumber, Space, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { tablePagination } from '../../platform/list/pagination';
import { useCan } from '../../platform/permissions';
import { boundsText, CONFIG_EDIT, checkSettingValue } from './settingsModel';
import { useSettingHistory, useSettings } from './useConfigUtils';

const historyColumns: TableProps<SettingChangeRow>['columns'] = [
  { title: '时间', dataIndex: 'at', width: 170 },
  { title: '配置项', dataIndex: 'label' },
  { title: '原值', dataIndex: 'oldValue', width: 90 },
  { title: '新值', dataIndex: 'newValue', width: 90 },
  { title: '修改人', dataIndex: 'userName', width: 110, render: (n: string | null) => n ?? '—' },
];

function HistoryDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const history = useSettingHistory(open, page.pageNo, page.pageSize);
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

export default function ConfigUtilsPage() {
  const s = useSettings();
  const canEdit = useCan(CONFIG_EDIT);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);

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
        editing?.key === row.key ? (
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
        {canEdit && (
          <Button type="primary" loading={s.refreshing} onClick={() => void s.refreshCache()}>
            刷新权限缓存
          </Button>
        )}
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
      <HistoryDrawer open={historyOpen} onClose={() => setHistoryOpen(false)} />
    </div>
  );
}
