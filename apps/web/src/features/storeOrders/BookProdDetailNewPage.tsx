/** /bookProdDetailNew (订货详情): a goods order — view, the steps, the submitter's edit, a new order. */
import { STORE_ORDER_FAMILY } from '@zb/contract/entities/storeOrder';
import { OrderDetailPage } from './OrderDetailPage';

export default function BookProdDetailNewPage() {
  return <OrderDetailPage family={STORE_ORDER_FAMILY} path="/bookProdDetailNew" />;
}
