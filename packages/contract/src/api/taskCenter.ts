/**
 * 消息中心 (SPEC §2.12, §7.2): messages and tasks head office sends to a tree of stores, at SPEC's
 * `/rest/taskCenterRest/*` calls. A message (kind 1) is read by each store; a task (kind 2) also
 * has a deadline and a result each store reports. Stores read and answer through the open API
 * (open/protocol.ts OPEN_PATHS.taskMsgs*). Templates (/taskTemplete) prefill a task; a disabled
 * template cannot be used.
 */
import { z } from 'zod';
import type { EnumOption } from '../resource/define';
import { buttonCode, routeByPath } from '../routes';
import { codes, endpoint } from './endpoint';
import { chosenIdOf, fromText, idOf, idParamOf, intParamOf } from './ids';
import { type Page, pagingQuery } from './paging';

export const TASK_KIND_MESSAGE = 1;
export const TASK_KIND_TASK = 2;
export type TaskKind = typeof TASK_KIND_MESSAGE | typeof TASK_KIND_TASK;

export const TASK_KINDS = [
  { value: TASK_KIND_MESSAGE, label: '消息' },
  { value: TASK_KIND_TASK, label: '任务' },
] as const;

/** findMsgType: the types a message or task is filed under. */
export const MSG_TYPES = [
  { value: 1, label: '通知公告' },
  { value: 2, label: '运营提醒' },
  { value: 3, label: '培训学习' },
  { value: 4, label: '门店任务' },
] as const;

/** findMsgStatus of messages: whether every store has read it. */
export const MESSAGE_STATUSES = [
  { value: 'unread', label: '未全部阅读', color: 'orange' },
  { value: 'read', label: '已全部阅读', color: 'green' },
] as const satisfies readonly EnumOption[];

/** findMsgStatus of tasks: still open, answered by every store, or past the deadline with stores unanswered. */
export const TASK_STATUSES = [
  { value: 'open', label: '进行中', color: 'blue' },
  { value: 'done', label: '已完成', color: 'green' },
  { value: 'overdue', label: '已逾期', color: 'red' },
] as const satisfies readonly EnumOption[];

export type TaskStatus = (typeof MESSAGE_STATUSES)[number]['value'] | (typeof TASK_STATUSES)[number]['value'];

/** A store's state in one message or task. */
export const STORE_TASK_STATES = [
  { value: 'unread', label: '未读', color: 'default' },
  { value: 'read', label: '已读', color: 'blue' },
  { value: 'done', label: '已完成', color: 'green' },
  { value: 'overdue', label: '已逾期', color: 'red' },
] as const satisfies readonly EnumOption[];
export type StoreTaskState = (typeof STORE_TASK_STATES)[number]['value'];

export const TASK_TITLE_MAX = 50;
export const TASK_CONTENT_MAX = 2000;
export const TASK_RESULT_MAX = 500;
export const TASK_TEMPLETE_NAME_MAX = 30;
/** A message or task goes to at most this many stores. */
export const TASK_STORES_MAX = 5000;
/** batchDeleteTask takes at most this many ids. */
export const TASK_DELETE_MAX = 100;

export const labelOf = (options: readonly { value: unknown; label: string }[], v: unknown): string =>
  options.find((o) => o.value === v)?.label ?? String(v);

// --- answers ---------------------------------------------------------------------------------

export interface StoreTreeStore {
  key: string;
  title: string;
  storeId: number;
  code: string;
}

export interface StoreTreeRegion {
  key: string;
  title: string;
  regionId: number;
  children: StoreTreeStore[];
}

export interface TaskStoreRef {
  storeId: number;
  code: string;
  name: string;
  regionName: string;
}

export interface TaskRow {
  id: number;
  kind: TaskKind;
  msgType: number;
  msgTypeName: string;
  title: string;
  /** YYYY-MM-DD HH:mm:ss, tasks only. */
  deadline: string | null;
  status: TaskStatus;
  statusName: string;
  storeCount: number;
  readCount: number;
  answerCount: number;
  creatorName: string;
  createdAt: string;
}

export interface TaskStoreRow extends TaskStoreRef {
  state: StoreTaskState;
  stateName: string;
  readAt: string | null;
  answeredAt: string | null;
  result: string | null;
}

export interface TaskDetail extends TaskRow {
  content: string;
  templeteId: number | null;
  /** The stores of the caller's data scope. */
  stores: TaskStoreRow[];
  /** Whether it may still be changed (no store answered). */
  editable: boolean;
}

export interface TaskTemplete {
  id: number;
  name: string;
  msgType: number;
  content: string;
  enabled: boolean;
  updatedAt: string;
}

/** What a store sees of a message or task (open API). */
export interface StoreTaskItem {
  id: number;
  kind: TaskKind;
  msgType: number;
  title: string;
  content: string;
  deadline: string | null;
  state: StoreTaskState;
  readAt: string | null;
  answeredAt: string | null;
  result: string | null;
  createdAt: string;
}

// --- inputs ----------------------------------------------------------------------------------

const kindParam = z.preprocess(
  fromText,
  z.union([z.literal(TASK_KIND_MESSAGE), z.literal(TASK_KIND_TASK)], { error: '类别只能是 1（消息）或 2（任务）' }),
);

const msgTypeValues = MSG_TYPES.map((t) => t.value) as number[];
const msgTypeOf = z.number({ error: '请选择消息类型' }).refine((v) => msgTypeValues.includes(v), '消息类型无效');

/** "1,2,3" (a repeated key reads the same) → distinct ids; empty → []. */
const idList = (what: string) =>
  z
    .preprocess(
      (v) => (v === undefined ? '' : Array.isArray(v) ? v.join(',') : v),
      z.string({ error: `${what}格式无效` }).max(60_000, `${what}过多`),
    )
    .transform((s, ctx) => {
      const out: number[] = [];
      for (const p of s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)) {
        if (!/^\d{1,10}$/.test(p) || Number(p) < 1 || Number(p) > 2_147_483_647) {
          ctx.addIssue({ code: 'custom', message: `${what}编号无效` });
          return z.NEVER;
        }
        out.push(Number(p));
      }
      return [...new Set(out)];
    });

const idArray = (what: string, max: number) =>
  z
    .array(idOf(what), { error: `${what}须为编号数组` })
    .max(max, `${what}最多 ${max} 个`)
    .transform((a) => [...new Set(a)]);

/** The stores chosen in the tree: whole regions and single stores (getTreeStoreCount's query). */
export const treeChoiceQuery = z.object({ regionIds: idList('大区'), storeIds: idList('门店') });
/** handleTreeStore's body. */
export const treeChoiceBody = z.object({
  regionIds: idArray('大区', 1000).default([]),
  storeIds: idArray('门店', TASK_STORES_MAX).default([]),
});
export type TreeChoice = { regionIds: number[]; storeIds: number[] };

const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: `${label}格式无效` })
      .trim()
      .max(max, `${label}最多 ${max} 个字`)
      .optional(),
  );

const statusValues = [...MESSAGE_STATUSES, ...TASK_STATUSES].map((s) => s.value) as string[];

export const taskFilterQuery = z.object({
  kind: kindParam.default(TASK_KIND_MESSAGE),
  title: optionalText(TASK_TITLE_MAX, '标题'),
  msgType: z.preprocess((v) => (v === '' ? undefined : v), intParamOf('消息类型', { min: 1, max: 99 }).optional()),
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: '状态无效' })
      .refine((v) => statusValues.includes(v), '状态无效')
      .optional(),
  ),
  storeId: z.preprocess((v) => (v === '' ? undefined : v), idParamOf('门店').optional()),
});
export const taskListQuery = pagingQuery.merge(taskFilterQuery);
export type TaskFilter = z.output<typeof taskFilterQuery>;

export const taskIdQuery = z.object({ id: idParamOf('消息', '请指定消息或任务') });
export const msgStatusQuery = z.object({ kind: kindParam.default(TASK_KIND_MESSAGE) });

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;

/** saveUpdateTask's body: a new message or task (no id), or a change to one no store answered yet. */
export const saveTaskBody = z
  .object({
    id: idOf('消息').optional(),
    kind: z.union([z.literal(TASK_KIND_MESSAGE), z.literal(TASK_KIND_TASK)], {
      error: '类别只能是 1（消息）或 2（任务）',
    }),
    msgType: msgTypeOf,
    title: z
      .string({ error: '请填写标题' })
      .trim()
      .min(1, '请填写标题')
      .max(TASK_TITLE_MAX, `标题最多 ${TASK_TITLE_MAX} 个字`),
    content: z
      .string({ error: '请填写内容' })
      .trim()
      .min(1, '请填写内容')
      .max(TASK_CONTENT_MAX, `内容最多 ${TASK_CONTENT_MAX} 个字`),
    /** Beijing time "YYYY-MM-DD HH:mm[:ss]"; tasks only, required for them. */
    deadline: z
      .string({ error: '截止时间格式应为 YYYY-MM-DD HH:mm' })
      .regex(DATE_TIME, '截止时间格式应为 YYYY-MM-DD HH:mm')
      .nullish(),
    templeteId: idOf('模板').nullish(),
    regionIds: idArray('大区', 1000).default([]),
    storeIds: idArray('门店', TASK_STORES_MAX).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.kind === TASK_KIND_TASK && !v.deadline) {
      ctx.addIssue({ code: 'custom', path: ['deadline'], message: '请选择截止时间' });
    }
    if (v.regionIds.length === 0 && v.storeIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['storeIds'], message: '请选择接收门店' });
    }
  });
export type SaveTask = z.output<typeof saveTaskBody>;

export const batchDeleteBody = z.object({
  ids: z
    .array(chosenIdOf('请选择要删除的消息或任务'), { error: '请选择要删除的消息或任务' })
    .min(1, '请选择要删除的消息或任务')
    .max(TASK_DELETE_MAX, `一次最多删除 ${TASK_DELETE_MAX} 条`),
});

export const templeteQuery = z.object({
  enabled: z
    .enum(['0', '1', 'true', 'false'], { error: 'enabled 只能是 0 或 1' })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});

export const updateTempleteBody = z.object({
  id: idOf('模板').optional(),
  name: z
    .string({ error: '请填写模板名称' })
    .trim()
    .min(1, '请填写模板名称')
    .max(TASK_TEMPLETE_NAME_MAX, `模板名称最多 ${TASK_TEMPLETE_NAME_MAX} 个字`),
  msgType: msgTypeOf,
  content: z
    .string({ error: '请填写模板内容' })
    .trim()
    .min(1, '请填写模板内容')
    .max(TASK_CONTENT_MAX, `模板内容最多 ${TASK_CONTENT_MAX} 个字`),
  enabled: z.boolean({ error: '是否启用只能是 true 或 false' }),
});
export type UpdateTemplete = z.output<typeof updateTempleteBody>;

// --- open API bodies ---------------------------------------------------------------------------

export const openStoreTasksBody = z.object({
  kind: z.union([z.literal(TASK_KIND_MESSAGE), z.literal(TASK_KIND_TASK)]).optional(),
  unreadOnly: z.boolean({ error: 'unreadOnly 只能是 true 或 false' }).optional(),
  pageNo: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export const openTaskReadBody = z.object({ id: idOf('消息') });
export const openTaskAnswerBody = z.object({
  id: idOf('任务'),
  result: z
    .string({ error: '请填写完成情况' })
    .trim()
    .min(1, '请填写完成情况')
    .max(TASK_RESULT_MAX, `完成情况最多 ${TASK_RESULT_MAX} 个字`),
});

// --- access ----------------------------------------------------------------------------------

const routeCodes = (path: string): string[] => {
  const r = routeByPath(path);
  if (!r?.code) throw new Error(`taskCenter: ${path} is not a route with a code`);
  return [...r.codes];
};
const btn = (path: string, key: string) => buttonCode(routeByPath(path)!.code!, key);

/** Per kind: the codes that open its page, and its buttons' codes (the server checks the kind's own). */
export const TASK_KIND_ACCESS: Record<TaskKind, { page: string[]; add: string; edit: string; delete: string }> = {
  [TASK_KIND_MESSAGE]: {
    page: routeCodes('/messageList'),
    add: btn('/messageList', 'add'),
    edit: btn('/messageList', 'edit'),
    delete: btn('/messageList', 'delete'),
  },
  [TASK_KIND_TASK]: {
    page: routeCodes('/taskList'),
    add: btn('/taskList', 'add'),
    edit: btn('/taskList', 'edit'),
    delete: btn('/taskList', 'delete'),
  },
};

const EITHER_PAGE = codes(...new Set([...TASK_KIND_ACCESS[1].page, ...TASK_KIND_ACCESS[2].page]));
/** The store tree is also /inventoryNotice's (api/stocktaking.ts): who opens any of the three pages. */
const TREE_PAGES = codes(
  ...new Set([...TASK_KIND_ACCESS[1].page, ...TASK_KIND_ACCESS[2].page, ...routeCodes('/inventoryNotice')]),
);
const EITHER_SAVE = codes(
  TASK_KIND_ACCESS[1].add,
  TASK_KIND_ACCESS[1].edit,
  TASK_KIND_ACCESS[2].add,
  TASK_KIND_ACCESS[2].edit,
);
const EITHER_DELETE = codes(TASK_KIND_ACCESS[1].delete, TASK_KIND_ACCESS[2].delete);
const TASK_PAGE = codes(...TASK_KIND_ACCESS[2].page);
const TASK_EDIT = codes(TASK_KIND_ACCESS[2].edit);

const P = '/rest/taskCenterRest';

export const TASK_CENTER_API = {
  getStoreTree: endpoint<undefined, undefined, StoreTreeRegion[]>({
    method: 'GET',
    path: `${P}/getStoreTree`,
    access: TREE_PAGES,
    read: true,
    summary: '接收门店树（大区与门店，限数据范围）',
  }),
  getTreeStoreCount: endpoint<z.output<typeof treeChoiceQuery>, undefined, number>({
    method: 'GET',
    path: `${P}/getTreeStoreCount`,
    access: TREE_PAGES,
    query: treeChoiceQuery,
    read: true,
    summary: '所选大区与门店合计的门店数',
  }),
  handleTreeStore: endpoint<undefined, z.output<typeof treeChoiceBody>, TaskStoreRef[]>({
    method: 'POST',
    path: `${P}/handleTreeStore`,
    access: TREE_PAGES,
    body: treeChoiceBody,
    summary: '把所选大区与门店展开为门店清单',
  }),
  findMsgType: endpoint<undefined, undefined, { value: number; label: string }[]>({
    method: 'GET',
    path: `${P}/findMsgType`,
    access: EITHER_PAGE,
    read: true,
    summary: '消息类型',
  }),
  findMsgStatus: endpoint<z.output<typeof msgStatusQuery>, undefined, { value: string; label: string }[]>({
    method: 'GET',
    path: `${P}/findMsgStatus`,
    access: EITHER_PAGE,
    query: msgStatusQuery,
    read: true,
    summary: '消息或任务的状态',
  }),
  searchTask: endpoint<z.output<typeof taskListQuery>, undefined, Page<TaskRow>>({
    method: 'GET',
    path: `${P}/searchTask`,
    access: EITHER_PAGE,
    query: taskListQuery,
    read: true,
    summary: '消息或任务列表（kind 1 消息，2 任务）',
  }),
  searchCountMsg: endpoint<z.output<typeof taskFilterQuery>, undefined, number>({
    method: 'GET',
    path: `${P}/searchCountMsg`,
    access: EITHER_PAGE,
    query: taskFilterQuery,
    read: true,
    summary: '消息或任务条数',
  }),
  getTaskDetail: endpoint<z.output<typeof taskIdQuery>, undefined, TaskDetail>({
    method: 'GET',
    path: `${P}/getTaskDetail`,
    access: EITHER_PAGE,
    query: taskIdQuery,
    read: true,
    summary: '消息或任务详情与各门店阅读、完成情况',
  }),
  saveUpdateTask: endpoint<undefined, SaveTask, TaskDetail>({
    method: 'POST',
    path: `${P}/saveUpdateTask`,
    access: EITHER_SAVE,
    body: saveTaskBody,
    summary: '新增或修改消息、任务',
  }),
  batchDeleteTask: endpoint<undefined, z.output<typeof batchDeleteBody>, number>({
    method: 'POST',
    path: `${P}/batchDeleteTask`,
    access: EITHER_DELETE,
    body: batchDeleteBody,
    summary: '批量删除消息或任务',
  }),
  getTaskTemplete: endpoint<z.output<typeof templeteQuery>, undefined, TaskTemplete[]>({
    method: 'GET',
    path: `${P}/getTaskTemplete`,
    access: TASK_PAGE,
    query: templeteQuery,
    read: true,
    summary: '任务模板',
  }),
  updateTaskTemplete: endpoint<undefined, UpdateTemplete, TaskTemplete>({
    method: 'POST',
    path: `${P}/updateTaskTemplete`,
    access: TASK_EDIT,
    body: updateTempleteBody,
    summary: '新增或修改任务模板（含启用、停用）',
  }),
} as const;
