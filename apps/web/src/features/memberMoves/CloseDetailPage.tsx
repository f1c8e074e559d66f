/**
 * /closeDetail?id=N 账户迁移详情: one closure — its stores, state and progress (read again every
 * second while members are being moved), what moved — and its members, paged on the server and
 * filtered by state, each with the cards and amounts moved or the reason it failed. A holder of
 * /close's 审核 retries the failed members, all of them or one (optionally to another receiving
 * store). The cards moved are listed on /memAccountDetail for the closure's number.
 */

import { type ClosureDto, type ClosureMemberDto, MEMBER_MOVE_API } from '@zb/contract/api/memberMoves';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { CLOSURE_STATUSES, MOVE_STATUSES, type MoveStatus } from '@zb/contract/entities/memberMove';
import { formatDateTime } from '@zb/contract/time';
import { Button, Card, Descriptions, Progress, Result, Select, Space, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { confirm } from '../../platform/alerts';
import { call } from '../../platform/http';
import { formatFen } from '../../platform/money';
import { idOfSearch } from '../../platform/navigation';
import { useButtons } from '../../platform/permissions';
import { useClosure, useClosureMembers, useMoveStores, useRefreshMoves } from './api';
import { progressOf, receivingStores } from './closeFlow';

const tagOf = (options: readonly { value: string; label: string; color?: string }[], v: string) => {
  const o = options.find((x) => x.value === v);
  return <Tag color={o?.color}>{o?.label ?? v}</Tag>;
};

function Head({ c }: { c: ClosureDto }) {
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={3}
        items={[
          { key: 'no', label: '迁移单号', children: c.closureNo },
          { key: 'status', label: '状态', children: tagOf(CLOSURE_STATUSES, c.status) },
          { key: 'store', label: '闭店门店', children: c.storeName },
          { key: 'to', label: '接收门店（批量）', children: c.toStoreName },
          { key: 'members', label: '会员', children: `共 ${c.total} 名，已迁移 ${c.moved} 名，失败 ${c.failed} 名` },
          { key: 'amount', label: '已迁移本金/赠送', children: `${formatFen(c.amount)} / ${formatFen(c.bonus)}` },
          { key: 'sessions', label: '已迁移次数', children: c.sessions },
          { key: 'by', label: '操作人', children: c.createdByName ?? '—' },
          { key: 'at', label: '发起时间', children: formatDateTime(c.createdAt) },
          { key: 'reason', label: '闭店原因', children: c.reason || '—', span: 2 },
          { key: 'done', label: '完成时间', children: c.finishedAt ? formatDateTime(c.finishedAt) : '—' },
        ]}
      />
      <Progress
        style={{ marginTop: 12 }}
        percent={progressOf(c)}
        status={c.status === 'running' ? 'active' : c.failed > 0 ? 'exception' : 'success'}
        format={(p) => `${p}%`}
      />
    </>
  );
}

export default function CloseDetailPage() {
  const id = idOfSearch(useLocation().search);
  const has = useButtons();
  const canRun = has(buttonCodeOf('/close', 'audit'));
  const refresh = useRefreshMoves();
  const closure = useClosure(id);
  const stores = useMoveStores();
  const [status, setStatus] = useState<MoveStatus | undefined>();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [other, setOther] = useState<Map<number, number>>(new Map());
  const [busy, setBusy] = useState(false);
  const c = closure.data;
  const members = useClosureMembers(
    { closureId: id ?? 0, ...page, ...(status ? { status } : {}) },
    c?.status === 'running',
  );
  if (id === null) return <Result status="warning" title="请从迁移记录打开闭店迁移详情" />;
  if (!c) return closure.isError ? <Result status="error" title="闭店迁移单不存在或不在您的数据范围内" /> : <Spin />;
  const receivers = receivingStores(stores.data ?? [], c.storeId).map((s) => ({ value: s.id, label: s.name }));

  const retry = async (one?: ClosureMemberDto) => {
    const text = one ? `确定重新迁移会员「${one.memberName}」吗？` : `确定重新迁移全部 ${c.failed} 名失败会员吗？`;
    if (!(await confirm(text))) return;
    setBusy(true);
    try {
      const to = one ? other.get(one.memberId) : undefined;
      await call(MEMBER_MOVE_API.retry, {
        body: {
          closureId: c.id,
          ...(one ? { members: [{ memberId: one.memberId, ...(to ? { toStoreId: to } : {}) }] } : {}),
        },
      });
    } catch {
      // Alerted by the http layer.
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  return (
    <Card
      title={`闭店迁移 ${c.closureNo}`}
      extra={
        <Space>
          <Link to={`/memAccountDetail?closureNo=${c.closureNo}`}>迁移明细</Link>
          {canRun && c.failed > 0 && c.status !== 'running' && (
            <Button type="primary" loading={busy} onClick={() => void retry()}>
              重试失败会员
            </Button>
          )}
        </Space>
      }
    >
      <Head c={c} />
      <Space style={{ margin: '16px 0 8px' }}>
        <span>迁移状态</span>
        <Select
          aria-label="迁移状态"
          allowClear
          placeholder="全部"
          style={{ width: 120 }}
          options={MOVE_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
          value={status}
          onChange={(v?: MoveStatus) => {
            setStatus(v);
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
        />
      </Space>
      <Table<ClosureMemberDto>
        aria-label="迁移会员"
        rowKey="moveId"
        size="small"
        loading={members.isPending}
        dataSource={members.data?.list ?? []}
        locale={{ emptyText: '暂无会员' }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: members.data?.total ?? 0,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          { title: '会员编号', dataIndex: 'memberCode', width: 120 },
          {
            title: '姓名',
            dataIndex: 'memberName',
            width: 90,
            render: (v: string, m: ClosureMemberDto) => <Link to={`/personalAccount?id=${m.memberId}`}>{v}</Link>,
          },
          { title: '手机号', dataIndex: 'phone', width: 120 },
          { title: '原所属门店', dataIndex: 'fromHomeStoreName', width: 120 },
          { title: '接收门店', dataIndex: 'toStoreName', width: 160 },
          { title: '状态', dataIndex: 'status', width: 80, render: (v: string) => tagOf(MOVE_STATUSES, v) },
          { title: '迁移卡数', dataIndex: 'cards', width: 80 },
          { title: '本金', dataIndex: 'amount', width: 100, align: 'right', render: formatFen },
          { title: '赠送', dataIndex: 'bonus', width: 100, align: 'right', render: formatFen },
          { title: '次数', dataIndex: 'sessions', width: 70 },
          { title: '失败原因', dataIndex: 'error', render: (v: string | null) => v ?? '—' },
          { title: '尝试次数', dataIndex: 'attempts', width: 80 },
          {
            title: '迁移时间',
            dataIndex: 'movedAt',
            width: 170,
            render: (v: string | null) => (v ? formatDateTime(v) : '—'),
          },
          ...(canRun
            ? [
                {
                  title: '操作',
                  key: 'op',
                  width: 300,
                  render: (_: unknown, m: ClosureMemberDto) =>
                    m.status === 'failed' && c.status !== 'running' ? (
                      <Space>
                        <Select
                          aria-label={`${m.memberName}改选接收门店`}
                          size="small"
                          allowClear
                          showSearch
                          optionFilterProp="label"
                          placeholder="改选接收门店（选填）"
                          style={{ width: 190 }}
                          options={receivers}
                          value={other.get(m.memberId)}
                          onChange={(v?: number) => {
                            const next = new Map(other);
                            if (v) next.set(m.memberId, v);
                            else next.delete(m.memberId);
                            setOther(next);
                          }}
                        />
                        <Button size="small" type="link" disabled={busy} onClick={() => void retry(m)}>
                          重试
                        </Button>
                      </Space>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
