/** /douyinStoreList (抖音门店): 抖音来客 shops, 同步门店 from the platform, each bound to one of our stores. */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { DOUYIN_SHOP, GROUPBUY_API } from '@zb/contract/entities/groupBuy';
import { useCan } from '../../platform/permissions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { DouyinStoreInput } from './inputs';
import { SyncButton } from './SyncButton';

const INPUTS = { storeId: DouyinStoreInput };
const ADD = buttonCodeOf(DOUYIN_SHOP.page, 'add');

export default function DouyinStoreListPage() {
  const canSync = useCan(ADD);
  return (
    <ResourceListPage
      decl={DOUYIN_SHOP}
      inputs={INPUTS}
      toolbar={canSync && <SyncButton endpoint={GROUPBUY_API.syncDouyinShops} decl={DOUYIN_SHOP} label="同步门店" />}
    />
  );
}
