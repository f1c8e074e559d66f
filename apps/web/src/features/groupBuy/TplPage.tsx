/**
 * /tpl (团购平台管理): 美团 shops bound to our stores, and every platform's deals (团购商品) mapped to
 * a project or product; both pulled from the platforms with 同步. 抖音 shops are /douyinStoreList.
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { GROUPBUY_API, GROUPBUY_DEAL, MEITUAN_SHOP } from '@zb/contract/entities/groupBuy';
import { Space, Tabs } from 'antd';
import { useCan } from '../../platform/permissions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { ProductInput, ProjectInput, TplStoreInput } from './inputs';
import { SyncButton } from './SyncButton';

const SHOP_INPUTS = { storeId: TplStoreInput };
const DEAL_INPUTS = {
  projectId: ProjectInput,
  productId: ProductInput,
};
const ADD = buttonCodeOf('/tpl', 'add');

export default function TplPage() {
  const canSync = useCan(ADD);
  return (
    <Tabs
      items={[
        {
          key: 'shops',
          label: '美团门店',
          children: (
            <ResourceListPage
              decl={MEITUAN_SHOP}
              inputs={SHOP_INPUTS}
              toolbar={
                canSync && <SyncButton endpoint={GROUPBUY_API.syncMeituanShops} decl={MEITUAN_SHOP} label="同步门店" />
              }
            />
          ),
        },
        {
          key: 'deals',
          label: '团购商品',
          children: (
            <ResourceListPage
              decl={GROUPBUY_DEAL}
              inputs={DEAL_INPUTS}
              toolbar={
                canSync && (
                  <Space>
                    <SyncButton
                      endpoint={GROUPBUY_API.syncDeals}
                      body={{ platform: 'meituan' as const }}
                      decl={GROUPBUY_DEAL}
                      label="同步美团商品"
                    />
                    <SyncButton
                      endpoint={GROUPBUY_API.syncDeals}
                      body={{ platform: 'douyin' as const }}
                      decl={GROUPBUY_DEAL}
                      label="同步抖音商品"
                    />
                  </Space>
                )
              }
            />
          ),
        },
      ]}
    />
  );
}
