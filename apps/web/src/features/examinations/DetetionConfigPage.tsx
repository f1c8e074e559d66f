/** /detetionConfig 检测配置: the scalp examination items on the resource engine (contract EXAM_ITEM). */
import { EXAM_ITEM } from '@zb/contract/entities/examination';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function DetetionConfigPage() {
  return <ResourceListPage decl={EXAM_ITEM} />;
}
