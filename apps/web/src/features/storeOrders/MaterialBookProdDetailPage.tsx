/** /materialBookProdDetail (物料订货详情): a material order with its steps and payments. */
import { MATERIAL_ORDER_FAMILY } from '@zb/contract/entities/storeOrder';
import { OrderDetailPage } from './OrderDetailPage';

export default function MaterialBookProdDetailPage() {
  return <OrderDetailPage family={MATERIAL_ORDER_FAMILY} path="/materialBookProdDetail" />;
}
