/**
 * The open API's calls of 消息中心 (contract open/protocol.ts OPEN_PATHS.taskMsgs*): a store's POS
 * lists its messages and tasks, reads one, and answers a task. Only a POS terminal bound to a
 * store may call them; it acts for that store.
 */
import { openStoreTasksBody, openTaskAnswerBody, openTaskReadBody } from '@zb/contract/api/taskCenter';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { openRoute } from '../openApi/types';
import { answerStoreTask, readStoreTask, storeTasks } from './service';

export const TASK_OPEN_ROUTES = [
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.taskMsgs,
    body: openStoreTasksBody,
    kinds: ['pos'],
    handle: (db, caller, body) => storeTasks(db, caller, body),
  }),
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.taskMsgRead,
    body: openTaskReadBody,
    kinds: ['pos'],
    handle: (db, caller, body) => readStoreTask(db, caller, body.id),
  }),
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.taskMsgAnswer,
    body: openTaskAnswerBody,
    kinds: ['pos'],
    handle: (db, caller, body) => answerStoreTask(db, caller, body),
  }),
];
