/**
 * /onlineOrderList (线上订单): the mini-program mall's orders — search by store, 下单时间, state,
 * member phone, order no., kind and delivery; 导出; in each row the steps the order's state allows
 * and the user may take (发货, 确认自提, 取消订单). A row's 查看 opens /onlineOrderDetail.
 */
import { MALL_ORDER, type MallOrderStatus } from '@zb/contract/entities/mall';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { MallOrderActions } from './MallOrderActions';

export default function OnlineOrderListPage() {
  return (
    <ResourceListPage
      decl={MALL_ORDER}
      rowActions={(row) => (
        <MallOrderActions
          compact
          order={{ id: row.id, orderNo: String(row.orderNo), status: row.status as MallOrderStatus }}
        />
      )}
    />
  );
}
