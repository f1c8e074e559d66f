/** /associatedDetail (关联商品详情): the main product, its linked products with quantities, a note. */
import { PRODUCT_ASSOCIATION } from '@zb/contract/entities/productAssociation';
import './api';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { LinkedProductsInput } from './BundleRowsInput';
import { ProductSelect } from './GoodsSelect';

const INPUTS = { mainProductId: ProductSelect, items: LinkedProductsInput };

export default function AssociatedDetailPage() {
  return <ResourceDetailPage decl={PRODUCT_ASSOCIATION} inputs={INPUTS} />;
}
