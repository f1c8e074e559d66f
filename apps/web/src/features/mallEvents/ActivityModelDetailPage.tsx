/** /activityModelDetail (活动模板详情): one template, read, edited or created. */
import { ACTIVITY_MODEL } from '@zb/contract/entities/mallEvent';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { MODEL_INPUTS } from './MallEventItemsInput';

export default function ActivityModelDetailPage() {
  return <ResourceDetailPage decl={ACTIVITY_MODEL} inputs={MODEL_INPUTS} />;
}
