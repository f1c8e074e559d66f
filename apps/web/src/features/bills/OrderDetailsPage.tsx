/**
 * /orderDetails (开单详情) ?id=N: one 收银单 — its head, lines, payments, each card it touched with
 * that card's ledger rows for the bill, the staff's shares, its history, and the abnormal records
 * flagged on it. The buttons are the steps the contract's flows allow from the record's state
 * (BILL_FLOW's 关单, ABNORMAL_FLOW's 确认无误 / 冲正 / 补单) for a holder of the page's button;
 * each asks for its reason, and a step that moves money asks for confirmation first.
 */

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { ABNORMAL_FLOW, type AbnormalStep, abnormalRuleLabel } from '@zb/contract/entities/abnormalBill';
import {
  BILL_FLOW,
  BILL_KINDS,
  BILL_LINE_KINDS,
  BILL_PAY_METHODS,
  BILL_REFUND_STATES,
  BILL_SOURCES,
  billRefundState,
} from '@zb/contract/entities/bill';
import {
  BILL_API,
  type BillView,
  type BillViewCard,
  type BillViewHistory,
  type BillViewLine,
  type BillViewPayment,
  type BillViewShare,
} from '@zb/contract/entities/billView';
import { LEDGER_KINDS } from '@zb/contract/entities/member';
import type { FlowDecl } from '@zb/contract/flow';
import { stepsFrom } from '@zb/contract/flow';
import { enumLabel } from '@zb/contract/resource/define';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDateTime } from '@zb/contract/time';
import {
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Result,
  Space,
  Spin,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { confirm } from '../../platform/alerts';
import { call } from '../../platform/http';
import { useButtons } from '../../platform/permissions';

const yuan = (v: number | null) => (v === null ? '—' : `¥${formatYuan(v)}`);
const tagOf = (options: readonly { value: string; label: string; color?: string }[], v: string) => {
  const o = options.find((x) => x.value === v);
  return <Tag color={o?.color}>{o?.label ?? v}</Tag>;
};

const billKey = (id: number) => ['bills', 'view', id] as const;

/** The reason dialog of a step: a required reason (and 补单's bill number). */
function StepModal({
  title,
  withBillNo,
  onOk,
  onCancel,
}: {
  title: string;
  withBillNo?: boolean;
  onOk: (reason: string, billNo?: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [billNo, setBillNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      title={title}
      open
      okText={`确定${title}`}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={async () => {
        if (!reason.trim()) return setError(`请填写${title}的原因`);
        setBusy(true);
        try {
          await onOk(reason.trim(), billNo.trim() || undefined);
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={`${title}原因`} required validateStatus={error ? 'error' : undefined} help={error}>
          <Input.TextArea
            aria-label={`${title}原因`}
            rows={3}
            maxLength={200}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
          />
        </Form.Item>
        {withBillNo && (
          <Form.Item label="补单单号（选填）" extra="门店补开的收银单单号，须为该会员的另一张单">
            <Input
              aria-label="补单单号"
              placeholder="XF0000000000"
              value={billNo}
              onChange={(e) => setBillNo(e.target.value)}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

function History({ rows }: { rows: BillViewHistory[] }) {
  if (!rows.length) return <Typography.Text type="secondary">暂无记录</Typography.Text>;
  return (
    <Timeline
      items={rows.map((h, i) => ({
        key: i,
        content: (
          <div>
            <Typography.Text strong>{h.label}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {h.by ?? '—'} · {formatDateTime(h.at)}
            </Typography.Text>
            {h.reason && <div>原因：{h.reason}</div>}
          </div>
        ),
      }))}
    />
  );
}

function Lines({ v }: { v: BillView }) {
  return (
    <Table<BillViewLine>
      rowKey="line"
      size="small"
      pagination={false}
      dataSource={v.lines}
      scroll={{ x: 900 }}
      columns={[
        { title: '行', dataIndex: 'line', width: 50 },
        { title: '类型', dataIndex: 'kind', width: 70, render: (k: string) => enumLabel(BILL_LINE_KINDS, k) },
        { title: '编码', dataIndex: 'code', width: 100, render: (c: string | null) => c ?? '—' },
        { title: '名称', dataIndex: 'name' },
        { title: '数量', dataIndex: 'quantity', width: 70 },
        { title: '单价', dataIndex: 'unitPrice', width: 100, render: yuan },
        { title: '金额', dataIndex: 'amount', width: 110, render: yuan },
        { title: '会员卡', dataIndex: 'cardNo', width: 120, render: (c: string | null) => c ?? '—' },
        {
          title: '划卡',
          key: 'card',
          width: 110,
          render: (_, l) => (l.sessions !== null ? `${l.sessions} 次` : l.cardAmount ? yuan(l.cardAmount) : '—'),
        },
        { title: '已退款', dataIndex: 'refunded', width: 100, render: yuan },
      ]}
    />
  );
}

function Payments({ v }: { v: BillView }) {
  return (
    <Table<BillViewPayment>
      rowKey="seq"
      size="small"
      pagination={false}
      dataSource={v.payments}
      locale={{ emptyText: '无支付记录' }}
      columns={[
        { title: '支付方式', dataIndex: 'method', width: 110, render: (m: string) => enumLabel(BILL_PAY_METHODS, m) },
        { title: '金额', dataIndex: 'amount', width: 110, render: yuan },
        { title: '会员卡', dataIndex: 'cardNo', width: 120, render: (c: string | null) => c ?? '—' },
        { title: '交易号', dataIndex: 'tradeNo', render: (t: string | null) => t ?? '—' },
        { title: '签单人', dataIndex: 'signerName', width: 100, render: (t: string | null) => t ?? '—' },
        { title: '已退款', dataIndex: 'refunded', width: 100, render: yuan },
      ]}
    />
  );
}

function CardLedger({ c }: { c: BillViewCard }) {
  return (
    <Card
      size="small"
      type="inner"
      title={`${c.cardNo} ${c.cardName}`}
      extra={c.cardKind === 'stored' ? `当前余额 ${yuan(c.balance)}（赠送 ${yuan(c.bonusBalance)}）` : '套餐卡'}
    >
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={c.ledger}
        locale={{ emptyText: '本单无该卡流水' }}
        columns={[
          { title: '时间', dataIndex: 'at', width: 170, render: (a: string) => formatDateTime(a) },
          { title: '类型', dataIndex: 'kind', width: 70, render: (k: string) => enumLabel(LEDGER_KINDS, k) },
          { title: '项目', dataIndex: 'projectName', render: (p: string | null) => p ?? '—' },
          { title: '本金变动', dataIndex: 'amount', width: 100, render: yuan },
          { title: '赠送变动', dataIndex: 'bonusAmount', width: 100, render: yuan },
          { title: '本金余额', dataIndex: 'balanceAfter', width: 100, render: yuan },
          {
            title: '次数变动',
            dataIndex: 'sessions',
            width: 90,
            render: (s: number | null) => (s === null ? '—' : s),
          },
          {
            title: '剩余次数',
            dataIndex: 'sessionsAfter',
            width: 90,
            render: (s: number | null) => (s === null ? '—' : s),
          },
        ]}
      />
    </Card>
  );
}

function Shares({ v }: { v: BillView }) {
  return (
    <Table<BillViewShare>
      rowKey={(s) => `${s.line}-${s.staffName}`}
      size="small"
      pagination={false}
      dataSource={v.shares}
      locale={{ emptyText: '无员工业绩' }}
      columns={[
        { title: '行', dataIndex: 'line', width: 60 },
        { title: '员工', dataIndex: 'staffName' },
        { title: '业绩', dataIndex: 'performance', width: 120, render: yuan },
        { title: '提成', dataIndex: 'commission', width: 120, render: yuan },
      ]}
    />
  );
}

type Pending = { kind: 'close' } | { kind: AbnormalStep; abnormalId: number };

const STEP_CALLS = {
  confirm: BILL_API.confirmAbnormal,
  reverse: BILL_API.reverseAbnormal,
  supplement: BILL_API.supplementAbnormal,
} as const;

export default function OrderDetailsPage() {
  const raw = Number(new URLSearchParams(useLocation().search).get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const has = useButtons();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const view = useQuery({
    queryKey: billKey(id ?? 0),
    queryFn: () => call(BILL_API.view, { params: { id: id! } }),
    enabled: id !== null,
  });
  if (id === null) return <Result status="404" subTitle="请从开单记录打开详情" />;
  if (view.isError) return <Result status="warning" subTitle="收银单不存在或不在您的数据范围内" />;
  const v = view.data;
  if (!v) return <Spin spinning style={{ display: 'block', margin: 48 }} />;
  const b = v.bill;
  const mayAudit = has(buttonCodeOf(ABNORMAL_FLOW.page, 'audit'));
  const allowed = <F extends FlowDecl>(flow: F, state: string) => (mayAudit ? stepsFrom(flow, state) : []);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billKey(id) }),
      queryClient.invalidateQueries({ queryKey: ['report'] }),
    ]);

  /** Opens the step's dialog, after the confirmation a step that moves money asks for. */
  const start = async (p: Pending) => {
    const text =
      p.kind === 'close'
        ? BILL_FLOW.steps.close.confirm
        : (ABNORMAL_FLOW.steps[p.kind] as { confirm?: string }).confirm;
    if (text && !(await confirm(text))) return;
    setPending(p);
  };

  const run = async (reason: string, billNo?: string) => {
    if (!pending) return;
    if (pending.kind === 'close') await call(BILL_API.close, { body: { id, reason } });
    else if (pending.kind === 'supplement') {
      await call(BILL_API.supplementAbnormal, { body: { id: pending.abnormalId, reason, billNo } });
    } else await call(STEP_CALLS[pending.kind], { body: { id: pending.abnormalId, reason } });
    setPending(null);
    await refresh();
  };

  const stepTitle = pending
    ? pending.kind === 'close'
      ? BILL_FLOW.steps.close.label
      : ABNORMAL_FLOW.steps[pending.kind].label
    : '';

  return (
    <Card
      title={`收银单 ${b.billNo}`}
      extra={
        <Space>
          {allowed(BILL_FLOW, b.status).map((s) => (
            <Button key={s} danger onClick={() => start({ kind: 'close' })}>
              {BILL_FLOW.steps[s as 'close'].label}
            </Button>
          ))}
        </Space>
      }
    >
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'no', label: '单号', children: b.billNo },
            { key: 'at', label: '开单时间', children: formatDateTime(b.consumedAt) },
            { key: 'store', label: '门店', children: `${b.storeName}（${b.storeCode}）` },
            { key: 'member', label: '会员', children: `${b.memberName}（${b.memberCode}，${b.memberPhone}）` },
            { key: 'staff', label: '开单员工', children: b.staffName ?? '—' },
            { key: 'kind', label: '类型', children: tagOf(BILL_KINDS, b.kind) },
            { key: 'source', label: '来源', children: enumLabel(BILL_SOURCES, b.source) },
            { key: 'status', label: '状态', children: tagOf(BILL_FLOW.states, b.status) },
            {
              key: 'refund',
              label: '退款状态',
              children: tagOf(BILL_REFUND_STATES, billRefundState(b.total, b.refunded)),
            },
            { key: 'total', label: '单据金额', children: yuan(b.total) },
            { key: 'card', label: '划卡', children: yuan(b.paidByCard) },
            { key: 'other', label: '其他支付', children: yuan(b.paidOther) },
            { key: 'refunded', label: '已退款', children: yuan(b.refunded) },
            { key: 'outer', label: '门店单号', children: b.outerNo ?? '—' },
            { key: 'remark', label: '备注', children: b.remark || '—' },
            ...(b.closedAt
              ? [
                  { key: 'closedAt', label: '关单时间', children: formatDateTime(b.closedAt) },
                  { key: 'closeReason', label: '关单原因', children: b.closeReason ?? '—' },
                ]
              : []),
          ]}
        />
        <div>
          <Typography.Title level={5}>消费明细</Typography.Title>
          <Lines v={v} />
        </div>
        <div>
          <Typography.Title level={5}>支付记录</Typography.Title>
          <Payments v={v} />
        </div>
        <div>
          <Typography.Title level={5}>会员卡流水</Typography.Title>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {v.cards.length ? (
              v.cards.map((c) => <CardLedger key={c.memberCardId} c={c} />)
            ) : (
              <Typography.Text type="secondary">本单未使用会员卡</Typography.Text>
            )}
          </Space>
        </div>
        <div>
          <Typography.Title level={5}>员工业绩与提成</Typography.Title>
          <Shares v={v} />
        </div>
        {v.abnormal.length > 0 && (
          <div>
            <Typography.Title level={5}>异常记录</Typography.Title>
            <Space orientation="vertical" style={{ width: '100%' }}>
              {v.abnormal.map((a) => (
                <Card
                  key={a.id}
                  size="small"
                  type="inner"
                  title={
                    <Space>
                      {abnormalRuleLabel(a.rule)}
                      {tagOf(ABNORMAL_FLOW.states, a.status)}
                    </Space>
                  }
                  extra={
                    <Space>
                      {/* 冲正 closes the bill: not once it is closed. */}
                      {allowed(ABNORMAL_FLOW, a.status)
                        .filter((s) => s !== 'reverse' || b.status === 'completed')
                        .map((s) => (
                          <Button
                            key={s}
                            size="small"
                            danger={s === 'reverse'}
                            onClick={() => start({ kind: s as AbnormalStep, abnormalId: a.id })}
                          >
                            {ABNORMAL_FLOW.steps[s as AbnormalStep].label}
                          </Button>
                        ))}
                    </Space>
                  }
                >
                  <Typography.Paragraph>
                    {a.reason}（发现于 {formatDateTime(a.detectedAt)}）
                  </Typography.Paragraph>
                  <History rows={a.history} />
                </Card>
              ))}
            </Space>
          </div>
        )}
        <div>
          <Typography.Title level={5}>处理记录</Typography.Title>
          <History rows={v.history} />
        </div>
      </Space>
      {pending && (
        <StepModal
          title={stepTitle}
          withBillNo={pending.kind === 'supplement'}
          onOk={run}
          onCancel={() => setPending(null)}
        />
      )}
    </Card>
  );
}
