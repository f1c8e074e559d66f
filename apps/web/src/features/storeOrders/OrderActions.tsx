/**
 * The action buttons of one order, by its state and the user's buttons (orderActions): 审核 and
 * 发货 ask first, 驳回 asks for a reason, 收货 takes the received quantity of each line when the
 * lines are known (the detail page) or confirms receiving everything (a list row), 撤回 asks, 修改
 * opens the edit form, 登记付款 opens the payment form. Refusals (ORDER-40901 when someone else
 * acted first) are alerted by the http layer; the order is read again either way.
 */
import type { OrderFamily, StoreOrderHead, StoreOrderLine } from '@zb/contract/entities/storeOrder';
import { Button, Input, InputNumber, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../platform/alerts';
import { useButtons } from '../../platform/permissions';
import { RejectReasonModal } from '../../platform/RejectReasonModal';
import { receiveOrder, rejectOrder, runStep, useRefreshOrders } from './api';
import { ACTION_LABELS, type OrderAction, orderActions } from './orderActions';
import { PayModal } from './PayModal';

export type ActionOrder = Pick<StoreOrderHead, 'id' | 'orderNo' | 'status' | 'total' | 'paidAmount'> &
  Partial<Pick<StoreOrderHead, 'payStatus'>>;

interface Props {
  family: OrderFamily;
  order: ActionOrder;
  /** The caller submitted it (only then 修改/撤回). */
  mine?: boolean;
  /** Known on the detail page: 收货 then asks per line. */
  lines?: readonly StoreOrderLine[];
  /** The order's detail page, for 修改. */
  detailPath: string;
  /** Links in a list row, buttons on the detail page. */
  compact?: boolean;
}

function ReceiveModal({
  open,
  busy,
  lines,
  onOk,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  lines: readonly StoreOrderLine[];
  onOk: (qty: Record<number, number>, remark: string) => void;
  onCancel: () => void;
}) {
  const [qty, setQty] = useState<Record<number, number>>(() =>
    Object.fromEntries(lines.map((l) => [l.id, l.quantity])),
  );
  const [remark, setRemark] = useState('');
  return (
    <Modal
      title="确认收货"
      open={open}
      okText="确认收货"
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => onOk(qty, remark)}
      width={640}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">请核对实收数量；少于订货数量时请填写实际收到的数量。</Typography.Paragraph>
      <Table<StoreOrderLine>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={[...lines]}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '订货数量', key: 'q', width: 100, render: (_, l) => `${l.quantity}${l.unit}` },
          {
            title: '实收数量',
            key: 'r',
            width: 140,
            render: (_, l) => (
              <InputNumber
                aria-label={`${l.name}实收数量`}
                min={0}
                max={l.quantity}
                precision={0}
                value={qty[l.id]}
                onChange={(v) => setQty((q) => ({ ...q, [l.id]: typeof v === 'number' ? v : 0 }))}
              />
            ),
          },
        ]}
      />
      <Input.TextArea
        aria-label="收货备注"
        placeholder="收货备注（选填）"
        rows={2}
        maxLength={200}
        style={{ marginTop: 12 }}
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
      />
    </Modal>
  );
}

export function OrderActions({ family, order, mine, lines, detailPath, compact }: Props) {
  const has = useButtons();
  const navigate = useNavigate();
  const refresh = useRefreshOrders(family);
  const [modal, setModal] = useState<'reject' | 'receive' | 'pay' | null>(null);
  const [busy, setBusy] = useState(false);
  const actions = orderActions(family, { status: order.status, payStatus: order.payStatus, mine }, has);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      setModal(null);
    } catch {
      // The http layer alerted the refusal; the order is read again below.
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const start = async (a: OrderAction) => {
    const no = order.orderNo;
    switch (a) {
      case 'approve':
        if (await confirm(`确定审核通过订单 ${no}？`)) await run(() => runStep(family, 'approve', order.id));
        return;
      case 'ship':
        if (await confirm(`确定订单 ${no} 已发货？`)) await run(() => runStep(family, 'ship', order.id));
        return;
      case 'withdraw':
        if (await confirm(`确定撤回订单 ${no}？撤回后不能恢复`)) await run(() => runStep(family, 'withdraw', order.id));
        return;
      case 'receive':
        if (lines?.length) return setModal('receive');
        if (await confirm(`确定订单 ${no} 已按订货数量全部收到？`))
          await run(() => receiveOrder(family, { id: order.id }));
        return;
      case 'modify':
        navigate(`${detailPath}?id=${order.id}&edit=1`);
        return;
      case 'reject':
      case 'pay':
        setModal(a);
        return;
    }
  };

  if (actions.length === 0) return null;
  return (
    <>
      <Space size={compact ? 0 : 8} wrap>
        {actions.map((a) => (
          <Button
            key={a}
            type={compact ? 'link' : a === 'approve' || a === 'ship' || a === 'receive' ? 'primary' : 'default'}
            size={compact ? 'small' : 'middle'}
            danger={a === 'reject' || a === 'withdraw'}
            disabled={busy}
            onClick={() => void start(a)}
          >
            {ACTION_LABELS[a]}
          </Button>
        ))}
      </Space>
      {modal === 'reject' && (
        <RejectReasonModal
          title="驳回订单"
          onCancel={() => setModal(null)}
          onOk={(r) => run(() => rejectOrder(family, order.id, r))}
        />
      )}
      {modal === 'receive' && lines && (
        <ReceiveModal
          open
          busy={busy}
          lines={lines}
          onCancel={() => setModal(null)}
          onOk={(qty, remark) =>
            void run(() =>
              receiveOrder(family, {
                id: order.id,
                lines: lines.map((l) => ({ lineId: l.id, receivedQty: qty[l.id] ?? l.quantity })),
                remark: remark || null,
              }),
            )
          }
        />
      )}
      {modal === 'pay' && (
        <PayModal
          family={family}
          order={order}
          open
          onClose={() => setModal(null)}
          onPaid={() => {
            setModal(null);
            void refresh();
          }}
        />
      )}
    </>
  );
}
