/**
 * /mall_goodsList (商城商品): our goods on sale in the mini-program's mall — which product, project
 * or card each sells, its online price, deposit, stock, per-member limit and order; 批量上架/下架
 * with the 启用/停用 button. A row opens /mall_goodDetail.
 */
import { MALL_GOODS } from '@zb/contract/entities/mall';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { GoodsRefSelect } from './GoodsRefSelect';

const INPUTS = { goodsId: GoodsRefSelect };

export default function MallGoodsListPage() {
  return <ResourceListPage decl={MALL_GOODS} inputs={INPUTS} />;
}
