/** /taskDetail (任务详情): a task, each store's state and result; `?new=1` sends one. */
import { TASK_KIND_TASK } from '@zb/contract/api/taskCenter';
import { TaskDetailView } from './TaskDetailView';

export default function TaskDetailPage() {
  return <TaskDetailView kind={TASK_KIND_TASK} />;
}
