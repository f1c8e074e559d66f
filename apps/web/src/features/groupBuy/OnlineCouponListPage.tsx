/** /onlineCouponList (团购券订单): vouchers verified at the caller's stores, by platform, store, day and state; 导出. */
import { GROUPBUY_VOUCHER } from '@zb/contract/entities/groupBuy';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function OnlineCouponListPage() {
  return <ResourceListPage decl={GROUPBUY_VOUCHER} readOnly />;
}
