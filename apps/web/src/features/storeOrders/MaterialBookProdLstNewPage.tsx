/** /materialBookProdLstNew (物料订货记录): stores' orders of promotional materials and consumables. */
import { MATERIAL_ORDER_FAMILY } from '@zb/contract/entities/storeOrder';
import { OrderListPage } from './OrderListPage';

export default function MaterialBookProdLstNewPage() {
  return <OrderListPage family={MATERIAL_ORDER_FAMILY} />;
}
