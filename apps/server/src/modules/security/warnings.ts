/**
 * /earlyWarning: the warning rules of contract WARNING_RULES, evaluated by a scheduled job
 * (`scanWarnings`, modules/schedule/jobs.ts) over the card-ledger rows written since its
 * watermark — every writer (the bill API, the open API, imports, the seed) is covered without
 * calling anything. The watermark (security_scan_state) moves batch by batch, each batch in one
 * transaction with the warnings it found; a warning's key (rule, card, day …) is unique, so a
 * rerun or an overlap adds nothing twice. Each warning keeps the ledger ids it rests on.
 *
 * Handling runs WARNING_FLOW through runStep: 指派 (to a user, by login name) and 关闭 (with a
 * note); flow_event keeps the history.
 */
import {
  WARNING_PARAMS as P,
  WARNING,
  WARNING_FLOW,
  type WarningDetail,
  type WarningRule,
  type WarningStepDone,
} from '@zb/contract/entities/security';
import { ERR } from '@zb/contract/errcodes';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDateTime } from '@zb/contract/time';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { flowHistory, runStep } from '../../platform/flow';
import { bindResource } from '../../platform/resource/binding';
import { storeScopeFilter } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { cardLedger, member, memberCard } from '../members/schema';
import { store } from '../stores/schema';
import { securityScanState, securityWarning } from './schema';

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** Ledger ids read per transaction of the scan. */
export const SCAN_BATCH = 20_000;

type Range = { from: number; to: number };

interface Found {
  rule: WarningRule;
  key: string;
  storeId: number;
  memberId: number;
  memberCardId: number | null;
  day: string;
  summary: string;
  ledgerIds: number[];
}

interface Row {
  card_id: number | null;
  member_id: number;
  store_id: number;
  day: string;
  card_no: string | null;
  ids: (number | string)[];
  n: number;
}

const ids = (r: Row) => r.ids.map(Number);
const BJ = sql.raw(`'Asia/Shanghai'`);

/** Each rule reads the ledger rows with from < id ≤ to (and what they need around them). */
const RULES: Record<WarningRule, (tx: Tx, r: Range) => Promise<Found[]>> = {
  // Cards drawn in the range, and each one's draws of that Beijing day at every store.
  manyStores: async (tx, { from, to }) => {
    const rows = rowsOf<Row>(
      await tx.execute(sql`with days as (
          select distinct member_card_id, (at at time zone ${BJ})::date as day
          from card_ledger where id > ${from} and id <= ${to} and kind = 'consume')
        select d.member_card_id as card_id, mc.member_id, mc.store_id, d.day::text as day, mc.card_no,
          array_agg(l.id order by l.id) as ids, count(distinct l.store_id)::int as n
        from days d
        join card_ledger l on l.member_card_id = d.member_card_id and l.kind = 'consume'
          and l.at >= (d.day::timestamp at time zone ${BJ}) and l.at < ((d.day + 1)::timestamp at time zone ${BJ})
        join member_card mc on mc.id = d.member_card_id
        group by d.member_card_id, mc.member_id, mc.store_id, d.day, mc.card_no
        having count(distinct l.store_id) >= ${P.manyStores}`),
    );
    return rows.map((r) => ({
      rule: 'manyStores',
      key: `manyStores:${r.card_id}:${r.day}`,
      storeId: r.store_id,
      memberId: r.member_id,
      memberCardId: r.card_id,
      day: r.day,
      summary: `卡 ${r.card_no} 在 ${r.day} 于 ${r.n} 家门店划卡`,
      ledgerIds: ids(r),
    }));
  },
  // Bills of the range drawing more than the threshold from one card (本金 + 赠金).
  bigDraw: async (tx, { from, to }) => {
    const rows = rowsOf<Row & { ref_id: number }>(
      await tx.execute(sql`with bills as (
          select distinct ref_id, member_card_id from card_ledger
          where id > ${from} and id <= ${to} and kind = 'consume' and ref_type = 'member_consume')
        select b.ref_id, b.member_card_id as card_id, mc.member_id, mc.store_id, mc.card_no,
          (min(l.at) at time zone ${BJ})::date::text as day,
          array_agg(l.id order by l.id) as ids, -sum(l.amount + l.bonus_amount)::int as n
        from bills b
        join card_ledger l on l.ref_type = 'member_consume' and l.ref_id = b.ref_id
          and l.member_card_id = b.member_card_id and l.kind = 'consume'
        join member_card mc on mc.id = b.member_card_id
        group by b.ref_id, b.member_card_id, mc.member_id, mc.store_id, mc.card_no
        having -sum(l.amount + l.bonus_amount) > ${P.bigDraw}`),
    );
    return rows.map((r) => ({
      rule: 'bigDraw',
      key: `bigDraw:${r.ref_id}:${r.card_id}`,
      storeId: r.store_id,
      memberId: r.member_id,
      memberCardId: r.card_id,
      day: r.day,
      summary: `卡 ${r.card_no} 一张单划卡 ${formatYuan(r.n)} 元，超过 ${formatYuan(P.bigDraw)} 元`,
      ledgerIds: ids(r),
    }));
  },
  // Refunds of the range on a card topped up within the hours before.
  refundAfterTopUp: async (tx, { from, to }) => {
    const rows = rowsOf<Row & { refund_id: number }>(
      await tx.execute(sql`select r.id as refund_id, r.member_card_id as card_id, mc.member_id, mc.store_id,
          mc.card_no, (r.at at time zone ${BJ})::date::text as day, array[t.id, r.id] as ids,
          floor(extract(epoch from r.at - t.at) / 3600)::int as n
        from card_ledger r
        join lateral (
          select t.id, t.at from card_ledger t
          where t.member_card_id = r.member_card_id and t.kind = 'topUp'
            and t.at <= r.at and t.at >= r.at - make_interval(hours => ${P.refundAfterTopUpHours})
          order by t.at desc, t.id desc limit 1
        ) t on true
        join member_card mc on mc.id = r.member_card_id
        where r.id > ${from} and r.id <= ${to} and r.kind = 'refund'`),
    );
    return rows.map((r) => ({
      rule: 'refundAfterTopUp',
      key: `refundAfterTopUp:${r.refund_id}`,
      storeId: r.store_id,
      memberId: r.member_id,
      memberCardId: r.card_id,
      day: r.day,
      summary: `卡 ${r.card_no} 充值后 ${r.n} 小时内退款`,
      ledgerIds: ids(r),
    }));
  },
  // Members (one per phone) who opened cards in the range, and every card they opened that day.
  phoneCards: async (tx, { from, to }) => {
    const rows = rowsOf<Row & { phone: string }>(
      await tx.execute(sql`with days as (
          select distinct member_id, (at at time zone ${BJ})::date as day
          from card_ledger where id > ${from} and id <= ${to} and kind = 'open')
        select null::int as card_id, d.member_id, min(mc.store_id) as store_id, d.day::text as day, m.phone,
          array_agg(l.id order by l.id) as ids, count(distinct l.member_card_id)::int as n
        from days d
        join member m on m.id = d.member_id
        join card_ledger l on l.member_id = d.member_id and l.kind = 'open'
          and l.at >= (d.day::timestamp at time zone ${BJ}) and l.at < ((d.day + 1)::timestamp at time zone ${BJ})
        join member_card mc on mc.id = l.member_card_id
        group by d.member_id, d.day, m.phone
        having count(distinct l.member_card_id) >= ${P.phoneCards}`),
    );
    return rows.map((r) => ({
      rule: 'phoneCards',
      key: `phoneCards:${r.phone}:${r.day}`,
      storeId: r.store_id,
      memberId: r.member_id,
      memberCardId: null,
      day: r.day,
      summary: `手机号 ${r.phone} 在 ${r.day} 开卡 ${r.n} 张`,
      ledgerIds: ids(r),
    }));
  },
};

const WATERMARK = 'ledger';

/**
 * The scheduled job: evaluates every rule over the ledger rows written since the watermark.
 * Answers how many ledger ids it read and how many warnings it added.
 */
export const scanWarnings = async (db: Db | Tx, at = new Date()): Promise<{ read: number; found: number }> => {
  let read = 0;
  let found = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      await tx.insert(securityScanState).values({ name: WATERMARK }).onConflictDoNothing();
      const [state] = await tx
        .select({ lastId: securityScanState.lastId })
        .from(securityScanState)
        .where(eq(securityScanState.name, WATERMARK))
        .for('update');
      const from = state?.lastId ?? 0;
      const max = Number(
        rowsOf<{ max: string | null }>(await tx.execute(sql`select max(id) as max from card_ledger`))[0]?.max ?? 0,
      );
      if (max <= from) return null;
      const to = Math.min(max, from + SCAN_BATCH);
      const flags: Found[] = [];
      for (const rule of Object.values(RULES)) flags.push(...(await rule(tx, { from, to })));
      let n = 0;
      for (let i = 0; i < flags.length; i += 1000) {
        const part = flags.slice(i, i + 1000).map((f) => ({ ...f, detectedAt: at }));
        n += (await tx.insert(securityWarning).values(part).onConflictDoNothing().returning({ id: securityWarning.id }))
          .length;
      }
      await tx
        .update(securityScanState)
        .set({ lastId: to, scannedAt: at })
        .where(eq(securityScanState.name, WATERMARK));
      return { read: to - from, found: n };
    });
    if (!step) break;
    read += step.read;
    found += step.found;
  }
  return { read, found };
};

// ── Reading and handling ─────────────────────────────────────────────────────

/** A warning's evidence rows and its history (the caller's stores only). */
export const warningDetail = async (db: Db, auth: Auth, id: number): Promise<WarningDetail> => {
  const [w] = await db
    .select({ ledgerIds: securityWarning.ledgerIds })
    .from(securityWarning)
    .where(and(eq(securityWarning.id, id), storeScopeFilter(auth.scope, securityWarning.storeId)));
  if (!w) throw new BizError(ERR.RECORD_NOT_FOUND, '预警不存在或不在您的数据范围内');
  const rows = w.ledgerIds.length
    ? await db
        .select({
          ledgerId: cardLedger.id,
          at: cardLedger.at,
          kind: cardLedger.kind,
          cardNo: memberCard.cardNo,
          storeName: store.name,
          amount: sql<number>`(${cardLedger.amount} + ${cardLedger.bonusAmount})::int`,
          sessions: cardLedger.sessions,
          refType: cardLedger.refType,
          refId: cardLedger.refId,
        })
        .from(cardLedger)
        .innerJoin(memberCard, eq(memberCard.id, cardLedger.memberCardId))
        .innerJoin(store, eq(store.id, cardLedger.storeId))
        .where(inArray(cardLedger.id, w.ledgerIds))
        .orderBy(asc(cardLedger.id))
    : [];
  const history = await flowHistory(db, WARNING_FLOW, id);
  return {
    id,
    evidence: rows.map((r) => ({ ...r, at: formatDateTime(r.at) })),
    history: history.map((h) => ({ at: formatDateTime(h.at), label: h.label, userName: h.userName, reason: h.reason })),
  };
};

const step = (tx: Tx, auth: Auth, id: number, name: 'assign' | 'close', reason: string, set: Record<string, unknown>) =>
  runStep(tx, {
    flow: WARNING_FLOW,
    table: securityWarning,
    id,
    step: name,
    by: { kind: 'console', userId: auth.user.id },
    reason,
    set,
    where: storeScopeFilter(auth.scope, securityWarning.storeId),
  });

/** 指派: to the user with that login name. */
export const assignWarning = (db: Db, auth: Auth, id: number, assignee: string): Promise<WarningStepDone> =>
  db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: userAccount.id, name: userAccount.nickname })
      .from(userAccount)
      .where(eq(userAccount.loginName, assignee));
    if (!user) throw new BizError(ERR.PARAM_INVALID, `账号「${assignee}」不存在`);
    await step(tx, auth, id, 'assign', `指派给${user.name}`, { assigneeId: user.id });
    return { id, status: 'assigned' };
  });

/** 关闭: with the note. */
export const closeWarning = (db: Db, auth: Auth, id: number, note: string): Promise<WarningStepDone> =>
  db.transaction(async (tx) => {
    await step(tx, auth, id, 'close', note, { closedBy: auth.user.id, closedAt: new Date(), closeNote: note.trim() });
    return { id, status: 'closed' };
  });

const assignee = alias(userAccount, 'warning_assignee');

/** The list of /earlyWarning on the resource engine (read only; the caller's stores). */
export const warningBinding = bindResource({
  decl: WARNING,
  table: securityWarning,
  id: securityWarning.id,
  joins: [
    { table: store, on: eq(store.id, securityWarning.storeId), inner: true },
    { table: member, on: eq(member.id, securityWarning.memberId), inner: true },
    { table: memberCard, on: eq(memberCard.id, securityWarning.memberCardId) },
    { table: assignee, on: eq(assignee.id, securityWarning.assigneeId) },
  ],
  columns: {
    storeName: store.name,
    memberName: member.name,
    memberPhone: member.phone,
    cardNo: memberCard.cardNo,
    assigneeName: assignee.nickname,
  },
  scope: { store: securityWarning.storeId },
});
