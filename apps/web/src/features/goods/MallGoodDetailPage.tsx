/** /mall_goodDetail (商城商品详情): one mall good read, edited or created; images upload in the form. */
import { MALL_GOODS } from '@zb/contract/entities/mall';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { GoodsRefSelect } from './GoodsRefSelect';

const INPUTS = { goodsId: GoodsRefSelect };

export default function MallGoodDetailPage() {
  return <ResourceDetailPage decl={MALL_GOODS} inputs={INPUTS} />;
}
