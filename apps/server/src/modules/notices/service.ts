/** Notices of one user: count, paged list, and reading one (which marks it read, with its trace). */
import type { NoticeDetail, NoticeRow } from '@zb/contract/api/notices';
import type { Page } from '@zb/contract/api/paging';
import { ERR } from '@zb/contract/errcodes';
import { formatDateTime } from '@zb/contract/time';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import { BizError } from '../../platform/errors';
import { publishLive } from '../../platform/live/plugin';
import { store } from '../stores/schema';
import { notice } from './schema';

export interface NoticeFilter {
  isRead?: boolean;
}

export interface Paging {
  pageNo: number;
  pageSize: number;
}

export type NewNotice = Omit<typeof notice.$inferInsert, 'id' | 'isRead' | 'readAt' | 'createdAt'>;

/**
 * Raises notices in the transaction of what they tell of; when it commits, every open console of
 * their users hears it (platform/live) and its bell counts again.
 */
export const raiseNotices = async (tx: Tx, rows: readonly NewNotice[]): Promise<void> => {
  if (rows.length === 0) return;
  await tx.insert(notice).values([...rows]);
  await publishLive(
    tx,
    'notices',
    rows.map((r) => r.userId),
  );
};

/** Notices are private: every query starts from the caller's own. */
const mine = (userId: number, filter: NoticeFilter): SQL => {
  const own = eq(notice.userId, userId);
  return filter.isRead === undefined ? own : (and(own, eq(notice.isRead, filter.isRead)) as SQL);
};

export const countNotices = async (db: Db, userId: number, filter: NoticeFilter): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(notice).where(mine(userId, filter));
  return Number(row?.n ?? 0);
};

const rowColumns = {
  id: notice.id,
  type: notice.type,
  msgName: notice.msgName,
  storeName: store.name,
  amount: notice.amount,
  isRead: notice.isRead,
  createdAt: notice.createdAt,
};

interface RawRow {
  id: number;
  type: number;
  msgName: string;
  storeName: string | null;
  amount: number | null;
  isRead: boolean;
  createdAt: Date;
}

const toRow = (r: RawRow): NoticeRow => ({
  id: r.id,
  type: r.type,
  msgName: r.msgName,
  storeName: r.storeName ?? '',
  amount: r.amount === null ? null : Number(r.amount),
  isRead: r.isRead,
  createdAt: formatDateTime(r.createdAt),
});

export const listNotices = async (db: Db, userId: number, filter: NoticeFilter & Paging): Promise<Page<NoticeRow>> => {
  const where = mine(userId, filter);
  const [rows, total] = await Promise.all([
    db
      .select(rowColumns)
      .from(notice)
      .leftJoin(store, eq(store.id, notice.storeId))
      .where(where)
      .orderBy(desc(notice.createdAt), desc(notice.id))
      .limit(filter.pageSize)
      .offset((filter.pageNo - 1) * filter.pageSize),
    countNotices(db, userId, filter),
  ]);
  return { list: rows.map(toRow), total };
};

/** Why a notice is not the caller's to open: it does not exist, or it is someone else's. */
const missingOrForeign = async (db: Db, id: number): Promise<BizError> => {
  const [other] = await db.select({ id: notice.id }).from(notice).where(eq(notice.id, id));
  return other ? new BizError(ERR.FORBIDDEN, '无权查看该通知') : new BizError(ERR.PARAM_INVALID, '通知不存在');
};

/**
 * Opens a notice: it must be the caller's (another user's is refused), and the first opening marks it read in the same transaction as its operation-log row.
 */
export const readNotice = async (db: Db, userId: number, id: number): Promise<NoticeDetail> =>
  db.transaction(async (tx) => {
    const [found] = await tx
      .select({ ...rowColumns, content: notice.content, readAt: notice.readAt })
      .from(notice)
      .leftJoin(store, eq(store.id, notice.storeId))
      .where(and(eq(notice.id, id), eq(notice.userId, userId)));
    if (!found) throw await missingOrForeign(tx, id);
    let readAt = found.readAt;
    if (!found.isRead) {
      const [updated] = await tx
        .update(notice)
        .set({ isRead: true, readAt: new Date() })
        .where(and(eq(notice.id, id), eq(notice.isRead, false)))
        .returning({ readAt: notice.readAt });
      readAt = updated?.readAt ?? readAt;
      await recordOperation(tx, {
        userId,
        action: 'readNotice',
        target: `notice:${id}`,
        before: { isRead: false },
        after: { isRead: true },
      });
    }
    return {
      ...toRow({ ...found, isRead: true }),
      content: found.content,
      readAt: readAt ? formatDateTime(readAt) : null,
    };
  });
