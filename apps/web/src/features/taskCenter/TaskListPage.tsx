/** /taskList (任务列表): tasks sent to stores, with deadlines and how many stores are done. */
import { TASK_KIND_TASK } from '@zb/contract/api/taskCenter';
import { TaskListView } from './TaskListView';

export default function TaskListPage() {
  return <TaskListView kind={TASK_KIND_TASK} />;
}
