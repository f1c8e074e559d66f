/**
 * /aestheticProductDetail (美业产品订货详情): an order of aesthetic products — the professional
 * products used in services — with the projects that consume each product; ?create=1 orders them.
 */
import { STORE_ORDER_FAMILY } from '@zb/contract/entities/storeOrder';
import { OrderDetailPage } from './OrderDetailPage';

export default function AestheticProductDetailPage() {
  return <OrderDetailPage family={STORE_ORDER_FAMILY} path="/aestheticProductDetail" kind="aesthetic" />;
}
