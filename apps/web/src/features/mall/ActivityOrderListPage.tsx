/**
 * /activityOrderList (商城活动订单): the mall orders bought in a 秒杀, 拼团 or 限时折扣 — search by
 * event, kind, 拼团 state, store, time; 导出; the steps each order's state allows. 查看 opens
 * /activityOrderDetail.
 */
import type { MallOrderStatus } from '@zb/contract/entities/mall';
import { MALL_EVENT_ORDER } from '@zb/contract/entities/mallEvent';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { MallOrderActions } from './MallOrderActions';

export default function ActivityOrderListPage() {
  return (
    <ResourceListPage
      decl={MALL_EVENT_ORDER}
      rowActions={(row) => (
        <MallOrderActions
          compact
          order={{ id: row.id, orderNo: String(row.orderNo), status: row.status as MallOrderStatus }}
        />
      )}
    />
  );
}
