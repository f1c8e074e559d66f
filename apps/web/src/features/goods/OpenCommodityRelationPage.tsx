/** /openCommodityRelation (开放平台商品关联): group-buy platform goods and the project or card each stands for. */
import { OPEN_COMMODITY } from '@zb/contract/entities/openCommodity';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { GoodsRefSelect } from './GoodsRefSelect';

const INPUTS = { goodsId: GoodsRefSelect };

export default function OpenCommodityRelationPage() {
  return <ResourceListPage decl={OPEN_COMMODITY} inputs={INPUTS} />;
}
