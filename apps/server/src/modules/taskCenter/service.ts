/**
 * 消息中心: messages and tasks to a tree of stores (SPEC §2.12, §7.2). Head office (or a region,
 * within its stores) sends; each store reads and, for a task, answers through the open API. An
 * answer and a store past a task's deadline raise a 任务通知 for the task's creator
 * (notices/service.ts raiseNotices), which reaches their open console live.
 *
 * Access: the endpoints accept either page's codes; the service then requires the codes of the
 * kind in hand (a message needs /messageList's, a task /taskList's). Data scope: a caller sees a
 * message that reaches at least one store of their scope, and only those stores of it; they
 * change or delete only what reaches no store outside their scope.
 */

import type { Page } from '@zb/contract/api/paging';
import {
  labelOf,
  MESSAGE_STATUSES,
  MSG_TYPES,
  type SaveTask,
  STORE_TASK_STATES,
  type StoreTaskItem,
  type StoreTaskState,
  type StoreTreeRegion,
  TASK_KIND_ACCESS,
  TASK_KIND_TASK,
  TASK_STATUSES,
  TASK_STORES_MAX,
  type TaskDetail,
  type TaskFilter,
  type TaskKind,
  type TaskRow,
  type TaskStatus,
  type TaskStoreRef,
  type TaskStoreRow,
  type TaskTemplete,
  type TreeChoice,
  type UpdateTemplete,
} from '@zb/contract/api/taskCenter';
import { NOTICE_TYPE_TASK } from '@zb/contract/constants';
import { ERR } from '@zb/contract/errcodes';
import { formatDateTime } from '@zb/contract/time';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import { publishLive } from '../../platform/live/plugin';
import { type DataScope, OUT_OF_SCOPE_STORE, storeScopeFilter, storeTableScope } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { raiseNotices } from '../notices/service';
import type { OpenCaller } from '../openApi/types';
import { region, store } from '../stores/schema';
import { taskMsg, taskMsgStore, taskTemplete } from './schema';

type Access = 'page' | 'add' | 'edit' | 'delete';
const ACCESS_WORD: Record<Access, string> = { page: '查看', add: '新增', edit: '编辑', delete: '删除' };
const KIND_WORD: Record<TaskKind, string> = { 1: '消息', 2: '任务' };

/** The caller holds the codes of this kind's page or button (administrators hold every code). */
export const requireKind = (auth: Auth, kind: TaskKind, what: Access): void => {
  if (auth.user.isAdmin) return;
  const a = TASK_KIND_ACCESS[kind];
  const wanted = what === 'page' ? a.page : [a[what]];
  if (!wanted.some((c) => auth.codes?.has(c))) {
    throw new BizError(ERR.FORBIDDEN, `无权${ACCESS_WORD[what]}${KIND_WORD[kind]}`);
  }
};

const invalid = (msg: string) => new BizError(ERR.TASK_INVALID, msg);
const notFound = () => new BizError(ERR.RECORD_NOT_FOUND, '消息或任务不存在或已删除');

// --- the store tree ---------------------------------------------------------------------------

const liveStore = ne(store.status, 'closed');

export const storeTree = async (db: Db, scope: DataScope): Promise<StoreTreeRegion[]> => {
  const rows = await db
    .select({
      regionId: region.id,
      regionName: region.name,
      storeId: store.id,
      code: store.code,
      name: store.name,
    })
    .from(store)
    .innerJoin(region, eq(region.id, store.regionId))
    .where(and(liveStore, storeTableScope(scope)))
    .orderBy(asc(region.sort), asc(region.id), asc(store.code));
  const out: StoreTreeRegion[] = [];
  for (const r of rows) {
    let node = out.at(-1);
    if (node?.regionId !== r.regionId) {
      node = { key: `region-${r.regionId}`, title: r.regionName, regionId: r.regionId, children: [] };
      out.push(node);
    }
    node.children.push({ key: `store-${r.storeId}`, title: r.name, storeId: r.storeId, code: r.code });
  }
  return out;
};

/** The stores a tree choice names, within the caller's scope: a region or store outside it is a field error. */
export const resolveChoice = async (db: Db | Tx, scope: DataScope, choice: TreeChoice): Promise<TaskStoreRef[]> => {
  if (choice.regionIds.length > 0) {
    if (scope.level === 'store') throw fieldError('regionIds', '请选择您数据范围内的门店');
    const found = await db.select({ id: region.id }).from(region).where(inArray(region.id, choice.regionIds));
    const known = new Set(found.map((r) => r.id));
    const bad = choice.regionIds.find(
      (id) => !known.has(id) || (scope.level === 'region' && !scope.regionIds.includes(id)),
    );
    if (bad !== undefined) throw fieldError('regionIds', '请选择您数据范围内的大区');
  }
  if (choice.storeIds.length > 0) {
    const found = await db
      .select({ id: store.id })
      .from(store)
      .where(and(inArray(store.id, choice.storeIds), liveStore, storeTableScope(scope)));
    if (found.length !== choice.storeIds.length) throw fieldError('storeIds', OUT_OF_SCOPE_STORE);
  }
  const picked: SQL[] = [];
  if (choice.regionIds.length > 0) picked.push(inArray(store.regionId, choice.regionIds));
  if (choice.storeIds.length > 0) picked.push(inArray(store.id, choice.storeIds));
  if (picked.length === 0) return [];
  return db
    .select({ storeId: store.id, code: store.code, name: store.name, regionName: region.name })
    .from(store)
    .innerJoin(region, eq(region.id, store.regionId))
    .where(and(or(...picked), liveStore, storeTableScope(scope)))
    .orderBy(asc(region.sort), asc(region.id), asc(store.code));
};

export const treeStoreCount = async (db: Db, scope: DataScope, choice: TreeChoice): Promise<number> =>
  (await resolveChoice(db, scope, choice)).length;

// --- lists ------------------------------------------------------------------------------------

const statusOf = (
  kind: number,
  r: { storeCount: number; readCount: number; answerCount: number; deadline: Date | null },
  now: Date,
): TaskStatus => {
  if (kind !== TASK_KIND_TASK) return r.readCount >= r.storeCount ? 'read' : 'unread';
  if (r.answerCount >= r.storeCount) return 'done';
  return r.deadline && r.deadline < now ? 'overdue' : 'open';
};

const statusName = (kind: number, s: TaskStatus) =>
  labelOf(kind === TASK_KIND_TASK ? TASK_STATUSES : MESSAGE_STATUSES, s);

/**
 * A message's counts as the caller sees them: head office the kept counts of every store; a
 * region or store role those of its own stores (counted from the store rows in its scope), so the
 * list, its status filter and the detail agree with the stores the caller is shown.
 */
const countsOf = (scope: DataScope) => {
  if (scope.level === 'hq') {
    return { storeCount: taskMsg.storeCount, readCount: taskMsg.readCount, answerCount: taskMsg.answerCount };
  }
  const scoped = (extra: SQL) =>
    sql<number>`(select count(*) from ${taskMsgStore} where ${taskMsgStore.taskId} = ${taskMsg.id} and ${storeScopeFilter(scope, taskMsgStore.storeId)}${extra})::int`;
  return {
    storeCount: scoped(sql``),
    readCount: scoped(sql` and ${taskMsgStore.readAt} is not null`),
    answerCount: scoped(sql` and ${taskMsgStore.answeredAt} is not null`),
  };
};

const statusFilter = (scope: DataScope, kind: number, status: string | undefined): SQL | undefined => {
  if (!status) return undefined;
  const c = countsOf(scope);
  if (kind !== TASK_KIND_TASK) {
    if (status === 'read') return sql`${c.readCount} >= ${c.storeCount}`;
    if (status === 'unread') return sql`${c.readCount} < ${c.storeCount}`;
  } else {
    if (status === 'done') return sql`${c.answerCount} >= ${c.storeCount}`;
    if (status === 'overdue') return sql`${c.answerCount} < ${c.storeCount} and ${taskMsg.deadline} < now()`;
    if (status === 'open') return sql`${c.answerCount} < ${c.storeCount} and ${taskMsg.deadline} >= now()`;
  }
  throw fieldError('status', '状态无效');
};

/** The messages that reach a store of the scope (every one for head office). */
const inScope = (scope: DataScope): SQL | undefined => {
  if (scope.level === 'hq') return undefined;
  return sql`exists (select 1 from ${taskMsgStore} where ${taskMsgStore.taskId} = ${taskMsg.id} and ${storeScopeFilter(scope, taskMsgStore.storeId)})`;
};

const whereOf = (scope: DataScope, f: TaskFilter): SQL => {
  const parts: (SQL | undefined)[] = [
    eq(taskMsg.kind, f.kind),
    f.title ? ilike(taskMsg.title, `%${f.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    f.msgType ? eq(taskMsg.msgType, f.msgType) : undefined,
    statusFilter(scope, f.kind, f.status),
    f.storeId
      ? sql`exists (select 1 from ${taskMsgStore} where ${taskMsgStore.taskId} = ${taskMsg.id} and ${taskMsgStore.storeId} = ${f.storeId})`
      : undefined,
    inScope(scope),
  ];
  return and(...parts) as SQL;
};

const rowColumns = (scope: DataScope) => ({
  id: taskMsg.id,
  kind: taskMsg.kind,
  msgType: taskMsg.msgType,
  title: taskMsg.title,
  deadline: taskMsg.deadline,
  ...countsOf(scope),
  creatorName: userAccount.nickname,
  createdAt: taskMsg.createdAt,
});

interface RawRow {
  id: number;
  kind: number;
  msgType: number;
  title: string;
  deadline: Date | null;
  storeCount: number;
  readCount: number;
  answerCount: number;
  creatorName: string | null;
  createdAt: Date;
}

const toRow = (r: RawRow, now: Date): TaskRow => {
  const status = statusOf(r.kind, r, now);
  return {
    id: r.id,
    kind: r.kind as TaskKind,
    msgType: r.msgType,
    msgTypeName: labelOf(MSG_TYPES, r.msgType),
    title: r.title,
    deadline: r.deadline ? formatDateTime(r.deadline) : null,
    status,
    statusName: statusName(r.kind, status),
    storeCount: r.storeCount,
    readCount: r.readCount,
    answerCount: r.answerCount,
    creatorName: r.creatorName ?? '',
    createdAt: formatDateTime(r.createdAt),
  };
};

export const countTasks = async (db: Db, auth: Auth, f: TaskFilter): Promise<number> => {
  requireKind(auth, f.kind, 'page');
  const [row] = await db.select({ n: count() }).from(taskMsg).where(whereOf(auth.scope, f));
  return Number(row?.n ?? 0);
};

export const listTasks = async (
  db: Db,
  auth: Auth,
  f: TaskFilter & { pageNo: number; pageSize: number },
): Promise<Page<TaskRow>> => {
  requireKind(auth, f.kind, 'page');
  const now = new Date();
  const [rows, total] = await Promise.all([
    db
      .select(rowColumns(auth.scope))
      .from(taskMsg)
      .leftJoin(userAccount, eq(userAccount.id, taskMsg.createdBy))
      .where(whereOf(auth.scope, f))
      .orderBy(desc(taskMsg.createdAt), desc(taskMsg.id))
      .limit(f.pageSize)
      .offset((f.pageNo - 1) * f.pageSize),
    countTasks(db, auth, f),
  ]);
  return { list: rows.map((r) => toRow(r, now)), total };
};

// --- detail -----------------------------------------------------------------------------------

const storeState = (
  r: { readAt: Date | null; answeredAt: Date | null },
  kind: number,
  deadline: Date | null,
  now: Date,
): StoreTaskState => {
  if (r.answeredAt) return 'done';
  if (kind === TASK_KIND_TASK && deadline && deadline < now) return 'overdue';
  return r.readAt ? 'read' : 'unread';
};

const fmt = (d: Date | null) => (d ? formatDateTime(d) : null);

export const taskDetail = async (db: Db | Tx, auth: Auth, id: number): Promise<TaskDetail> => {
  const [found] = await db
    .select({
      ...rowColumns(auth.scope),
      content: taskMsg.content,
      templeteId: taskMsg.templeteId,
      allAnswers: taskMsg.answerCount,
    })
    .from(taskMsg)
    .leftJoin(userAccount, eq(userAccount.id, taskMsg.createdBy))
    .where(and(eq(taskMsg.id, id), inScope(auth.scope)));
  if (!found) throw notFound();
  requireKind(auth, found.kind as TaskKind, 'page');
  const now = new Date();
  const stores = await db
    .select({
      storeId: store.id,
      code: store.code,
      name: store.name,
      regionName: region.name,
      readAt: taskMsgStore.readAt,
      answeredAt: taskMsgStore.answeredAt,
      result: taskMsgStore.result,
    })
    .from(taskMsgStore)
    .innerJoin(store, eq(store.id, taskMsgStore.storeId))
    .innerJoin(region, eq(region.id, store.regionId))
    .where(and(eq(taskMsgStore.taskId, id), storeScopeFilter(auth.scope, taskMsgStore.storeId)))
    .orderBy(asc(region.sort), asc(region.id), asc(store.code));
  return {
    ...toRow(found, now),
    content: found.content,
    templeteId: found.templeteId,
    editable: found.allAnswers === 0,
    stores: stores.map((s): TaskStoreRow => {
      const state = storeState(s, found.kind, found.deadline, now);
      return {
        storeId: s.storeId,
        code: s.code,
        name: s.name,
        regionName: s.regionName,
        state,
        stateName: labelOf(STORE_TASK_STATES, state),
        readAt: fmt(s.readAt),
        answeredAt: fmt(s.answeredAt),
        result: s.result,
      };
    }),
  };
};

// --- writes -----------------------------------------------------------------------------------

/** "2026-12-01 18:00[:ss]" in Beijing time. */
const parseBeijing = (s: string): Date => {
  const [d, t] = s.split(' ');
  const hms = t!.length === 5 ? `${t}:00` : t!;
  const at = new Date(`${d}T${hms}+08:00`);
  if (Number.isNaN(at.getTime()) || formatDateTime(at) !== `${d} ${hms}`) {
    throw fieldError('deadline', '截止时间不是有效的日期时间');
  }
  return at;
};

/** A write is held to the scope: what it touches must reach no store outside the caller's scope. */
const requireWholeInScope = async (tx: Tx, scope: DataScope, id: number, kind: TaskKind): Promise<void> => {
  if (scope.level === 'hq') return;
  const [row] = await tx
    .select({ n: count() })
    .from(taskMsgStore)
    .where(and(eq(taskMsgStore.taskId, id), sql`not (${storeScopeFilter(scope, taskMsgStore.storeId)})`));
  if (Number(row?.n ?? 0) > 0) {
    throw new BizError(ERR.FORBIDDEN, `该${KIND_WORD[kind]}包含您数据范围外的门店，不能修改或删除`);
  }
};

const recount = (tx: Tx, id: number) =>
  tx
    .update(taskMsg)
    .set({
      storeCount: sql`(select count(*) from ${taskMsgStore} where ${taskMsgStore.taskId} = ${id})::int`,
      readCount: sql`(select count(*) from ${taskMsgStore} where ${taskMsgStore.taskId} = ${id} and ${taskMsgStore.readAt} is not null)::int`,
      answerCount: sql`(select count(*) from ${taskMsgStore} where ${taskMsgStore.taskId} = ${id} and ${taskMsgStore.answeredAt} is not null)::int`,
    })
    .where(eq(taskMsg.id, id));

export const saveTask = async (db: Db, auth: Auth, body: SaveTask): Promise<TaskDetail> => {
  const kind = body.kind as TaskKind;
  requireKind(auth, kind, body.id ? 'edit' : 'add');
  const id = await db.transaction(async (tx) => {
    const stores = await resolveChoice(tx, auth.scope, { regionIds: body.regionIds, storeIds: body.storeIds });
    if (stores.length === 0) throw fieldError('storeIds', '所选范围内没有可接收的门店');
    if (stores.length > TASK_STORES_MAX) throw fieldError('storeIds', `接收门店最多 ${TASK_STORES_MAX} 个`);
    const deadline = kind === TASK_KIND_TASK && body.deadline ? parseBeijing(body.deadline) : null;
    const values = {
      kind,
      msgType: body.msgType,
      title: body.title,
      content: body.content,
      deadline,
      templeteId: body.templeteId ?? null,
    };
    let before: Record<string, unknown> | null = null;
    let taskId: number;
    if (body.id) {
      const [old] = await tx.select().from(taskMsg).where(eq(taskMsg.id, body.id)).for('update');
      if (!old) throw notFound();
      if (old.kind !== kind) throw fieldError('kind', `不能把${KIND_WORD[old.kind as TaskKind]}改为${KIND_WORD[kind]}`);
      await requireWholeInScope(tx, auth.scope, old.id, kind);
      if (old.answerCount > 0) throw new BizError(ERR.TASK_STATE);
      if (deadline && deadline.getTime() !== old.deadline?.getTime() && deadline <= new Date()) {
        throw invalid('截止时间须晚于当前时间');
      }
      if (values.templeteId !== null && values.templeteId !== old.templeteId)
        await requireTemplete(tx, values.templeteId);
      const oldStores = await tx
        .select({ storeId: taskMsgStore.storeId })
        .from(taskMsgStore)
        .where(eq(taskMsgStore.taskId, old.id));
      before = {
        msgType: old.msgType,
        title: old.title,
        content: old.content,
        deadline: old.deadline ? formatDateTime(old.deadline) : null,
        templeteId: old.templeteId,
        storeIds: oldStores.map((s) => s.storeId).sort((a, b) => a - b),
      };
      await tx
        .update(taskMsg)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(taskMsg.id, old.id));
      const keep = stores.map((s) => s.storeId);
      await tx.delete(taskMsgStore).where(and(eq(taskMsgStore.taskId, old.id), notInArray(taskMsgStore.storeId, keep)));
      taskId = old.id;
    } else {
      if (deadline && deadline <= new Date()) throw invalid('截止时间须晚于当前时间');
      if (values.templeteId !== null) await requireTemplete(tx, values.templeteId);
      const [row] = await tx
        .insert(taskMsg)
        .values({ ...values, createdBy: auth.user.id })
        .returning({ id: taskMsg.id });
      taskId = row!.id;
    }
    await tx
      .insert(taskMsgStore)
      .values(stores.map((s) => ({ taskId, storeId: s.storeId })))
      .onConflictDoNothing();
    await recount(tx, taskId);
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'saveTaskMsg',
      target: `task_msg:${taskId}`,
      before,
      after: {
        kind,
        msgType: values.msgType,
        title: values.title,
        content: values.content,
        deadline: deadline ? formatDateTime(deadline) : null,
        templeteId: values.templeteId,
        storeIds: stores.map((s) => s.storeId).sort((a, b) => a - b),
      },
    });
    return taskId;
  });
  return taskDetail(db, auth, id);
};

export const deleteTasks = async (db: Db, auth: Auth, ids: readonly number[]): Promise<number> =>
  db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: taskMsg.id, kind: taskMsg.kind, title: taskMsg.title })
      .from(taskMsg)
      .where(and(inArray(taskMsg.id, [...ids]), inScope(auth.scope)))
      .for('update');
    if (rows.length !== ids.length) throw notFound();
    for (const r of rows) {
      requireKind(auth, r.kind as TaskKind, 'delete');
      await requireWholeInScope(tx, auth.scope, r.id, r.kind as TaskKind);
    }
    await tx.delete(taskMsg).where(inArray(taskMsg.id, [...ids]));
    for (const r of rows) {
      await recordOperation(tx, {
        userId: auth.user.id,
        action: 'deleteTaskMsg',
        target: `task_msg:${r.id}`,
        before: { kind: r.kind, title: r.title },
      });
    }
    return rows.length;
  });

// --- templates --------------------------------------------------------------------------------

const requireTemplete = async (tx: Tx, id: number): Promise<void> => {
  const [t] = await tx.select({ enabled: taskTemplete.enabled }).from(taskTemplete).where(eq(taskTemplete.id, id));
  if (!t) throw invalid('任务模板不存在');
  if (!t.enabled) throw invalid('任务模板已停用，不能使用');
};

const toTemplete = (t: typeof taskTemplete.$inferSelect): TaskTemplete => ({
  id: t.id,
  name: t.name,
  msgType: t.msgType,
  content: t.content,
  enabled: t.enabled,
  updatedAt: formatDateTime(t.updatedAt),
});

export const listTempletes = async (db: Db, enabled: boolean | undefined): Promise<TaskTemplete[]> => {
  const rows = await db
    .select()
    .from(taskTemplete)
    .where(enabled === undefined ? undefined : eq(taskTemplete.enabled, enabled))
    .orderBy(asc(taskTemplete.id));
  return rows.map(toTemplete);
};

export const saveTemplete = async (db: Db, auth: Auth, body: UpdateTemplete): Promise<TaskTemplete> =>
  db.transaction(async (tx) => {
    const [dup] = await tx
      .select({ id: taskTemplete.id })
      .from(taskTemplete)
      .where(and(eq(taskTemplete.name, body.name), body.id ? ne(taskTemplete.id, body.id) : undefined));
    if (dup) throw fieldError('name', '模板名称已存在');
    const values = { name: body.name, msgType: body.msgType, content: body.content, enabled: body.enabled };
    let before: Record<string, unknown> | null = null;
    let row: typeof taskTemplete.$inferSelect | undefined;
    if (body.id) {
      const [old] = await tx.select().from(taskTemplete).where(eq(taskTemplete.id, body.id)).for('update');
      if (!old) throw new BizError(ERR.RECORD_NOT_FOUND, '任务模板不存在');
      before = { name: old.name, msgType: old.msgType, content: old.content, enabled: old.enabled };
      [row] = await tx
        .update(taskTemplete)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(taskTemplete.id, body.id))
        .returning();
    } else {
      [row] = await tx.insert(taskTemplete).values(values).returning();
    }
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'saveTaskTemplete',
      target: `task_templete:${row!.id}`,
      before,
      after: values,
    });
    return toTemplete(row!);
  });

// --- the stores' side (open API) --------------------------------------------------------------

const storeOf = (caller: OpenCaller): number => {
  if (caller.storeId === null) throw new BizError(ERR.OPEN_STORE_NOT_BOUND);
  return caller.storeId;
};

export const storeTasks = async (
  db: Db,
  caller: OpenCaller,
  q: { kind?: number; unreadOnly?: boolean; pageNo: number; pageSize: number },
): Promise<Page<StoreTaskItem>> => {
  const storeId = storeOf(caller);
  const where = and(
    eq(taskMsgStore.storeId, storeId),
    q.kind ? eq(taskMsg.kind, q.kind) : undefined,
    q.unreadOnly ? isNull(taskMsgStore.readAt) : undefined,
  );
  const now = new Date();
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: taskMsg.id,
        kind: taskMsg.kind,
        msgType: taskMsg.msgType,
        title: taskMsg.title,
        content: taskMsg.content,
        deadline: taskMsg.deadline,
        createdAt: taskMsg.createdAt,
        readAt: taskMsgStore.readAt,
        answeredAt: taskMsgStore.answeredAt,
        result: taskMsgStore.result,
      })
      .from(taskMsgStore)
      .innerJoin(taskMsg, eq(taskMsg.id, taskMsgStore.taskId))
      .where(where)
      .orderBy(desc(taskMsg.createdAt), desc(taskMsg.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(taskMsgStore).innerJoin(taskMsg, eq(taskMsg.id, taskMsgStore.taskId)).where(where),
  ]);
  return {
    total: Number(total?.n ?? 0),
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind as TaskKind,
      msgType: r.msgType,
      title: r.title,
      content: r.content,
      deadline: fmt(r.deadline),
      state: storeState(r, r.kind, r.deadline, now),
      readAt: fmt(r.readAt),
      answeredAt: fmt(r.answeredAt),
      result: r.result,
      createdAt: formatDateTime(r.createdAt),
    })),
  };
};

const lockStoreRow = async (tx: Tx, id: number, storeId: number) => {
  const [row] = await tx
    .select({
      kind: taskMsg.kind,
      title: taskMsg.title,
      createdBy: taskMsg.createdBy,
      readAt: taskMsgStore.readAt,
      answeredAt: taskMsgStore.answeredAt,
      storeName: store.name,
    })
    .from(taskMsgStore)
    .innerJoin(taskMsg, eq(taskMsg.id, taskMsgStore.taskId))
    .innerJoin(store, eq(store.id, taskMsgStore.storeId))
    .where(and(eq(taskMsgStore.taskId, id), eq(taskMsgStore.storeId, storeId)))
    .for('update', { of: taskMsgStore });
  if (!row) throw new BizError(ERR.RECORD_NOT_FOUND, '本店没有该消息或任务');
  return row;
};

/** A store opened a message or task: it is read (once; reading again changes nothing). */
export const readStoreTask = async (db: Db, caller: OpenCaller, id: number): Promise<{ readAt: string }> => {
  const storeId = storeOf(caller);
  return db.transaction(async (tx) => {
    const row = await lockStoreRow(tx, id, storeId);
    if (row.readAt) return { readAt: formatDateTime(row.readAt) };
    const at = new Date();
    await tx
      .update(taskMsgStore)
      .set({ readAt: at })
      .where(and(eq(taskMsgStore.taskId, id), eq(taskMsgStore.storeId, storeId)));
    await tx
      .update(taskMsg)
      .set({ readCount: sql`${taskMsg.readCount} + 1` })
      .where(eq(taskMsg.id, id));
    if (row.createdBy !== null) await publishLive(tx, 'tasks', [row.createdBy]);
    await recordOperation(tx, {
      userId: null,
      action: 'readTaskMsg',
      target: `task_msg:${id}`,
      after: { storeId, readAt: formatDateTime(at) },
    });
    return { readAt: formatDateTime(at) };
  });
};

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** A store answered a task (once): its result is kept and the task's creator gets a 任务通知. */
export const answerStoreTask = async (
  db: Db,
  caller: OpenCaller,
  body: { id: number; result: string },
): Promise<{ answeredAt: string }> => {
  const storeId = storeOf(caller);
  return db.transaction(async (tx) => {
    const row = await lockStoreRow(tx, body.id, storeId);
    if (row.kind !== TASK_KIND_TASK) throw invalid('消息无需回复，只有任务需要回复');
    if (row.answeredAt) throw new BizError(ERR.TASK_STATE, '本店已回复该任务，不能重复回复');
    const at = new Date();
    await tx
      .update(taskMsgStore)
      .set({ answeredAt: at, result: body.result, readAt: row.readAt ?? at })
      .where(and(eq(taskMsgStore.taskId, body.id), eq(taskMsgStore.storeId, storeId)));
    await tx
      .update(taskMsg)
      .set({
        answerCount: sql`${taskMsg.answerCount} + 1`,
        readCount: row.readAt ? taskMsg.readCount : sql`${taskMsg.readCount} + 1`,
      })
      .where(eq(taskMsg.id, body.id));
    if (row.createdBy !== null) await publishLive(tx, 'tasks', [row.createdBy]);
    await recordOperation(tx, {
      userId: null,
      action: 'answerTask',
      target: `task_msg:${body.id}`,
      after: { storeId, answeredAt: formatDateTime(at), result: body.result },
    });
    if (row.createdBy !== null) {
      await raiseNotices(tx, [
        {
          userId: row.createdBy,
          storeId,
          type: NOTICE_TYPE_TASK,
          msgName: clip(`${row.storeName} 已完成任务：${row.title}`, 80),
          content: body.result,
          amount: null,
        },
      ]);
    }
    return { answeredAt: formatDateTime(at) };
  });
};

// --- the overdue job --------------------------------------------------------------------------

/** Stores past a task's deadline without an answer: the creator is told once per task and store. */
export const noticeOverdueTasks = async (db: Db, now: Date, batch = 500): Promise<number> =>
  db.transaction(async (tx) => {
    const rows = await tx
      .select({
        taskId: taskMsgStore.taskId,
        storeId: taskMsgStore.storeId,
        title: taskMsg.title,
        deadline: taskMsg.deadline,
        createdBy: taskMsg.createdBy,
        storeName: store.name,
      })
      .from(taskMsgStore)
      .innerJoin(taskMsg, eq(taskMsg.id, taskMsgStore.taskId))
      .innerJoin(store, eq(store.id, taskMsgStore.storeId))
      .where(
        and(
          eq(taskMsg.kind, TASK_KIND_TASK),
          lt(taskMsg.deadline, now),
          isNull(taskMsgStore.answeredAt),
          isNull(taskMsgStore.overdueNoticedAt),
        ),
      )
      .orderBy(asc(taskMsgStore.taskId), asc(taskMsgStore.storeId))
      .limit(batch)
      .for('update', { of: taskMsgStore, skipLocked: true });
    if (rows.length === 0) return 0;
    for (const r of rows) {
      await tx
        .update(taskMsgStore)
        .set({ overdueNoticedAt: now })
        .where(and(eq(taskMsgStore.taskId, r.taskId), eq(taskMsgStore.storeId, r.storeId)));
    }
    const byTask = new Map<number, typeof rows>();
    for (const r of rows) byTask.set(r.taskId, [...(byTask.get(r.taskId) ?? []), r]);
    for (const [taskId, list] of byTask) {
      await recordOperation(tx, {
        userId: null,
        action: 'taskOverdue',
        target: `task_msg:${taskId}`,
        after: { stores: list.map((r) => r.storeId) },
      });
    }
    await raiseNotices(
      tx,
      rows
        .filter((r) => r.createdBy !== null)
        .map((r) => ({
          userId: r.createdBy!,
          storeId: r.storeId,
          type: NOTICE_TYPE_TASK,
          msgName: clip(`${r.storeName} 任务逾期未完成：${r.title}`, 80),
          content: `任务「${r.title}」已于 ${fmt(r.deadline)} 截止，${r.storeName}尚未回复。`,
          amount: null,
        })),
    );
    return rows.length;
  });
