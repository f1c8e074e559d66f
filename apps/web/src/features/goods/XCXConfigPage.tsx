/**
 * /XCXConfig (小程序商品配置): the products, projects and cards the mini-program shows, by tab,
 * category and order. The page's one button, 编辑, adds, changes and removes items; goods off sale
 * can only be kept hidden.
 */
import { MINI_PROGRAM_ITEM } from '@zb/contract/entities/miniProgram';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { ShownGoodsSelect } from './GoodsRefSelect';

const INPUTS = { goodsId: ShownGoodsSelect };

export default function XCXConfigPage() {
  return <ResourceListPage decl={MINI_PROGRAM_ITEM} inputs={INPUTS} />;
}
