/** /bookProdLstNew (订货记录): stores' orders of retail goods and aesthetic products. */
import { STORE_ORDER_FAMILY } from '@zb/contract/entities/storeOrder';
import { OrderListPage } from './OrderListPage';

export default function BookProdLstNewPage() {
  return <OrderListPage family={STORE_ORDER_FAMILY} />;
}
