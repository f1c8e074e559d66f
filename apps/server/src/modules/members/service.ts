/**
 * Members on the resource engine (/memberList, /personalAccount) and the reads of a member's
 * account: their cards, a card's ledger, their bills (findMemberConsume). A member exists for a
 * caller only when their home store is in the caller's data scope; bills and ledger rows are
 * further limited to the stores of that scope. `createMember` registers a member (the store-side
 * 开卡 flow and the demo seed call it; the console itself only edits).
 */
import type {
  CardLedgerDto,
  ConsumeBillDto,
  ConsumeLineDto,
  MemberCardDto,
  MemberConsumeQuery,
} from '@zb/contract/api/members';
import type { Page } from '@zb/contract/api/paging';
import { ledgerKindLabel, MEMBER, type MemberCardStatus } from '@zb/contract/entities/member';
import { ERR } from '@zb/contract/errcodes';
import { validatePhone } from '@zb/contract/phone';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { recordOperations } from '../../platform/audit';
import { BizError, fieldError } from '../../platform/errors';
import { hookPoint } from '../../platform/hooks';
import { bindResource, type Values, type WriteContext } from '../../platform/resource/binding';
import { type DataScope, storeScopeFilter } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { card, product, project } from '../goods/schema';
import { staff } from '../staff/schema';
import { region, store } from '../stores/schema';
import {
  cardLedger,
  cardTopUp,
  member,
  memberCard,
  memberCardSession,
  memberConsume,
  memberConsumeLine,
} from './schema';

/**
 * Modules above members act when a member takes a phone, in the same transaction (storesMore
 * links the member receive records made for that phone before the member registered).
 */
export const memberPhonesTaken = hookPoint<(tx: Tx, phones: readonly string[]) => Promise<unknown>>();

const phonesTaken = async (tx: Tx, phones: readonly string[]): Promise<void> => {
  for (const fn of memberPhonesTaken.registered()) await fn(tx, phones);
};

const NOT_FOUND = '会员不存在或不在您的数据范围内';
const BEIJING = '+08:00';

const checkPhone = (row: Values) => {
  const msg = validatePhone(String(row.areaCode ?? ''), String(row.phone ?? ''));
  if (msg) throw fieldError('phone', msg);
};

const update = async (ctx: WriteContext, id: number, values: Values, before: Values): Promise<void> => {
  if (values.phone !== undefined || values.areaCode !== undefined) checkPhone({ ...before, ...values });
  if (values.birthday && String(values.birthday) > new Date().toISOString().slice(0, 10)) {
    throw fieldError('birthday', '生日不能晚于今天');
  }
  if (Object.keys(values).length) {
    await ctx.tx
      .update(member)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(member.id, id));
  }
  if (values.phone !== undefined || values.areaCode !== undefined) {
    await phonesTaken(ctx.tx, [String(values.phone ?? before.phone)]);
  }
};

const cardCount = sql<number>`(select count(*)::int from member_card mc where mc.member_id = "member"."id")`;
const storedBalance = sql<number>`(select coalesce(sum(mc.balance + mc.bonus_balance), 0)::int from member_card mc
  where mc.member_id = "member"."id" and mc.kind = 'stored' and mc.status = 'active' and mc.expires_at > now())`;

export const memberBinding = bindResource({
  decl: MEMBER,
  table: member,
  id: member.id,
  columns: { storeName: store.name, regionName: region.name, cardCount, storedBalance },
  joins: [
    { table: store, on: eq(store.id, member.storeId) },
    { table: region, on: eq(region.id, store.regionId) },
  ],
  scope: { store: member.storeId },
  uniques: { member_phone_uq: 'phone' },
  service: { update },
});

export interface NewMember {
  name: string;
  areaCode?: string;
  phone: string;
  genderId?: number | null;
  levelId?: number | null;
  sourceId?: number | null;
  birthday?: string | null;
  storeId: number;
  joinedAt?: Date;
  remark?: string | null;
  userId: number | null;
}

/**
 * Registers members (each phone follows SPEC §5 and is unique) with one statement, ids in the
 * order given, and an operation-log row each; 会员领用 records of their phones point at them from
 * then on. Answers the ids and codes in that order.
 */
export const createMembers = async (tx: Tx, list: readonly NewMember[]): Promise<{ id: number; code: string }[]> => {
  if (list.length === 0) return [];
  const seen = new Set<string>();
  for (const m of list) {
    checkPhone({ areaCode: m.areaCode ?? '0086', phone: m.phone });
    if (seen.has(m.phone)) throw duplicatePhone();
    seen.add(m.phone);
  }
  const [taken] = await tx
    .select({ id: member.id })
    .from(member)
    .where(inArray(member.phone, [...seen]))
    .limit(1);
  if (taken) throw duplicatePhone();
  const rows = await tx
    .insert(member)
    .values(
      list.map(({ userId: _, joinedAt, ...values }) => ({
        ...values,
        areaCode: values.areaCode ?? '0086',
        joinedAt: joinedAt ?? new Date(),
      })),
    )
    .returning({ id: member.id, code: member.code });
  await phonesTaken(tx, [...seen]);
  await recordOperations(
    tx,
    list.map((m, i) => ({
      userId: m.userId,
      action: 'member.create',
      target: `member:${rows[i]!.id}`,
      after: { code: rows[i]!.code, name: m.name, phone: m.phone, storeId: m.storeId },
    })),
  );
  return rows;
};

const duplicatePhone = () =>
  new BizError(ERR.RECORD_DUPLICATE, '该手机号已是会员', { fields: { phone: '该手机号已是会员' } });

/** Registers one member (createMembers). */
export const createMember = async (tx: Tx, m: NewMember): Promise<{ id: number; code: string }> =>
  (await createMembers(tx, [m]))[0]!;

/** 冻结 / 解冻 a card (memberAssets' handling, which checks and logs it): the ledger refuses draws on a frozen card. */
export const setMemberCardStatus = async (tx: Tx, memberCardId: number, status: MemberCardStatus): Promise<void> => {
  await tx.update(memberCard).set({ status }).where(eq(memberCard.id, memberCardId));
};

// ── Reads of /personalAccount ────────────────────────────────────────────────

/** The member, when their home store is in the caller's scope; RECORD_NOT_FOUND otherwise. */
/**
 * Moves a member's home store (a store's closure, modules/memberMoves), in the caller's
 * transaction; the trigger member_switch_record writes the switch row.
 */
export const setHomeStore = async (tx: Tx, memberId: number, storeId: number, at: Date): Promise<void> => {
  await tx.update(member).set({ storeId, updatedAt: at }).where(eq(member.id, memberId));
};

export const visibleMember = async (db: Db, scope: DataScope, memberId: number) => {
  const [row] = await db
    .select({ id: member.id, name: member.name })
    .from(member)
    .where(and(eq(member.id, memberId), storeScopeFilter(scope, member.storeId)));
  if (!row) throw new BizError(ERR.RECORD_NOT_FOUND, NOT_FOUND);
  return row;
};

const iso = (d: Date) => d.toISOString();
const dayStart = (day: string) => new Date(`${day}T00:00:00${BEIJING}`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

const pageOf = (q: { pageNo: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.pageNo - 1) * q.pageSize,
});

/** GET /rest/member/findMemberConsume: the member's bills at stores of the caller's scope, newest first. */
export const memberConsumes = async (
  db: Db,
  scope: DataScope,
  q: MemberConsumeQuery,
): Promise<Page<ConsumeBillDto>> => {
  await visibleMember(db, scope, q.memberId);
  const where = and(
    eq(memberConsume.memberId, q.memberId),
    storeScopeFilter(scope, memberConsume.storeId),
    q.storeId ? eq(memberConsume.storeId, q.storeId) : undefined,
    q.dateFrom ? gte(memberConsume.consumedAt, dayStart(q.dateFrom)) : undefined,
    q.dateTo ? lt(memberConsume.consumedAt, nextDay(q.dateTo)) : undefined,
  );
  const { limit, offset } = pageOf(q);
  // The total and the page are independent: side by side on the pool, as the engine's lists run.
  const [[{ n } = { n: 0 }], bills] = await Promise.all([
    db.select({ n: count() }).from(memberConsume).where(where),
    db
      .select({
        id: memberConsume.id,
        billNo: memberConsume.billNo,
        consumedAt: memberConsume.consumedAt,
        storeId: memberConsume.storeId,
        storeName: store.name,
        staffName: staff.name,
        total: memberConsume.total,
        paidByCard: memberConsume.paidByCard,
        paidOther: memberConsume.paidOther,
        remark: memberConsume.remark,
      })
      .from(memberConsume)
      .innerJoin(store, eq(store.id, memberConsume.storeId))
      .leftJoin(staff, eq(staff.id, memberConsume.staffId))
      .where(where)
      .orderBy(desc(memberConsume.consumedAt), desc(memberConsume.id))
      .limit(limit)
      .offset(offset),
  ]);
  const lines = bills.length
    ? await linesOf(
        db,
        bills.map((b) => b.id),
      )
    : [];
  return {
    total: Number(n),
    list: bills.map((b) => ({
      ...b,
      consumedAt: iso(b.consumedAt),
      lines: lines.filter((l) => l.consumeId === b.id).map(({ consumeId: _, ...l }) => l),
    })),
  };
};

const linesOf = async (db: Db, billIds: number[]): Promise<(ConsumeLineDto & { consumeId: number })[]> => {
  const rows = await db
    .select({
      consumeId: memberConsumeLine.consumeId,
      line: memberConsumeLine.line,
      itemKind: memberConsumeLine.itemKind,
      projectId: memberConsumeLine.projectId,
      productId: memberConsumeLine.productId,
      projectName: project.name,
      productName: product.name,
      quantity: memberConsumeLine.quantity,
      unitPrice: memberConsumeLine.unitPrice,
      amount: memberConsumeLine.amount,
      memberCardId: memberConsumeLine.memberCardId,
      cardNo: memberCard.cardNo,
      cardName: card.name,
      sessions: memberConsumeLine.sessions,
      cardAmount: memberConsumeLine.cardAmount,
    })
    .from(memberConsumeLine)
    .leftJoin(project, eq(project.id, memberConsumeLine.projectId))
    .leftJoin(product, eq(product.id, memberConsumeLine.productId))
    .leftJoin(memberCard, eq(memberCard.id, memberConsumeLine.memberCardId))
    .leftJoin(card, eq(card.id, memberCard.cardId))
    .where(inArray(memberConsumeLine.consumeId, billIds))
    .orderBy(asc(memberConsumeLine.consumeId), asc(memberConsumeLine.line));
  return rows.map((r) => ({
    consumeId: r.consumeId,
    line: r.line,
    itemKind: r.itemKind as 'project' | 'product',
    itemId: (r.projectId ?? r.productId)!,
    itemName: r.projectName ?? r.productName ?? '',
    quantity: r.quantity,
    unitPrice: r.unitPrice,
    amount: r.amount,
    memberCardId: r.memberCardId,
    cardNo: r.cardNo,
    cardName: r.cardName,
    sessions: r.sessions,
    cardAmount: r.cardAmount,
  }));
};

/** The member's cards, newest first, with balances and the sessions left per project. */
export const memberCards = async (db: Db, scope: DataScope, memberId: number): Promise<MemberCardDto[]> => {
  await visibleMember(db, scope, memberId);
  const rows = await db
    .select({
      id: memberCard.id,
      cardNo: memberCard.cardNo,
      cardId: memberCard.cardId,
      cardName: card.name,
      kind: memberCard.kind,
      storeId: memberCard.storeId,
      storeName: store.name,
      openedAt: memberCard.openedAt,
      expiresAt: memberCard.expiresAt,
      status: memberCard.status,
      paid: memberCard.paid,
      balance: memberCard.balance,
      bonusBalance: memberCard.bonusBalance,
    })
    .from(memberCard)
    .innerJoin(card, eq(card.id, memberCard.cardId))
    .innerJoin(store, eq(store.id, memberCard.storeId))
    .where(eq(memberCard.memberId, memberId))
    .orderBy(desc(memberCard.openedAt), desc(memberCard.id));
  const sessions = rows.length
    ? await db
        .select({
          memberCardId: memberCardSession.memberCardId,
          projectId: memberCardSession.projectId,
          projectName: project.name,
          total: memberCardSession.total,
          remaining: memberCardSession.remaining,
        })
        .from(memberCardSession)
        .innerJoin(project, eq(project.id, memberCardSession.projectId))
        .where(
          inArray(
            memberCardSession.memberCardId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(memberCardSession.projectId))
    : [];
  const now = Date.now();
  return rows.map((r) => ({
    ...r,
    kind: r.kind as MemberCardDto['kind'],
    status: r.status as MemberCardDto['status'],
    openedAt: iso(r.openedAt),
    expiresAt: iso(r.expiresAt),
    expired: r.expiresAt.getTime() <= now,
    sessions: sessions.filter((x) => x.memberCardId === r.id).map(({ memberCardId: _, ...x }) => x),
  }));
};

const creator = alias(userAccount, 'ledger_creator');

/**
 * How a ledger row names a business record of a module above members (marketing registers its
 * real cards: '实体卡 ' and the number): the row's ref_type, and the number a person reads as SQL
 * over the row's ref_id.
 */
export const ledgerRefNames = hookPoint<{ refType: string; name: (refId: SQL) => SQL<string> }>();

/**
 * The business record's number a person reads: the bill, the top-up, the card itself or a
 * registered record. SQL over card_ledger (unaliased), read when a statement is built.
 */
export const refNo = (): SQL<string> => {
  const refId = sql`${cardLedger.refId}`;
  const above = ledgerRefNames.registered().map((r) => sql` when ${r.refType} then (${r.name(refId)})`);
  return sql<string>`case ${cardLedger.refType}
  when 'member_consume' then (select c.bill_no from ${memberConsume} c where c.id = ${cardLedger.refId})
  when 'card_top_up' then (select t.top_up_no from ${cardTopUp} t where t.id = ${cardLedger.refId})
  when 'member_card' then (select k.card_no from ${memberCard} k where k.id = ${cardLedger.refId})${sql.join(above)}
  else ${cardLedger.refType} || ':' || ${cardLedger.refId} end`;
};

/** One card's ledger, newest first: the card must belong to a member the caller sees. */
export const cardLedgerPage = async (
  db: Db,
  scope: DataScope,
  q: { memberCardId: number; pageNo: number; pageSize: number },
): Promise<Page<CardLedgerDto>> => {
  const [owner] = await db
    .select({ memberId: memberCard.memberId })
    .from(memberCard)
    .where(eq(memberCard.id, q.memberCardId));
  if (!owner) throw new BizError(ERR.RECORD_NOT_FOUND, '会员卡不存在');
  await visibleMember(db, scope, owner.memberId);
  const where = eq(cardLedger.memberCardId, q.memberCardId);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(cardLedger).where(where);
  const { limit, offset } = pageOf(q);
  const rows = await db
    .select({
      id: cardLedger.id,
      kind: cardLedger.kind,
      amount: cardLedger.amount,
      bonusAmount: cardLedger.bonusAmount,
      balanceAfter: cardLedger.balanceAfter,
      bonusAfter: cardLedger.bonusAfter,
      projectName: project.name,
      sessions: cardLedger.sessions,
      sessionsAfter: cardLedger.sessionsAfter,
      refNo: refNo(),
      storeName: store.name,
      createdByName: creator.nickname,
      at: cardLedger.at,
    })
    .from(cardLedger)
    .innerJoin(store, eq(store.id, cardLedger.storeId))
    .leftJoin(project, eq(project.id, cardLedger.projectId))
    .leftJoin(creator, eq(creator.id, cardLedger.createdBy))
    .where(where)
    .orderBy(desc(cardLedger.id))
    .limit(limit)
    .offset(offset);
  return {
    total: Number(n),
    list: rows.map((r) => ({
      ...r,
      kind: r.kind as CardLedgerDto['kind'],
      kindName: ledgerKindLabel(r.kind),
      at: iso(r.at),
    })),
  };
};
