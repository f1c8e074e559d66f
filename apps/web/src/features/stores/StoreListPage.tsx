/** /storeList (门店列表): stores on the resource engine, limited to the user's data scope by the server. */
import { STORE } from '@zb/contract/entities/store';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { STORE_INPUTS } from './storeInputs';

export default function StoreListPage() {
  return <ResourceListPage decl={STORE} inputs={STORE_INPUTS} />;
}
