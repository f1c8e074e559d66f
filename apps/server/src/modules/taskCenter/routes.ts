/** 消息中心 at SPEC §7.2's `/rest/taskCenterRest/*` calls (messages and tasks; not the stocktaking ones). */
import {
  MESSAGE_STATUSES,
  MSG_TYPES,
  TASK_CENTER_API,
  TASK_KIND_TASK,
  TASK_STATUSES,
} from '@zb/contract/api/taskCenter';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import {
  countTasks,
  deleteTasks,
  listTasks,
  listTempletes,
  requireKind,
  resolveChoice,
  saveTask,
  saveTemplete,
  storeTree,
  taskDetail,
  treeStoreCount,
} from './service';

const options = (list: readonly { value: number | string; label: string }[]) =>
  list.map((o) => ({ value: o.value, label: o.label }));

export const taskCenterRoutes = async (app: FastifyInstance) => {
  const A = TASK_CENTER_API;
  route(app, A.getStoreTree, (_i, { db, signedIn }) => storeTree(db, signedIn().scope));
  route(app, A.getTreeStoreCount, ({ query }, { db, signedIn }) => treeStoreCount(db, signedIn().scope, query));
  route(app, A.handleTreeStore, ({ body }, { db, signedIn }) => resolveChoice(db, signedIn().scope, body));
  route(app, A.findMsgType, () => options(MSG_TYPES) as { value: number; label: string }[]);
  route(app, A.findMsgStatus, ({ query }, { signedIn }) => {
    requireKind(signedIn(), query.kind, 'page');
    return options(query.kind === TASK_KIND_TASK ? TASK_STATUSES : MESSAGE_STATUSES) as {
      value: string;
      label: string;
    }[];
  });
  route(app, A.searchTask, ({ query }, { db, signedIn }) => listTasks(db, signedIn(), query));
  route(app, A.searchCountMsg, ({ query }, { db, signedIn }) => countTasks(db, signedIn(), query));
  route(app, A.getTaskDetail, ({ query }, { db, signedIn }) => taskDetail(db, signedIn(), query.id));
  route(app, A.saveUpdateTask, ({ body }, { db, signedIn }) => saveTask(db, signedIn(), body));
  route(app, A.batchDeleteTask, ({ body }, { db, signedIn }) => deleteTasks(db, signedIn(), body.ids));
  route(app, A.getTaskTemplete, ({ query }, { db }) => listTempletes(db, query.enabled));
  route(app, A.updateTaskTemplete, ({ body }, { db, signedIn }) => saveTemplete(db, signedIn(), body));
};
