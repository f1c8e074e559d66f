/** /productOnlineRateConfig (商品线上比例配置): headquarters' and the store's share of each online product type. */
import { PRODUCT_ONLINE_RATE } from '@zb/contract/entities/productOnlineRate';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function ProductOnlineRateConfigPage() {
  return <ResourceListPage decl={PRODUCT_ONLINE_RATE} />;
}
