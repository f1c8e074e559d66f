/**
 * The printed cards of a real-card activity: generating them (one statement for up to 20,000),
 * their claim codes and claim URLs, the claim rule the mini-program will call, 作废, and the list
 * of an activity's cards.
 *
 * A claim code is HMAC-SHA256(key, number), cut to 16 base64url characters (96 bits), where the key
 * is derived from the server secret (platform/crypto): the table holds no code, so a leaked copy of
 * it lets nobody claim a card, and a code is checked without a lookup of anything secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Page } from '@zb/contract/api/paging';
import {
  activityStatusLabel,
  isRealCardNumber,
  type RealCardRow,
  type RealCardStatus,
  realCardNumber,
} from '@zb/contract/entities/marketingActivity';
import { ERR } from '@zb/contract/errcodes';
import { formatDate, formatDateTime } from '@zb/contract/time';
import { and, asc, count, eq, gt, type SQL, sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import { deriveKey, loadCipherSecret } from '../../platform/crypto';
import { BizError } from '../../platform/errors';
import { type DataScope, storeScopeFilter } from '../../platform/scope';
import { readTextSetting } from '../../platform/settings';
import { card } from '../goods/schema';
import { openCard } from '../members/ledger';
import { member, memberCard } from '../members/schema';
import { marketingActivity, marketingRealCard } from './schema';

const CODE_CHARS = 16;

/** The key claim codes are made with (the same on every instance: it derives from the shared secret). */
export const claimKey = async (db: Db | Tx): Promise<Buffer> =>
  deriveKey(await loadCipherSecret(db as Db, loadConfig().secret), 'real-card-claim');

export const claimCodeOf = (key: Buffer, number: string): string =>
  createHmac('sha256', key).update(number).digest('base64url').slice(0, CODE_CHARS);

/** What a card's QR code encodes: the claim page with the number and its code. */
export const claimUrlOf = (base: string, number: string, code: string): string =>
  `${base}${base.includes('?') ? '&' : '?'}no=${number}&code=${code}`;

export const claimUrlBase = (db: Db): Promise<string> => readTextSetting(db, 'realCardClaimUrl');

const sameCode = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

// ---------------------------------------------------------------------------------------------
// Generating.

/**
 * Inserts cards 1…quantity of the activity in one statement: the numbers travel as one array
 * parameter (a VALUES list of 20,000 rows would pass the protocol's 65,535 parameters).
 */
export const generateCards = async (tx: Tx, activityId: number, cardId: number, quantity: number): Promise<void> => {
  const numbers = Array.from({ length: quantity }, (_, i) => realCardNumber(activityId, i + 1));
  await tx.execute(sql`
    insert into marketing_real_card (activity_id, card_id, seq, number)
    select ${activityId}, ${cardId}, n.seq::int, n.number
    from unnest(${`{${numbers.join(',')}}`}::text[]) with ordinality as n(number, seq)`);
};

export const countCards = async (db: Db | Tx, activityId: number): Promise<Record<RealCardStatus, number>> => {
  const rows = await db
    .select({ status: marketingRealCard.status, n: count() })
    .from(marketingRealCard)
    .where(eq(marketingRealCard.activityId, activityId))
    .groupBy(marketingRealCard.status);
  const out: Record<RealCardStatus, number> = { unclaimed: 0, claimed: 0, voided: 0 };
  for (const r of rows) out[r.status as RealCardStatus] = Number(r.n);
  return out;
};

// ---------------------------------------------------------------------------------------------
// Claiming (the mini-program's call, when it is built).

export interface ClaimInput {
  number: string;
  /** The claim code from the QR code. */
  secret: string;
  /** The claiming member: their phone goes on the card, their home store sells the member card. */
  memberId: number;
}

export interface Claimed {
  realCardId: number;
  number: string;
  activityId: number;
  cardId: number;
  cardName: string;
  cardKind: string;
  claimedAt: string;
  /** The member card the claim opened. */
  memberCardId: number;
  memberCardNo: string;
}

const REF_TYPE = 'marketing_real_card';

/** How the card ledger names a card opened by a claim: 实体卡 and its number (registered by marketingRoutes). */
export const realCardLedgerName = {
  refType: REF_TYPE,
  name: (refId: SQL) => sql<string>`select '实体卡 ' || r.number from ${marketingRealCard} r where r.id = ${refId}`,
};

/**
 * Claims a card for a member and opens its member card, in the caller's transaction (a refusal
 * throws and the caller's rollback keeps nothing). The number and code must match
 * (REALCARD-40001, the same answer for an unknown number); the activity must be approved and today
 * (Beijing) within its period (REALCARD-40002); the member must exist (RECORD_NOT_FOUND); the card
 * unclaimed (REALCARD-40901 claimed, REALCARD-40902 voided). Then the ledger's openCard opens the
 * card product for the member — paid 0 (the campaign pays), sold at the member's home store, its
 * ledger rows naming the real card — and refuses as it refuses any sale: a frozen member, a card
 * off sale, a home store outside the card's 适用门店 (MEMBER-409xx/40001). The activity row is
 * share-locked, so 停用 waits for claims under way; the card row is locked (FOR UPDATE) before the
 * member card is opened, so of two claims of one card exactly one opens a member card; the other
 * waits and answers REALCARD-40901. The ledger's (ref_type, ref_id, seq) key holds the same line.
 */
export const claimRealCard = async (tx: Tx, input: ClaimInput, now = new Date()): Promise<Claimed> => {
  const invalid = new BizError(ERR.REAL_CARD_INVALID, '卡号或领取码错误，请核对卡片');
  if (!isRealCardNumber(input.number) || typeof input.secret !== 'string') throw invalid;
  const key = await claimKey(tx);
  const [row] = await tx
    .select({ id: marketingRealCard.id, activityId: marketingRealCard.activityId })
    .from(marketingRealCard)
    .where(eq(marketingRealCard.number, input.number));
  // An unknown number costs the same HMAC as a known one: the answer and its time say nothing.
  const expected = claimCodeOf(key, input.number);
  if (!sameCode(input.secret, expected) || !row) throw invalid;

  const [act] = await tx
    .select({
      status: marketingActivity.status,
      startDate: marketingActivity.startDate,
      endDate: marketingActivity.endDate,
    })
    .from(marketingActivity)
    .where(eq(marketingActivity.id, row.activityId))
    .for('share');
  if (act?.status !== 'approved') {
    throw new BizError(ERR.REAL_CARD_NOT_OPEN, `该活动${act ? activityStatusLabel(act.status) : '不存在'}，不能领取`);
  }
  const today = formatDate(now);
  if (today < act.startDate || today > act.endDate) {
    throw new BizError(ERR.REAL_CARD_NOT_OPEN, `不在领取时间内（${act.startDate} 至 ${act.endDate}）`);
  }
  const [m] = Number.isInteger(input.memberId)
    ? await tx
        .select({ id: member.id, phone: member.phone, storeId: member.storeId })
        .from(member)
        .where(eq(member.id, input.memberId))
    : [];
  if (!m) throw new BizError(ERR.RECORD_NOT_FOUND, '会员不存在或已被删除');

  // The card row is locked before anything else is written: a second claim of it waits here until
  // the first commits, then reads it claimed.
  const [cur] = await tx
    .select({ status: marketingRealCard.status, cardId: marketingRealCard.cardId })
    .from(marketingRealCard)
    .where(eq(marketingRealCard.id, row.id))
    .for('update');
  if (cur?.status === 'voided') throw new BizError(ERR.REAL_CARD_VOIDED, '该卡已作废，不能领取');
  if (cur?.status !== 'unclaimed') throw new BizError(ERR.REAL_CARD_CLAIMED, '该卡已被领取');
  const opened = await openCard(tx, {
    memberId: m.id,
    cardId: cur.cardId,
    storeId: m.storeId,
    at: now,
    paid: 0,
    userId: null,
    source: { refType: REF_TYPE, refId: row.id, label: `实体卡 ${input.number}` },
  });
  await tx
    .update(marketingRealCard)
    .set({ status: 'claimed', memberPhone: m.phone, memberId: m.id, memberCardId: opened.memberCardId, claimedAt: now })
    .where(eq(marketingRealCard.id, row.id));
  const [goods] = await tx.select({ name: card.name, kind: card.kind }).from(card).where(eq(card.id, cur.cardId));
  await recordOperation(tx, {
    userId: null,
    action: 'realCard.claim',
    target: `marketing_real_card:${row.id}`,
    before: { status: 'unclaimed' },
    after: { status: 'claimed', memberPhone: m.phone, memberId: m.id, memberCardNo: opened.cardNo },
  });
  return {
    realCardId: row.id,
    number: input.number,
    activityId: row.activityId,
    cardId: cur.cardId,
    cardName: goods?.name ?? '',
    cardKind: goods?.kind ?? '',
    claimedAt: formatDateTime(now),
    memberCardId: opened.memberCardId,
    memberCardNo: opened.cardNo,
  };
};

// ---------------------------------------------------------------------------------------------
// The cards of an activity.

/**
 * An activity's cards, in sequence order. The claimer's name, code and member card come with a
 * claimed card only when the member's home store is in the caller's data scope (the phone always).
 */
export const listCards = async (
  db: Db,
  scope: DataScope,
  q: {
    activityId: number;
    status?: RealCardStatus | undefined;
    number?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
): Promise<Page<RealCardRow>> => {
  const where = and(
    eq(marketingRealCard.activityId, q.activityId),
    q.status ? eq(marketingRealCard.status, q.status) : undefined,
    q.number ? sql`${marketingRealCard.number} like ${`%${q.number.replace(/[^0-9]/g, '')}%`}` : undefined,
  );
  const [total] = await db.select({ n: count() }).from(marketingRealCard).where(where);
  const rows = await db
    .select({
      id: marketingRealCard.id,
      number: marketingRealCard.number,
      status: marketingRealCard.status,
      memberPhone: marketingRealCard.memberPhone,
      memberId: member.id,
      memberName: member.name,
      memberCode: member.code,
      memberCardNo: memberCard.cardNo,
      claimedAt: marketingRealCard.claimedAt,
      voidedAt: marketingRealCard.voidedAt,
    })
    .from(marketingRealCard)
    .leftJoin(member, and(eq(member.id, marketingRealCard.memberId), storeScopeFilter(scope, member.storeId)))
    .leftJoin(memberCard, and(eq(memberCard.id, marketingRealCard.memberCardId), sql`${member.id} is not null`))
    .where(where)
    .orderBy(asc(marketingRealCard.seq))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return {
    total: Number(total?.n ?? 0),
    list: rows.map((r) => ({
      ...r,
      status: r.status as RealCardStatus,
      claimedAt: r.claimedAt ? formatDateTime(r.claimedAt) : null,
      voidedAt: r.voidedAt ? formatDateTime(r.voidedAt) : null,
    })),
  };
};

/** The activity's cards in sequence order, a page at a time (the QR pack reads 20,000 with flat memory). */
export async function* cardsInOrder(db: Db, activityId: number, pageSize = 500) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ seq: marketingRealCard.seq, number: marketingRealCard.number, status: marketingRealCard.status })
      .from(marketingRealCard)
      .where(and(eq(marketingRealCard.activityId, activityId), gt(marketingRealCard.seq, after)))
      .orderBy(asc(marketingRealCard.seq))
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.seq;
  }
}
