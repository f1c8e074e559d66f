/** /associatedList (关联商品): each main product and the products recommended with it. */
import { PRODUCT_ASSOCIATION } from '@zb/contract/entities/productAssociation';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function AssociatedListPage() {
  return <ResourceListPage decl={PRODUCT_ASSOCIATION} />;
}
