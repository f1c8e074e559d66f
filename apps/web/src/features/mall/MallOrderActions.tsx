/**
 * The buttons of one mall order, from the flow's declaration (stepsFrom MALL_ORDER_FLOW for the
 * console) and the user's buttons: 发货 asks for the carrier and tracking number, 确认自提 and
 * 取消订单 confirm first (取消 with an optional reason); 取消并退款 (a paid order not yet sent) asks for
 * its reason and says what goes back. A refusal (FLOW-40901 when someone acted
 * first) is alerted by the http layer; the order is read again either way.
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { MALL_ORDER_FLOW, MALL_TEXT_MAX, type MallOrderStatus } from '@zb/contract/entities/mall';
import { stepsFrom } from '@zb/contract/flow';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { confirm } from '../../platform/alerts';
import { useSessionUser } from '../../platform/session';
import { cancelMallOrder, cancelRefundMallOrder, pickupMallOrder, shipMallOrder, useRefreshMall } from './api';

interface Props {
  order: { id: number; orderNo: string; status: MallOrderStatus };
  /** Links in a list row, buttons on the detail page. */
  compact?: boolean;
  onDone?: () => void;
}

function ShipModal({
  onOk,
  onCancel,
}: {
  onOk: (company: string, no: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<{ company: string; no: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      title="发货"
      open
      okText="确认发货"
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        setBusy(true);
        try {
          await onOk(v.company.trim(), v.no.trim());
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="company"
          label="快递公司"
          rules={[
            { required: true, whitespace: true, message: '请填写快递公司' },
            { max: 30, message: '快递公司最多 30 个字符' },
          ]}
        >
          <Input placeholder="如：顺丰速运" />
        </Form.Item>
        <Form.Item
          name="no"
          label="快递单号"
          rules={[
            { required: true, message: '请填写快递单号' },
            { pattern: /^[A-Za-z0-9-]{6,30}$/, message: '快递单号为 6 到 30 位字母、数字或短横线' },
          ]}
        >
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CancelRefundModal({ onOk, onCancel }: { onOk: (reason: string) => Promise<unknown>; onCancel: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      title="取消并退款"
      open
      okText="确认取消并退款"
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        setBusy(true);
        try {
          await onOk(v.reason.trim());
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <p>{MALL_ORDER_FLOW.steps.cancelRefund.confirm}</p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="取消原因"
          rules={[
            { required: true, whitespace: true, message: '请填写取消原因' },
            { max: MALL_TEXT_MAX, message: `取消原因最多 ${MALL_TEXT_MAX} 个字符` },
          ]}
        >
          <Input.TextArea rows={3} placeholder="如：会员要求取消、商品缺货" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function MallOrderActions({ order, compact, onDone }: Props) {
  const user = useSessionUser();
  const refresh = useRefreshMall();
  const [shipping, setShipping] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const steps = stepsFrom(MALL_ORDER_FLOW, order.status, 'console').filter((k) => {
    const button = MALL_ORDER_FLOW.steps[k].button;
    return !!button && !!user?.btn.includes(buttonCodeOf(MALL_ORDER_FLOW.page, button));
  });
  if (!steps.length) return null;
  const done = async () => {
    await refresh();
    onDone?.();
  };
  // A refusal is already alerted by the http layer: the order is read again either way.
  const run = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch {
      // alerted
    }
    await done();
  };
  const type = compact ? 'link' : 'default';
  const size = compact ? 'small' : 'middle';
  return (
    <Space size={compact ? 0 : 8}>
      {steps.includes('ship') && (
        <Button type={compact ? 'link' : 'primary'} size={size} onClick={() => setShipping(true)}>
          发货
        </Button>
      )}
      {steps.includes('pickup') && (
        <Button
          type={compact ? 'link' : 'primary'}
          size={size}
          onClick={async () => {
            if (await confirm(MALL_ORDER_FLOW.steps.pickup.confirm!)) await run(() => pickupMallOrder(order.id));
          }}
        >
          确认自提
        </Button>
      )}
      {steps.includes('cancel') && (
        <Button
          type={type}
          size={size}
          danger
          onClick={async () => {
            if (await confirm(MALL_ORDER_FLOW.steps.cancel.confirm!)) await run(() => cancelMallOrder(order.id));
          }}
        >
          取消订单
        </Button>
      )}
      {steps.includes('cancelRefund') && (
        <Button type={type} size={size} danger onClick={() => setRefunding(true)}>
          取消并退款
        </Button>
      )}
      {refunding && (
        <CancelRefundModal
          onCancel={() => setRefunding(false)}
          onOk={async (reason) => {
            await run(() => cancelRefundMallOrder(order.id, reason));
            setRefunding(false);
          }}
        />
      )}
      {shipping && (
        <ShipModal
          onCancel={() => setShipping(false)}
          onOk={async (company, no) => {
            await run(() => shipMallOrder(order.id, company, no));
            setShipping(false);
          }}
        />
      )}
    </Space>
  );
}
