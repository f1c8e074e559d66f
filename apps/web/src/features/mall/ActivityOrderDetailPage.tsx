/** /activityOrderDetail (商城活动订单详情): a mall order bought in an event, with its event and 拼团 group. */
import { MallOrderPage } from './OnlineOrderDetailPage';

export default function ActivityOrderDetailPage() {
  return <MallOrderPage title="商城活动订单" from="商城活动订单列表" />;
}
