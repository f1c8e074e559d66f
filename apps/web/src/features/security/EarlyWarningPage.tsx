/**
 * /earlyWarning (风险预警): warnings the scheduled scan found by the declared rules, on the
 * resource engine's list; 处理 opens a warning's evidence (the ledger rows it rests on) and its
 * history, and lets a user with 编辑 assign it (指派) and close it with a note (关闭).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { WARNING, WARNING_CALLS, WARNING_FLOW, WARNING_RULES } from '@zb/contract/entities/security';
import type { RowOf } from '@zb/contract/resource/define';
import { formatYuan } from '@zb/contract/resource/format';
import { Alert, Button, Input, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../platform/http';
import { useCan } from '../../platform/permissions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

type Row = RowOf<typeof WARNING>;

const KIND_LABELS: Record<string, string> = { consume: '消费', open: '开卡', topUp: '充值', refund: '退款' };

function HandleModal({ row, onClose }: { row: Row; onClose: () => void }) {
  const client = useQueryClient();
  const canEdit = useCan(buttonCodeOf(WARNING_FLOW.page, 'edit'));
  const key = ['security', 'warning', row.id];
  const q = useQuery({ queryKey: key, queryFn: () => call(WARNING_CALLS.detail, { params: { id: row.id } }) });
  const [assignee, setAssignee] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const open = row.status !== 'closed';
  const act = async (run: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await run();
      await client.invalidateQueries({ queryKey: key });
      await client.invalidateQueries({ queryKey: ['resource'] });
      onClose();
    } catch {
      // alerted by the http layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={`风险预警 · ${String(row.summary)}`}
      open
      onCancel={onClose}
      footer={null}
      width={880}
      destroyOnHidden
    >
      {!q.data ? (
        <Typography.Text type="secondary">加载中…</Typography.Text>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Typography.Title level={5}>证据（会员卡流水）</Typography.Title>
          <Table
            rowKey="ledgerId"
            size="small"
            pagination={false}
            dataSource={q.data.evidence}
            locale={{ emptyText: '没有流水' }}
            columns={[
              { title: '流水号', dataIndex: 'ledgerId' },
              { title: '时间', dataIndex: 'at' },
              { title: '类型', dataIndex: 'kind', render: (k: string) => KIND_LABELS[k] ?? k },
              { title: '卡号', dataIndex: 'cardNo' },
              { title: '门店', dataIndex: 'storeName' },
              { title: '金额（元）', dataIndex: 'amount', render: (v: number) => formatYuan(v) },
              { title: '次数', dataIndex: 'sessions', render: (v: number | null) => v ?? '—' },
            ]}
          />
          <Typography.Title level={5}>处理记录</Typography.Title>
          <Table
            rowKey={(h) => `${h.at}-${h.label}`}
            size="small"
            pagination={false}
            dataSource={q.data.history}
            locale={{ emptyText: '尚未处理' }}
            columns={[
              { title: '时间', dataIndex: 'at' },
              { title: '操作', dataIndex: 'label' },
              { title: '操作人', dataIndex: 'userName', render: (v: string | null) => v ?? '—' },
              { title: '说明', dataIndex: 'reason' },
            ]}
          />
          {canEdit && open && (
            <Space wrap>
              <Input
                aria-label="处理人账号"
                placeholder="处理人登录账号"
                style={{ width: 200 }}
                value={assignee}
                onChange={(e) => setAssignee(e.target.value)}
              />
              <Button
                loading={busy}
                disabled={!assignee.trim()}
                onClick={() =>
                  act(() => call(WARNING_CALLS.assign, { body: { id: row.id, assignee: assignee.trim() } }))
                }
              >
                指派
              </Button>
              <Input
                aria-label="关闭说明"
                placeholder="关闭说明（必填）"
                style={{ width: 320 }}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
              <Popconfirm
                title="确定关闭这条预警吗？"
                disabled={!note.trim()}
                onConfirm={() => act(() => call(WARNING_CALLS.close, { body: { id: row.id, note: note.trim() } }))}
              >
                <Button type="primary" loading={busy} disabled={!note.trim()}>
                  关闭
                </Button>
              </Popconfirm>
            </Space>
          )}
        </Space>
      )}
    </Modal>
  );
}

export default function EarlyWarningPage() {
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={`预警规则：${WARNING_RULES.map((r) => `${r.label}（${r.describe}）`).join('；')}。系统每 5 分钟扫描新的会员卡流水。`}
      />
      <ResourceListPage
        decl={WARNING}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setOpen(row)}>
            处理
          </Button>
        )}
      />
      {open && <HandleModal row={open} onClose={() => setOpen(null)} />}
    </>
  );
}
