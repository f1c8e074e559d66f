/** /productPackageDetail (产品套餐详情): one product package and the products with their quantities. */
import { PRODUCT_PACKAGE } from '@zb/contract/entities/productPackage';
import './api';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { PackageProductsInput } from './BundleRowsInput';

const INPUTS = { items: PackageProductsInput };

export default function ProductPackageDetailPage() {
  return <ResourceDetailPage decl={PRODUCT_PACKAGE} inputs={INPUTS} />;
}
