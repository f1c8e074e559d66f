/** /productDetail (商品详情): one product read, edited or created; images upload in the form. */
import { PRODUCT } from '@zb/contract/entities/product';
import './api';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';

export default function ProductDetailPage() {
  return <ResourceDetailPage decl={PRODUCT} />;
}
