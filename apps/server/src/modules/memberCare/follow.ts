/**
 * Follow-ups and remarks: written by the stores through the open API (a POS terminal for its own
 * store, the mini-program for any), read by the console in its data scope at SPEC §7.8's
 * `/jeecg-boot/follow/*` calls; and the member file's view by member (the staff who served them,
 * their tags).
 *
 * - POST /open/v1/followUps: idempotent by the sender's number — the same outerNo again answers
 *   the first follow-up (replayed) and changes nothing.
 * - POST /open/v1/followUps/:outerNo/result: the follow-up done; the same result again answers it
 *   unchanged, another result for a done follow-up is refused (FOLLOW-40001).
 * - POST /open/v1/memberRemarks: one remark per store and member; a remark older than the kept one
 *   (by the sender's time) changes nothing, so a late retry never overwrites a newer remark.
 */

import { OUTER_NO_PATTERN } from '@zb/contract/entities/bill';
import type {
  MemberFileView,
  OpenFollowUpAnswer,
  OpenFollowUpBody,
  OpenFollowUpResultBody,
  OpenMemberRemarkAnswer,
  OpenMemberRemarkBody,
  ServedStaffDto,
  StoreRemarkDto,
} from '@zb/contract/entities/memberCare';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { BizError } from '../../platform/errors';
import { findRow } from '../../platform/resource/query';
import { type DataScope, storeScopeFilter } from '../../platform/scope';
import { memberByKey } from '../intents/service';
import { member, memberConsume } from '../members/schema';
import { assertStoreAllowed, type OpenCaller } from '../openApi/types';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';
import { followStateSql, followUpBinding } from './resource';
import { followUp, memberFile, memberRemark } from './schema';
import { tagsOfMember } from './tags';

const invalid = (message: string) => new BizError(ERR.OPEN_DOCUMENT_INVALID, message);

const storeByCode = async (tx: Tx, caller: OpenCaller, code: string) => {
  const [st] = await tx.select({ id: store.id, code: store.code }).from(store).where(eq(store.code, code));
  if (!st) throw invalid(`门店编码 ${code} 不存在`);
  assertStoreAllowed(caller, st.id);
  return st;
};

const staffByPhone = async (tx: Tx, storeId: number, phone: string | undefined): Promise<number | null> => {
  if (!phone) return null;
  const [s] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.phone, phone), eq(staff.storeId, storeId)));
  if (!s) throw invalid(`门店没有手机号为 ${phone} 的员工`);
  return s.id;
};

const memberOrRefuse = async (tx: Tx, key: string) => {
  const m = await memberByKey(tx, key);
  if (!m) throw invalid(`会员 ${key} 不存在`);
  return m;
};

const answerOf = async (tx: Tx | Db, id: number, replayed: boolean): Promise<OpenFollowUpAnswer> => {
  const [row] = await tx
    .select({ followNo: followUp.followNo, outerNo: followUp.outerNo, state: followStateSql })
    .from(followUp)
    .where(eq(followUp.id, id));
  return { followNo: row!.followNo, outerNo: row!.outerNo, state: row!.state as OpenFollowUpAnswer['state'], replayed };
};

const bySender = (tx: Tx | Db, clientId: number, outerNo: string) =>
  tx
    .select({
      id: followUp.id,
      storeId: followUp.storeId,
      doneAt: followUp.doneAt,
      result: followUp.result,
      channel: followUp.channel,
    })
    .from(followUp)
    .where(and(eq(followUp.clientId, clientId), eq(followUp.outerNo, outerNo)));

/** POST /open/v1/followUps. */
export const openFollowUp = async (db: Db, caller: OpenCaller, body: OpenFollowUpBody): Promise<OpenFollowUpAnswer> => {
  const [seen] = await bySender(db, caller.clientId, body.outerNo);
  if (seen) return answerOf(db, seen.id, true);
  return db.transaction(async (tx) => {
    const st = await storeByCode(tx, caller, body.storeCode);
    const m = await memberOrRefuse(tx, body.member);
    const staffId = await staffByPhone(tx, st.id, body.staffPhone);
    let consumeId: number | null = null;
    if (body.billNo) {
      const [bill] = await tx
        .select({ id: memberConsume.id, memberId: memberConsume.memberId })
        .from(memberConsume)
        .where(eq(memberConsume.billNo, body.billNo.toUpperCase()));
      if (!bill || bill.memberId !== m.id) throw invalid(`收银单 ${body.billNo} 不存在或不是该会员的`);
      consumeId = bill.id;
    }
    const done = !!body.doneAt;
    const [row] = await tx
      .insert(followUp)
      .values({
        memberId: m.id,
        storeId: st.id,
        staffId,
        kind: body.kind,
        dueDate: body.dueDate,
        consumeId,
        content: body.content || null,
        channel: done ? (body.channel ?? null) : null,
        result: done ? (body.result ?? null) : null,
        doneAt: done ? new Date(body.doneAt!) : null,
        clientId: caller.clientId,
        outerNo: body.outerNo,
      })
      .onConflictDoNothing()
      .returning({ id: followUp.id });
    if (!row) {
      // Another request with the same number got in first: answer its follow-up.
      const [first] = await bySender(tx, caller.clientId, body.outerNo);
      return answerOf(tx, first!.id, true);
    }
    return answerOf(tx, row.id, false);
  });
};

/** POST /open/v1/followUps/:outerNo/result. */
export const openFollowUpResult = (
  db: Db,
  caller: OpenCaller,
  outerNo: string,
  body: OpenFollowUpResultBody,
): Promise<OpenFollowUpAnswer> =>
  db.transaction(async (tx) => {
    // The path's number, as a document's: anything else (a NUL, a long text) is no follow-up of ours.
    if (!OUTER_NO_PATTERN.test(outerNo)) throw invalid('单据编号为 1 到 40 位字母、数字、下划线或短横线');
    const [row] = await bySender(tx, caller.clientId, outerNo);
    if (!row) throw new BizError(ERR.FOLLOW_INVALID, `跟进记录 ${outerNo} 不存在`);
    assertStoreAllowed(caller, row.storeId);
    if (row.doneAt) {
      if (row.result === body.result && row.channel === body.channel) return answerOf(tx, row.id, true);
      throw new BizError(ERR.FOLLOW_INVALID, `跟进记录 ${outerNo} 已完成，不能再登记其他结果`);
    }
    const staffId = await staffByPhone(tx, row.storeId, body.staffPhone);
    // Only an open one: two results sent at once, the second finds it done.
    const [set] = await tx
      .update(followUp)
      .set({
        doneAt: new Date(body.doneAt),
        result: body.result,
        channel: body.channel,
        ...(staffId ? { staffId } : {}),
      })
      .where(and(eq(followUp.id, row.id), sql`${followUp.doneAt} is null`))
      .returning({ id: followUp.id });
    if (!set) throw new BizError(ERR.FOLLOW_INVALID, `跟进记录 ${outerNo} 已完成，不能再登记其他结果`);
    return answerOf(tx, row.id, false);
  });

/** POST /open/v1/memberRemarks. */
export const openMemberRemark = (
  db: Db,
  caller: OpenCaller,
  body: OpenMemberRemarkBody,
): Promise<OpenMemberRemarkAnswer> =>
  db.transaction(async (tx) => {
    const st = await storeByCode(tx, caller, body.storeCode);
    const m = await memberOrRefuse(tx, body.member);
    const [mm] = await tx.select({ code: member.code }).from(member).where(eq(member.id, m.id));
    const staffId = await staffByPhone(tx, st.id, body.staffPhone);
    const at = new Date(body.at);
    const saved = await tx
      .insert(memberRemark)
      .values({
        storeId: st.id,
        memberId: m.id,
        remark: body.remark,
        staffId,
        clientId: caller.clientId,
        remarkedAt: at,
      })
      .onConflictDoUpdate({
        target: [memberRemark.memberId, memberRemark.storeId],
        set: {
          remark: body.remark,
          staffId,
          clientId: caller.clientId,
          remarkedAt: at,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${memberRemark.remarkedAt} <= ${at.toISOString()}::timestamptz`,
      })
      .returning({ memberId: memberRemark.memberId });
    return { memberCode: mm!.code, storeCode: st.code, saved: saved.length > 0 };
  });

/** getFollowUpById: the follow-up, when it is of the caller's stores. */
export const followUpById = async (db: Db, scope: DataScope, id: number) => {
  const row = await findRow(db, followUpBinding, scope, id);
  if (!row) throw new BizError(ERR.RECORD_NOT_FOUND, '该跟进记录不存在或不在您的数据范围内');
  return row;
};

/** The member, when of the caller's scope (their home store): RECORD_NOT_FOUND otherwise. */
const visibleMember = async (db: Db, scope: DataScope, memberId: number) => {
  const [m] = await db
    .select({ id: member.id, code: member.code, name: member.name, phone: member.phone, storeName: store.name })
    .from(member)
    .innerJoin(store, eq(store.id, member.storeId))
    .where(and(eq(member.id, memberId), storeScopeFilter(scope, member.storeId)));
  if (!m) throw new BizError(ERR.RECORD_NOT_FOUND, '该会员不存在或不在您的数据范围内');
  return m;
};

/**
 * getUserStoreRemark: the remarks on a member (userId) of the stores of the caller's scope,
 * newest first; `storeId` narrows to one store. The member may be another store's (a member
 * served across stores): what a caller sees is its own stores' remarks.
 */
export const storeRemarks = async (
  db: Db,
  scope: DataScope,
  q: { userId: number; storeId?: number },
): Promise<StoreRemarkDto[]> => {
  const [m] = await db.select({ id: member.id }).from(member).where(eq(member.id, q.userId));
  if (!m) throw new BizError(ERR.RECORD_NOT_FOUND, '该会员不存在');
  const rows = await db
    .select({
      storeId: memberRemark.storeId,
      storeName: store.name,
      remark: memberRemark.remark,
      staffName: staff.name,
      updatedAt: memberRemark.remarkedAt,
    })
    .from(memberRemark)
    .innerJoin(store, eq(store.id, memberRemark.storeId))
    .leftJoin(staff, eq(staff.id, memberRemark.staffId))
    .where(
      and(
        eq(memberRemark.memberId, q.userId),
        q.storeId ? eq(memberRemark.storeId, q.storeId) : undefined,
        storeScopeFilter(scope, memberRemark.storeId),
      ),
    )
    .orderBy(desc(memberRemark.remarkedAt), asc(memberRemark.storeId));
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
};

/** The staff who served the member: bills with a line they served, most first. */
const servedStaff = async (db: Db, memberId: number): Promise<ServedStaffDto[]> => {
  const rows = await db.execute(sql`select st.id as "staffId", st.name as "staffName", s.name as "storeName",
      count(distinct c.id)::int as bills, max(c.consumed_at) as "lastServedAt"
    from member_consume c
    join bill_share bs on bs.consume_id = c.id
    join staff st on st.id = bs.staff_id
    join store s on s.id = st.store_id
    where c.member_id = ${memberId} and c.status = 'completed'
    group by st.id, st.name, s.name
    order by bills desc, "lastServedAt" desc
    limit 20`);
  return rowsOf<ServedStaffDto>(rows).map(normalizeServed);
};

const normalizeServed = (r: ServedStaffDto): ServedStaffDto => ({
  ...r,
  bills: Number(r.bills),
  lastServedAt: new Date(r.lastServedAt).toISOString(),
});

/** The member tab /memberFile: who the member is, their file's id (if kept), the staff who served them, their tags. */
export const memberFileView = async (db: Db, scope: DataScope, memberId: number): Promise<MemberFileView> => {
  const m = await visibleMember(db, scope, memberId);
  const [[file], staffRows, tags] = await Promise.all([
    db.select({ id: memberFile.id }).from(memberFile).where(eq(memberFile.memberId, memberId)),
    servedStaff(db, memberId),
    tagsOfMember(db, memberId),
  ]);
  return {
    memberId: m.id,
    memberCode: m.code,
    memberName: m.name,
    phone: m.phone,
    storeName: m.storeName,
    fileId: file?.id ?? null,
    staff: staffRows,
    tags,
  };
};

/** ofMember of tags: the member must be visible to the caller. */
export const visibleMemberTags = async (db: Db, scope: DataScope, memberId: number) => {
  await visibleMember(db, scope, memberId);
  return tagsOfMember(db, memberId);
};
