/**
 * /bookProdPayDetail (订货付款详情): an order's payments — amount, method, time, voucher, who
 * recorded it — and what is still owed; 登记付款 for a user with the list's 编辑 once the order is
 * approved. A franchise store's order ships only when paid in full (unless credit is allowed).
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { ORDER_STATUSES, orderPayable, PAY_STATUSES, STORE_ORDER_FAMILY } from '@zb/contract/entities/storeOrder';
import { formatYuan } from '@zb/contract/resource/format';
import { Button, Card, Descriptions, Result, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useCan } from '../../platform/permissions';
import { useOrderView, useRefreshOrders } from './api';
import { PayModal } from './PayModal';
import { PaymentsTable } from './PaymentsTable';

const family = STORE_ORDER_FAMILY;

export default function BookProdPayDetailPage() {
  const q = new URLSearchParams(useLocation().search);
  const raw = Number(q.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const view = useOrderView(family, id);
  const refresh = useRefreshOrders(family);
  const canPay = useCan(buttonCodeOf(family.decl.page, 'edit'));
  const [paying, setPaying] = useState(false);

  if (id === null) return <Result status="404" subTitle="请从订货记录打开付款详情" />;
  if (view.isError) return <Result status="warning" subTitle="订单不存在或不在您的数据范围内" />;
  const v = view.data;
  if (!v) return <Spin spinning style={{ display: 'block', margin: 48 }} />;
  const o = v.order;
  const owed = o.total - o.paidAmount;
  const payable = orderPayable(o.status) && owed > 0;
  const status = ORDER_STATUSES.find((s) => s.value === o.status)!;
  const pay = PAY_STATUSES.find((s) => s.value === o.payStatus)!;
  const detail = o.kind === 'aesthetic' ? '/aestheticProductDetail' : '/bookProdDetailNew';

  return (
    <Card
      title={`付款详情 · ${o.orderNo}`}
      extra={
        <Space>
          <Link to={`${detail}?id=${o.id}`}>查看订单</Link>
          {canPay && payable && (
            <Button type="primary" onClick={() => setPaying(true)}>
              登记付款
            </Button>
          )}
        </Space>
      }
    >
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            {
              key: 'store',
              label: '门店',
              children: `${o.storeName}（${o.ownership === 'franchise' ? '加盟' : '直营'}）`,
            },
            { key: 'status', label: '订单状态', children: <Tag color={status.color}>{status.label}</Tag> },
            { key: 'pay', label: '付款状态', children: <Tag color={pay.color}>{pay.label}</Tag> },
            { key: 'total', label: '订单金额', children: `¥${formatYuan(o.total)}` },
            { key: 'paid', label: '已付金额', children: `¥${formatYuan(o.paidAmount)}` },
            { key: 'owed', label: '未付金额', children: `¥${formatYuan(owed)}` },
          ]}
        />
        {o.status === 'submitted' && <Tag>订单审核通过后才能登记付款</Tag>}
        <PaymentsTable payments={v.payments} />
      </Space>
      {paying && (
        <PayModal
          family={family}
          order={o}
          open
          onClose={() => setPaying(false)}
          onPaid={() => {
            setPaying(false);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}
