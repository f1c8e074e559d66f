/** /couponList (卡项管理): combo and stored-value cards on the resource engine, with batch 上架/下架. */
import { CARD } from '@zb/contract/entities/card';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function CouponListPage() {
  return <ResourceListPage decl={CARD} />;
}
