/** /storeDetail (门店详情): one store, read, edited or created on the resource engine. */
import { STORE } from '@zb/contract/entities/store';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { STORE_INPUTS } from './storeInputs';

export default function StoreDetailPage() {
  return <ResourceDetailPage decl={STORE} inputs={STORE_INPUTS} />;
}
