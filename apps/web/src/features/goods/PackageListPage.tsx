/** /packageList (套餐列表): project packages with 原价合计 beside the package price, batch 上架/下架. */
import { PROJECT_PACKAGE } from '@zb/contract/entities/projectPackage';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function PackageListPage() {
  return <ResourceListPage decl={PROJECT_PACKAGE} />;
}
