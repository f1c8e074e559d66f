/**
 * /supplementOrCancellation 补卡注销: the declared list of 补卡 and 注销 applications (CARD_CLOSURES:
 * filters, states, amounts, new card, refund), and for a holder of /abnormalCardList's 审核 the
 * 申请补卡 and 申请注销 forms: find the card by its number or the member's phone, fill the new card
 * number (补卡) or the rule and refund (注销) and a reason, confirm, and the application goes to the
 * approval center. The server's refusals (number taken, refund above the 本金, an application
 * pending) are alerted by the http layer and the form stays open.
 */
import {
  CARD_CANCEL_RULES,
  type CardClosureKind,
  type ClosableCardDto,
  NEW_CARD_NO,
} from '@zb/contract/api/memberAssets';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { CARD_CLOSURES } from '@zb/contract/reports/memberAssets';
import { Button, Empty, Form, Input, Modal, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { confirm, notify } from '../../platform/alerts';
import { useButtons } from '../../platform/permissions';
import { ReportView } from '../../platform/report/ReportView';
import { applyCancel, applyReissue, findClosableCards, useRefreshCard } from './api';
import { type ClosureValues, cardOptionLabel, closureBodyOf, closureLabel, confirmText } from './cardClosure';
import { ReasonField } from './ReasonField';

function ClosureModal({ kind, onDone }: { kind: CardClosureKind; onDone: (submitted: boolean) => void }) {
  const [keyword, setKeyword] = useState('');
  const [cards, setCards] = useState<ClosableCardDto[] | null>(null);
  const [values, setValues] = useState<ClosureValues>({ rule: 'refund' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = closureLabel(kind);
  const set = (v: Partial<ClosureValues>) => {
    setValues((x) => ({ ...x, ...v }));
    setError(null);
  };
  const search = async (text: string) => {
    const k = text.trim();
    if (!k) return setError('请输入卡号或手机号');
    try {
      const found = await findClosableCards(k);
      setCards(found);
      set({ memberCardId: found.length === 1 ? found[0]!.memberCardId : undefined });
    } catch {
      // Alerted by the http layer.
    }
  };
  const submit = async () => {
    const checked = closureBodyOf(kind, values);
    if (!checked.ok) return setError(checked.message);
    const chosen = cards?.find((c) => c.memberCardId === values.memberCardId);
    if (!chosen) return setError('请先查询并选择会员卡');
    const refund = 'refundAmount' in checked.body ? checked.body.refundAmount : 0;
    if (!(await confirm(confirmText(kind, chosen, refund)))) return;
    setBusy(true);
    try {
      const done = 'newCardNo' in checked.body ? await applyReissue(checked.body) : await applyCancel(checked.body);
      notify('success', `已提交${label}申请（审批单号 ${done.spNo ?? '—'}），请等待审批`);
      onDone(true);
    } catch {
      // Alerted by the http layer; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={`申请${label}`}
      open
      okText="提交"
      confirmLoading={busy}
      onCancel={() => onDone(false)}
      onOk={submit}
      width={640}
    >
      <Form layout="vertical">
        <Form.Item label="卡号或手机号" required>
          <Input.Search
            aria-label="卡号或手机号"
            placeholder="输入会员卡号或会员手机号"
            enterButton="查询"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={search}
          />
        </Form.Item>
        {cards !== null &&
          (cards.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="没有可办理的会员卡（已补卡或已注销的卡不能再办理）"
            />
          ) : (
            <Form.Item label="会员卡" required>
              <Select
                aria-label="会员卡"
                placeholder="请选择会员卡"
                value={values.memberCardId}
                onChange={(memberCardId: number) => set({ memberCardId })}
                options={cards.map((c) => ({ value: c.memberCardId, label: cardOptionLabel(c) }))}
              />
            </Form.Item>
          ))}
        {kind === 'reissue' ? (
          <Form.Item label={`新卡号（${NEW_CARD_NO.min} 到 ${NEW_CARD_NO.max} 位字母或数字）`} required>
            <Input
              aria-label="新卡号"
              maxLength={NEW_CARD_NO.max}
              value={values.newCardNo}
              onChange={(e) => set({ newCardNo: e.target.value })}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item label="注销方式" required>
              <Radio.Group
                aria-label="注销方式"
                value={values.rule}
                onChange={(e) => set({ rule: e.target.value })}
                options={CARD_CANCEL_RULES.map((r) => ({ value: r.value, label: r.label }))}
              />
            </Form.Item>
            {values.rule === 'refund' && (
              <Form.Item label="退款金额（元，不超过卡内剩余本金；赠金和次数作废）" required>
                <Input
                  aria-label="退款金额"
                  value={values.refundYuan}
                  onChange={(e) => set({ refundYuan: e.target.value })}
                />
              </Form.Item>
            )}
          </>
        )}
        <ReasonField value={values.reason} error={error} onChange={(reason) => set({ reason })} />
      </Form>
    </Modal>
  );
}

export default function SupplementOrCancellationPage() {
  const has = useButtons();
  const refresh = useRefreshCard();
  const [open, setOpen] = useState<CardClosureKind | null>(null);
  const may = has(buttonCodeOf('/abnormalCardList', 'audit'));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {may && (
        <Space>
          <Button type="primary" onClick={() => setOpen('reissue')}>
            申请补卡
          </Button>
          <Button danger onClick={() => setOpen('cancel')}>
            申请注销
          </Button>
        </Space>
      )}
      <ReportView decl={CARD_CLOSURES} />
      {open && (
        <ClosureModal
          kind={open}
          onDone={(submitted) => {
            setOpen(null);
            if (submitted) void refresh();
          }}
        />
      )}
    </Space>
  );
}
