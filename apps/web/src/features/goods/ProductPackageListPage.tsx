/** /productPackageList (产品套餐): retail products sold together, with 原价合计 and batch 上架/下架. */
import { PRODUCT_PACKAGE } from '@zb/contract/entities/productPackage';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function ProductPackageListPage() {
  return <ResourceListPage decl={PRODUCT_PACKAGE} />;
}
