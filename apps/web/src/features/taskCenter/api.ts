/**
 * 消息中心 calls (SPEC §7.2) and their TanStack Query keys. The keys sit under the live topic
 * 'tasks', so a store's read or answer (a `tasks` event) reads the open lists and details again.
 */
import type { SaveTask, TaskKind, TreeChoice, UpdateTemplete } from '@zb/contract/api/taskCenter';
import { TASK_CENTER_API as A } from '@zb/contract/api/taskCenter';
import { ERR } from '@zb/contract/errcodes';
import { call } from '../../platform/http';

export interface TaskListParams {
  kind: TaskKind;
  pageNo: number;
  pageSize: number;
  title?: string;
  msgType?: number;
  status?: string;
}

export const TASK_KEYS = {
  all: ['tasks'] as const,
  list: (p: TaskListParams) => ['tasks', 'list', p] as const,
  detail: (id: number) => ['tasks', 'detail', id] as const,
  tree: ['tasks', 'tree'] as const,
  count: (c: TreeChoice) => ['tasks', 'treeCount', c.regionIds.join(','), c.storeIds.join(',')] as const,
  types: ['tasks', 'types'] as const,
  statuses: (kind: TaskKind) => ['tasks', 'statuses', kind] as const,
  templetes: ['tasks', 'templetes'] as const,
};

export const searchTasks = (p: TaskListParams) => call(A.searchTask, { query: p as never });
export const fetchTask = (id: number) => call(A.getTaskDetail, { query: { id } });
export const fetchStoreTree = () => call(A.getStoreTree);
export const fetchTreeCount = (c: TreeChoice) =>
  call(A.getTreeStoreCount, { query: { regionIds: c.regionIds.join(','), storeIds: c.storeIds.join(',') } as never });
export const fetchMsgTypes = () => call(A.findMsgType);
export const fetchMsgStatuses = (kind: TaskKind) => call(A.findMsgStatus, { query: { kind } });
export const saveTask = (body: SaveTask) => call(A.saveUpdateTask, { body }, { handled: [ERR.PARAM_INVALID] });
export const deleteTasks = (ids: number[]) => call(A.batchDeleteTask, { body: { ids } });
export const fetchTempletes = () => call(A.getTaskTemplete, { query: {} });
export const saveTemplete = (body: UpdateTemplete) =>
  call(A.updateTaskTemplete, { body }, { handled: [ERR.PARAM_INVALID] });
