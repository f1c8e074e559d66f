/** /couponsResend (优惠券补发): issues that failed, with their reason; 批量补发 tries them again under the same rules. */
import { COUPON_FAILURE } from '@zb/contract/entities/coupon';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function CouponsResendPage() {
  return <ResourceListPage decl={COUPON_FAILURE} />;
}
