/** /messageList (消息列表): messages head office sent to stores, with each one's read count. */
import { TASK_KIND_MESSAGE } from '@zb/contract/api/taskCenter';
import { TaskListView } from './TaskListView';

export default function MessageListPage() {
  return <TaskListView kind={TASK_KIND_MESSAGE} />;
}
