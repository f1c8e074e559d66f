/** /messageDetail (消息详情): a message and each store's read state; `?new=1` sends one. */
import { TASK_KIND_MESSAGE } from '@zb/contract/api/taskCenter';
import { TaskDetailView } from './TaskDetailView';

export default function MessageDetailPage() {
  return <TaskDetailView kind={TASK_KIND_MESSAGE} />;
}
