/** /onlineCouponRefundDetail (团购券退款详情): one refund — the voucher, how, how much, who and when. */
import { GROUPBUY_REFUND } from '@zb/contract/entities/groupBuy';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';

export default function OnlineCouponRefundDetailPage() {
  return <ResourceDetailPage decl={GROUPBUY_REFUND} />;
}
