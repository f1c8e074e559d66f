/** /stManagement (软文管理): the articles on the resource engine; rows open /newSoftText; 批量发布 / 批量下线. */
import { SOFT_TEXT } from '@zb/contract/entities/content';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function StManagementPage() {
  return <ResourceListPage decl={SOFT_TEXT} />;
}
