/** /productList (商品列表): products on the resource engine, with batch 上架/下架. */
import { PRODUCT } from '@zb/contract/entities/product';
import './api';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function ProductListPage() {
  return <ResourceListPage decl={PRODUCT} />;
}
