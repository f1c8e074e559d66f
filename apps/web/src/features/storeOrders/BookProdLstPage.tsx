/** /bookProdLst (订货记录（旧）): the old system's orders, read-only, searchable and exportable. */
import { LEGACY_ORDER } from '@zb/contract/entities/legacyOrder';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function BookProdLstPage() {
  return <ResourceListPage decl={LEGACY_ORDER} readOnly />;
}
