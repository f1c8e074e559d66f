/** /storeDetail (门店详情): one store, read, edited or created on the resource engine; its stock below. */
import { STORE } from '@zb/contract/entities/store';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { StoreStockCard } from './StoreStockCard';
import { STORE_INPUTS } from './storeInputs';

const stockOf = (id: number) => <StoreStockCard storeId={id} />;

export default function StoreDetailPage() {
  return <ResourceDetailPage decl={STORE} inputs={STORE_INPUTS} below={stockOf} />;
}
