/**
 * Member receive (/memberReceiveAudit) on the resource engine, with its audit. A record is made
 * for a store of the caller's scope with its lines (each product once); it starts 待审核. 通过
 * and 驳回 are one conditional update on status = 'pending' — of two auditors at once one wins,
 * the other gets MEMRCV-40901 — and 通过 takes the lines out of the store's stock through
 * moveStock in the same transaction, so a store short of stock (STOCK-40901) changes nothing.
 * A record whose phone (and area code) is a member's points at that member (member_id): set when
 * it is made, and by `linkMemberReceives` when the member is registered or takes the phone later.
 */
import {
  MEMBER_RECEIVE,
  type MemberReceiveAuditBody,
  type MemberReceiveAudited,
  type MemberReceiveLine,
  type MemberReceiveStatus,
} from '@zb/contract/entities/memberReceive';
import { ERR } from '@zb/contract/errcodes';
import { validatePhone } from '@zb/contract/phone';
import { optionLabel } from '@zb/contract/resource/define';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { findRow } from '../../platform/resource/query';
import { storeScopeFilter } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { product } from '../goods/schema';
import { member } from '../members/schema';
import { moveStock } from '../stock/service';
import { region, store } from '../stores/schema';
import { without } from './common';
import { memberReceive, memberReceiveLine } from './schema';

const creator = alias(userAccount, 'creator');
const auditor = alias(userAccount, 'auditor');

// Correlated subqueries spell the outer table out (drizzle leaves single-table columns unqualified).
const linesJson = sql`(select coalesce(json_agg(json_build_object('productId', l.product_id, 'quantity', l.quantity) order by l.line), '[]'::json)
  from member_receive_line l where l.receive_id = "member_receive"."id")`;

const linesText = sql<string | null>`(select string_agg(p.name || ' ×' || l.quantity || p.unit, '、' order by l.line)
  from member_receive_line l join product p on p.id = l.product_id where l.receive_id = "member_receive"."id")`;

const totalPieces = sql<number>`(select coalesce(sum(l.quantity), 0)::int from member_receive_line l where l.receive_id = "member_receive"."id")`;

const checkLines = async (tx: Tx, lines: readonly MemberReceiveLine[]): Promise<void> => {
  const ids = lines.map((l) => l.productId);
  if (new Set(ids).size !== ids.length) throw fieldError('lines', '同一商品只能出现一次，请合并数量');
  const found = await tx.select({ id: product.id }).from(product).where(inArray(product.id, ids));
  if (found.length !== ids.length) throw fieldError('lines', '所选商品不存在或已被删除');
};

export const memberReceiveBinding = bindResource({
  decl: MEMBER_RECEIVE,
  table: memberReceive,
  id: memberReceive.id,
  columns: {
    storeName: store.name,
    regionName: region.name,
    lines: linesJson,
    linesText,
    totalPieces,
    createdByName: creator.nickname,
    auditedByName: auditor.nickname,
    memberCode: member.code,
  },
  joins: [
    { table: store, on: eq(store.id, memberReceive.storeId), inner: true },
    { table: region, on: eq(region.id, store.regionId), inner: true },
    { table: creator, on: eq(creator.id, memberReceive.createdBy) },
    { table: auditor, on: eq(auditor.id, memberReceive.auditedBy) },
    { table: member, on: eq(member.id, memberReceive.memberId) },
  ],
  scope: { store: memberReceive.storeId },
  service: {
    create: async ({ tx, auth }, values) => {
      const phoneIssue = validatePhone(String(values.areaCode ?? ''), String(values.memberPhone ?? ''));
      if (phoneIssue) throw fieldError('memberPhone', phoneIssue);
      const lines = values.lines;
      await checkLines(tx, lines);
      const [holder] = await tx
        .select({ id: member.id })
        .from(member)
        .where(and(eq(member.phone, String(values.memberPhone)), eq(member.areaCode, String(values.areaCode))));
      const [row] = await tx
        .insert(memberReceive)
        .values({
          ...without(values, 'lines'),
          memberId: holder?.id ?? null,
          createdBy: auth.user.id,
        })
        .returning({ id: memberReceive.id });
      const id = row!.id;
      await tx.insert(memberReceiveLine).values(lines.map((l, line) => ({ receiveId: id, line, ...l })));
      return id;
    },
  },
});

/**
 * Points the records not linked yet whose phone and area code are a member's at that member
 * (`phones`: only those phones); answers how many it linked.
 */
export const linkMemberReceives = async (tx: Tx, phones?: readonly string[]): Promise<number> => {
  if (phones?.length === 0) return 0;
  const linked = await tx
    .update(memberReceive)
    .set({ memberId: member.id })
    .from(member)
    .where(
      and(
        isNull(memberReceive.memberId),
        eq(member.phone, memberReceive.memberPhone),
        eq(member.areaCode, memberReceive.areaCode),
        phones ? inArray(memberReceive.memberPhone, [...phones]) : undefined,
      ),
    )
    .returning({ id: memberReceive.id });
  return linked.length;
};

const statusName = (status: unknown): string => optionLabel(MEMBER_RECEIVE.fields.status!, status);

/**
 * 通过 or 驳回 a 待审核 record of the caller's scope, in one transaction with its operation-log row
 * (and, on 通过, the stock movements).
 */
export const auditMemberReceive = (db: Db, auth: Auth, body: MemberReceiveAuditBody): Promise<MemberReceiveAudited> =>
  db.transaction(async (tx) => {
    const before = await findRow(tx, memberReceiveBinding, auth.scope, body.id);
    if (!before) throw new BizError(ERR.RECORD_NOT_FOUND, '该领用记录不存在或不在您的数据范围内');
    const status: MemberReceiveStatus = body.pass ? 'approved' : 'rejected';
    // The condition on the status is the lock: of two auditors at once, the second finds no row.
    const [won] = await tx
      .update(memberReceive)
      .set({
        status,
        rejectReason: body.pass ? null : (body.reason ?? null),
        auditedBy: auth.user.id,
        auditedAt: sql`now()`,
      })
      .where(
        and(
          eq(memberReceive.id, body.id),
          eq(memberReceive.status, 'pending'),
          storeScopeFilter(auth.scope, memberReceive.storeId),
        ),
      )
      .returning({ id: memberReceive.id, storeId: memberReceive.storeId });
    if (!won) {
      const [now] = await tx
        .select({ status: memberReceive.status })
        .from(memberReceive)
        .where(eq(memberReceive.id, body.id));
      throw new BizError(
        ERR.MEMBER_RECEIVE_DECIDED,
        `领用单 ${String(before.code)} 已被审核（${statusName(now?.status ?? before.status)}），请刷新后查看`,
      );
    }
    if (body.pass) {
      const lines = await tx
        .select({ productId: memberReceiveLine.productId, quantity: memberReceiveLine.quantity })
        .from(memberReceiveLine)
        .where(eq(memberReceiveLine.receiveId, body.id))
        .orderBy(memberReceiveLine.line);
      await moveStock(
        tx,
        lines.map((l) => ({ storeId: won.storeId, productId: l.productId, pieces: -l.quantity })),
        {
          kind: 'memberReceive',
          refType: 'member_receive',
          refId: body.id,
          userId: auth.user.id,
          note: `会员领用 ${String(before.code)}`,
        },
      );
    }
    const after = await findRow(tx, memberReceiveBinding, auth.scope, body.id);
    await recordOperation(tx, {
      userId: auth.user.id,
      action: `memberReceive.${body.pass ? 'approve' : 'reject'}`,
      target: `memberReceive:${body.id}`,
      before,
      after,
    });
    return { id: body.id, status };
  });
