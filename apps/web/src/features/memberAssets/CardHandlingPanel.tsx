/**
 * One card's handling (/abnormalCardList?memberCardId=…): its state and balances, 冻结 / 解冻 / 调整
 * for a holder of the list's 审核 button (each asks for a reason, then for confirmation), and its
 * handling history. The server's refusals are alerted by the http layer.
 */
import {
  CARD_HANDLING_ACTIONS,
  CARD_HANDLING_STATUSES,
  type CardHandlingDto,
  type CardHandlingView,
} from '@zb/contract/api/memberAssets';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { MEMBER_CARD_STATUSES } from '@zb/contract/entities/member';
import { Button, Descriptions, Empty, Form, Input, Modal, Select, Space, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../platform/alerts';
import { formatFen } from '../../platform/money';
import { useButtons } from '../../platform/permissions';
import { applyCardAdjust, setCardStatus, useHandledCard, useRefreshCard } from './api';
import { type AdjustValues, adjustBodyOf, HANDLING_LABELS, type Handling, handlingsOf } from './cardHandling';
import { ReasonField } from './ReasonField';

const tagOf = (options: readonly { value: string; label: string; color?: string }[], value: string) => {
  const o = options.find((x) => x.value === value);
  return <Tag color={o?.color}>{o?.label ?? value}</Tag>;
};

const whatOf = (h: CardHandlingDto) => {
  if (h.action !== 'adjust') return '—';
  if (h.sessions) return `「${h.projectName ?? ''}」${h.sessions > 0 ? '+' : ''}${h.sessions} 次`;
  return `本金 ${formatFen(h.amount)}，赠金 ${formatFen(h.bonus)}`;
};

const MONEY_FIELDS = [
  ['amountYuan', '本金调整'],
  ['bonusYuan', '赠金调整'],
] as const;

function HandlingModal({ card, handling, onDone }: { card: CardHandlingView; handling: Handling; onDone: () => void }) {
  const [values, setValues] = useState<AdjustValues>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = HANDLING_LABELS[handling];
  const set = (v: Partial<AdjustValues>) => {
    setValues((x) => ({ ...x, ...v }));
    setError(null);
  };
  const submit = async () => {
    let run: () => Promise<unknown>;
    if (handling === 'adjust') {
      const checked = adjustBodyOf(card.memberCardId, card.kind, values);
      if (!checked.ok) return setError(checked.message);
      run = () => applyCardAdjust(checked.body);
    } else {
      const reason = values.reason?.trim() ?? '';
      if (!reason) return setError('请填写原因');
      run = () => setCardStatus(handling, { memberCardId: card.memberCardId, reason });
    }
    const ask =
      handling === 'adjust'
        ? `确定提交会员卡 ${card.cardNo} 的调整申请吗？审批通过后才会记入流水。`
        : `确定${label}会员卡 ${card.cardNo} 吗？`;
    if (!(await confirm(ask))) return;
    setBusy(true);
    try {
      await run();
      onDone();
    } catch {
      // Alerted by the http layer; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={`${label}会员卡 ${card.cardNo}`}
      open
      okText="提交"
      confirmLoading={busy}
      onCancel={onDone}
      onOk={submit}
    >
      <Form layout="vertical">
        {handling === 'adjust' &&
          card.kind === 'stored' &&
          MONEY_FIELDS.map(([key, label]) => (
            <Form.Item key={key} label={`${label}（元，负数为扣减）`}>
              <Input aria-label={label} value={values[key]} onChange={(e) => set({ [key]: e.target.value })} />
            </Form.Item>
          ))}
        {handling === 'adjust' && card.kind === 'combo' && (
          <>
            <Form.Item label="项目" required>
              <Select
                aria-label="项目"
                value={values.projectId}
                onChange={(projectId: number) => set({ projectId })}
                options={card.sessions.map((s) => ({
                  value: s.projectId,
                  label: `${s.projectName}（剩余 ${s.remaining} 次）`,
                }))}
              />
            </Form.Item>
            <Form.Item label="次数调整（负数为扣减）" required>
              <Input
                aria-label="次数调整"
                value={values.sessions}
                onChange={(e) => set({ sessions: e.target.value })}
              />
            </Form.Item>
          </>
        )}
        <ReasonField value={values.reason} error={error} onChange={(reason) => set({ reason })} />
      </Form>
    </Modal>
  );
}

export function CardHandlingPanel({ memberCardId }: { memberCardId: number }) {
  const { data: card, isLoading } = useHandledCard(memberCardId);
  const has = useButtons();
  const refresh = useRefreshCard();
  const [open, setOpen] = useState<Handling | null>(null);
  if (isLoading) return <Spin />;
  if (!card) return <Empty description="会员卡不存在或不在您的数据范围内" />;
  const may = has(buttonCodeOf('/abnormalCardList', 'audit'));
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label="卡号">{card.cardNo}</Descriptions.Item>
        <Descriptions.Item label="会员">{card.memberName}</Descriptions.Item>
        <Descriptions.Item label="卡项">{card.cardName}</Descriptions.Item>
        <Descriptions.Item label="门店">{card.storeName}</Descriptions.Item>
        <Descriptions.Item label="状态">{tagOf(MEMBER_CARD_STATUSES, card.status)}</Descriptions.Item>
        <Descriptions.Item label="有效期至">{card.expiresAt}</Descriptions.Item>
        {card.kind === 'stored' ? (
          <>
            <Descriptions.Item label="本金余额">{formatFen(card.balance)}</Descriptions.Item>
            <Descriptions.Item label="赠金余额">{formatFen(card.bonusBalance)}</Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label="剩余次数" span={2}>
            {card.sessions.map((s) => `${s.projectName} ${s.remaining} 次`).join('；') || '—'}
          </Descriptions.Item>
        )}
      </Descriptions>
      {may && (
        <Space>
          {handlingsOf(card).map((h) => (
            <Button
              key={h}
              danger={h === 'freeze'}
              type={h === 'adjust' ? 'primary' : 'default'}
              onClick={() => setOpen(h)}
            >
              {HANDLING_LABELS[h]}
            </Button>
          ))}
          <Link to={`/supplementOrCancellation?cardNo=${card.cardNo}`}>补卡 / 注销记录</Link>
        </Space>
      )}
      <Table<CardHandlingDto>
        size="small"
        rowKey="id"
        pagination={false}
        locale={{ emptyText: '暂无处理记录' }}
        dataSource={card.history}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 160 },
          { title: '处理', dataIndex: 'action', width: 70, render: (v: string) => tagOf(CARD_HANDLING_ACTIONS, v) },
          { title: '状态', dataIndex: 'status', width: 80, render: (v: string) => tagOf(CARD_HANDLING_STATUSES, v) },
          { title: '调整内容', key: 'what', render: (_: unknown, h) => whatOf(h) },
          { title: '原因', dataIndex: 'reason' },
          { title: '审批单号', dataIndex: 'spNo', render: (v: string | null) => v ?? '—' },
          { title: '操作人', dataIndex: 'createdByName', width: 90, render: (v: string | null) => v ?? '—' },
        ]}
      />
      {open && (
        <HandlingModal
          card={card}
          handling={open}
          onDone={() => {
            setOpen(null);
            void refresh();
          }}
        />
      )}
    </Space>
  );
}
