/**
 * /wscEarnestOrder (微商城定金订单): the orders of goods sold by deposit — the 定金 paid online and
 * the 尾款 paid in the store at pick-up; 导出. A row's 查看 opens the order's detail page, where
 * 确认自提 records the balance.
 */
import { MALL_EARNEST_ORDER } from '@zb/contract/entities/mall';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function WscEarnestOrderPage() {
  return <ResourceListPage decl={MALL_EARNEST_ORDER} />;
}
