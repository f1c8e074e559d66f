/**
 * /close 会员账户迁移记录: the closures of the caller's stores (paged on the server), and 闭店迁移
 * for a holder of the page's 审核 button: choose the store, see its members with the cards and
 * balances that move, choose the receiving store for all of them or per member, confirm; the
 * move runs as a job and its detail (/closeDetail) shows the progress.
 */

import type { ClosureDto, MoveStoreDto, PreviewMemberDto } from '@zb/contract/api/memberMoves';
import { MEMBER_MOVE_API } from '@zb/contract/api/memberMoves';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { CARD_KINDS } from '@zb/contract/entities/card';
import { CLOSURE_REASON_MAX, CLOSURE_STATUSES, type ClosureStatus } from '@zb/contract/entities/memberMove';
import { enumLabel } from '@zb/contract/resource/define';
import { formatDateTime } from '@zb/contract/time';
import { Alert, Button, Card, Empty, Input, Progress, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { confirm } from '../../platform/alerts';
import { call } from '../../platform/http';
import { formatFen } from '../../platform/money';
import { useButtons } from '../../platform/permissions';
import { useClosures, useMoveStores, usePreview, useRefreshMoves } from './api';
import { closableStores, memberHolds, progressOf, receiverOf, receivingStores, startBody } from './closeFlow';

const statusTag = (s: string) => {
  const o = CLOSURE_STATUSES.find((x) => x.value === s);
  return <Tag color={o?.color}>{o?.label ?? s}</Tag>;
};

const storeOptions = (stores: readonly MoveStoreDto[]) => stores.map((s) => ({ value: s.id, label: s.name }));

/** A member's cards that move: 卡号 卡项 and what it holds. */
const cardsText = (m: PreviewMemberDto) =>
  m.cards.length === 0
    ? '无余额卡'
    : m.cards
        .map((c) =>
          c.kind === 'stored'
            ? `${c.cardNo} ${c.cardName}（${enumLabel(CARD_KINDS, c.kind)} 本金 ${formatFen(c.balance)} 赠送 ${formatFen(c.bonusBalance)}）`
            : `${c.cardNo} ${c.cardName}（${enumLabel(CARD_KINDS, c.kind)} 剩余 ${c.sessionsLeft} 次）`,
        )
        .join('；');

function CloseWizard({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const refresh = useRefreshMoves();
  const stores = useMoveStores();
  const [storeId, setStoreId] = useState<number | null>(null);
  const [bulk, setBulk] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Map<number, number>>(new Map());
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const preview = usePreview(storeId);
  const all = stores.data ?? [];
  const receivers = useMemo(() => storeOptions(receivingStores(all, storeId)), [all, storeId]);
  const members = preview.data?.members ?? [];

  const submit = async () => {
    if (storeId === null || bulk === null || !preview.data) return;
    const p = preview.data;
    const ok = await confirm(
      `确定将「${p.store.name}」闭店，并把 ${p.members.length} 名会员（本金 ${formatFen(p.amount)}、赠送 ${formatFen(p.bonus)}、${p.sessions} 次）迁往接收门店吗？闭店后不可撤销。`,
    );
    if (!ok) return;
    setBusy(true);
    try {
      const c = await call(MEMBER_MOVE_API.start, { body: startBody(storeId, bulk, chosen, reason) });
      await refresh();
      onDone();
      navigate(`/closeDetail?id=${c.id}`);
    } catch {
      // Alerted by the http layer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="闭店迁移" size="small" style={{ marginBottom: 16 }} extra={<Button onClick={onDone}>取消</Button>}>
      <Space wrap style={{ marginBottom: 12 }}>
        <span>闭店门店</span>
        <Select
          aria-label="闭店门店"
          showSearch
          optionFilterProp="label"
          placeholder="请选择要闭店的门店"
          style={{ width: 240 }}
          loading={stores.isPending}
          options={storeOptions(closableStores(all))}
          value={storeId ?? undefined}
          onChange={(v: number) => {
            setStoreId(v);
            setChosen(new Map());
            if (bulk === v) setBulk(null);
          }}
        />
        <span>接收门店（批量）</span>
        <Select
          aria-label="接收门店"
          showSearch
          optionFilterProp="label"
          placeholder="请选择接收门店"
          style={{ width: 240 }}
          options={receivers}
          value={bulk ?? undefined}
          onChange={(v: number) => setBulk(v)}
          disabled={storeId === null}
        />
        <Input
          aria-label="闭店原因"
          placeholder="闭店原因（选填）"
          maxLength={CLOSURE_REASON_MAX}
          style={{ width: 260 }}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Space>
      {storeId === null ? (
        <Empty description="请选择要闭店的门店，查看其会员与卡内余额" />
      ) : (
        <>
          {preview.data && (
            <Space size="large" style={{ marginBottom: 12 }}>
              <Statistic title="迁移会员" value={preview.data.members.length} suffix="名" />
              <Statistic title="本金" value={formatFen(preview.data.amount)} />
              <Statistic title="赠送" value={formatFen(preview.data.bonus)} />
              <Statistic title="次数" value={preview.data.sessions} />
            </Space>
          )}
          <Table<PreviewMemberDto>
            aria-label="闭店会员"
            rowKey="memberId"
            size="small"
            loading={preview.isPending}
            dataSource={members}
            pagination={{ pageSize: 20, showTotal: (n) => `共 ${n} 条`, showSizeChanger: false }}
            locale={{ emptyText: '该门店没有会员' }}
            columns={[
              { title: '会员编号', dataIndex: 'code', width: 120 },
              { title: '姓名', dataIndex: 'name', width: 90 },
              { title: '手机号', dataIndex: 'phone', width: 120 },
              { title: '所属门店', dataIndex: 'homeStoreName', width: 120 },
              { title: '迁移的卡', key: 'cards', render: (_: unknown, m) => cardsText(m) },
              {
                title: '本金/赠送/次数',
                key: 'holds',
                width: 170,
                render: (_: unknown, m) => {
                  const h = memberHolds(m);
                  return `${formatFen(h.amount)} / ${formatFen(h.bonus)} / ${h.sessions}`;
                },
              },
              {
                title: '接收门店',
                key: 'to',
                width: 220,
                render: (_: unknown, m) => (
                  <Select
                    aria-label={`${m.name}的接收门店`}
                    size="small"
                    showSearch
                    optionFilterProp="label"
                    placeholder="同批量接收门店"
                    style={{ width: 200 }}
                    options={receivers}
                    value={receiverOf(m.memberId, bulk, chosen) ?? undefined}
                    onChange={(v: number) => setChosen(new Map(chosen).set(m.memberId, v))}
                  />
                ),
              },
            ]}
          />
          <Space style={{ marginTop: 12 }}>
            <Button
              type="primary"
              danger
              loading={busy}
              disabled={bulk === null || !preview.data}
              onClick={() => void submit()}
            >
              确认闭店迁移
            </Button>
            {bulk === null && <Typography.Text type="secondary">请选择接收门店</Typography.Text>}
          </Space>
        </>
      )}
    </Card>
  );
}

export default function ClosePage() {
  const has = useButtons();
  const canRun = has(buttonCodeOf('/close', 'audit'));
  const [wizard, setWizard] = useState(false);
  const [status, setStatus] = useState<ClosureStatus | undefined>();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const list = useClosures({ ...page, ...(status ? { status } : {}) });
  return (
    <div>
      {canRun && wizard && <CloseWizard onDone={() => setWizard(false)} />}
      <Card
        title="会员账户迁移记录"
        extra={
          <Space>
            <Select
              aria-label="状态"
              allowClear
              placeholder="全部状态"
              style={{ width: 120 }}
              options={CLOSURE_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
              value={status}
              onChange={(v?: ClosureStatus) => {
                setStatus(v);
                setPage((p) => ({ ...p, pageNo: 1 }));
              }}
            />
            <Link to="/memAccountDetail">迁移明细</Link>
            {canRun && !wizard && (
              <Button type="primary" onClick={() => setWizard(true)}>
                闭店迁移
              </Button>
            )}
          </Space>
        }
      >
        {list.data?.list.some((c) => c.status === 'running') && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} message="有闭店迁移正在进行，可在详情中查看进度" />
        )}
        <Table<ClosureDto>
          aria-label="闭店迁移记录"
          rowKey="id"
          size="small"
          loading={list.isPending}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: '暂无闭店迁移记录' }}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: list.data?.total ?? 0,
            showTotal: (n) => `共 ${n} 条`,
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
          columns={[
            {
              title: '迁移单号',
              dataIndex: 'closureNo',
              width: 130,
              render: (v: string, c) => <Link to={`/closeDetail?id=${c.id}`}>{v}</Link>,
            },
            { title: '闭店门店', dataIndex: 'storeName', width: 160 },
            { title: '接收门店', dataIndex: 'toStoreName', width: 160 },
            { title: '状态', dataIndex: 'status', width: 90, render: statusTag },
            {
              title: '进度',
              key: 'progress',
              width: 180,
              render: (_: unknown, c) => (
                <Progress percent={progressOf(c)} size="small" status={c.failed > 0 ? 'exception' : undefined} />
              ),
            },
            { title: '会员数', dataIndex: 'total', width: 80 },
            { title: '已迁移', dataIndex: 'moved', width: 80 },
            { title: '失败', dataIndex: 'failed', width: 70 },
            { title: '迁移本金', dataIndex: 'amount', width: 110, align: 'right', render: formatFen },
            { title: '迁移赠送', dataIndex: 'bonus', width: 110, align: 'right', render: formatFen },
            { title: '迁移次数', dataIndex: 'sessions', width: 90 },
            { title: '操作人', dataIndex: 'createdByName', width: 100, render: (v: string | null) => v ?? '—' },
            { title: '发起时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
          ]}
        />
      </Card>
    </div>
  );
}
