/**
 * The daily EAS voucher of a store (contract entities/erp.ts). A store's day gives each fee type
 * a figure from its bills — completed bills of that Beijing day: their payments by method and
 * their lines by kind; refunds executed that day: 退款, and what went back outside (退款支付) and
 * to member cards (退回会员卡) — and each figure becomes a line on the fee type's EAS subject, in
 * the subject's direction. Σ借 = Σ贷 (a bill's payments add up to its lines, a refund to what it
 * returned), and each line keeps what every bill gave it (erp_voucher_line_bill).
 *
 * A day that cannot be made — the store has no EAS company code, a fee type with an amount has
 * no subject, the directions make it unbalanced — is recorded as 生成失败 with the reason, so it
 * shows on /easConfig until it is made again by 生成凭证.
 */
import {
  ERP_FEE_TYPES,
  type ErpFeeType,
  feeTypeLabel,
  VOUCHER_JOB_BACKFILL_DAYS,
  type VoucherRunResult,
} from '@zb/contract/entities/erp';
import { formatYuan } from '@zb/contract/resource/format';
import { formatDate } from '@zb/contract/time';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import { checkStoreInScope, type DataScope, storeScopeFilter } from '../../platform/scope';
import { store } from '../stores/schema';
import { takingsOf } from './facts';
import { easStore, easSubject, erpVoucher, erpVoucherLine, erpVoucherLineBill, erpVoucherWatermark } from './schema';

/** The rows of a raw statement (PGlite and node-postgres answer them alike under `rows`). */
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

const FEE_ORDER = new Map(ERP_FEE_TYPES.map((f, i) => [f.value as string, i]));
const WATERMARK = 'dailyVoucher';

/** The next day of a 'YYYY-MM-DD'. */
export const addDays = (day: string, n: number): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const beijingStart = (day: string): SQL => sql`(${day}::date)::timestamp at time zone 'Asia/Shanghai'`;
const beijingDay = (instant: SQL): SQL => sql`(${instant} at time zone 'Asia/Shanghai')::date`;

interface Contribution {
  storeId: number;
  day: string;
  feeType: ErpFeeType;
  consumeId: number;
  refundId: number | null;
  amount: number;
}

/** Every bill's (and refund's) contribution to each fee type, for the stores' days in [from, to]. */
const contributions = async (tx: Db | Tx, stores: SQL, from: string, to: string): Promise<Contribution[]> => {
  const start = beijingStart(from);
  const end = beijingStart(addDays(to, 1));
  const rows = rowsOf<{
    store_id: number;
    day: string;
    fee_type: ErpFeeType;
    consume_id: number;
    refund_id: number | null;
    amount: string | number;
  }>(
    await tx.execute(sql`
    with b as (
      select c.id, c.store_id, ${beijingDay(sql`c.consumed_at`)}::text as day
      from member_consume c
      where c.status = 'completed' and c.consumed_at >= ${start} and c.consumed_at < ${end} and ${stores}
    ), r as (
      select x.id, x.consume_id, x.store_id, ${beijingDay(sql`x.executed_at`)}::text as day, x.to_cards, x.outside
      from refund x
      where x.status = 'executed' and x.executed_at >= ${start} and x.executed_at < ${end} and ${stores}
    )
    select f.store_id, f.day, f.method as fee_type, f.consume_id, null::int as refund_id, sum(f.amount) as amount
      from (${takingsOf('b')}) f group by 1, 2, 3, 4
    union all
    select b.store_id, b.day, l.item_kind, b.id, null::int, sum(l.amount)
      from b join member_consume_line l on l.consume_id = b.id group by 1, 2, 3, 4
    union all
    select r.store_id, r.day, 'refund', r.consume_id, r.id, r.to_cards + r.outside from r where r.to_cards + r.outside > 0
    union all
    select r.store_id, r.day, 'refundPaid', r.consume_id, r.id, r.outside from r where r.outside > 0
    union all
    select r.store_id, r.day, 'refundToCard', r.consume_id, r.id, r.to_cards from r where r.to_cards > 0`),
  );
  return rows
    .map((r) => ({
      storeId: Number(r.store_id),
      day: String(r.day),
      feeType: r.fee_type,
      consumeId: Number(r.consume_id),
      refundId: r.refund_id === null ? null : Number(r.refund_id),
      amount: Number(r.amount),
    }))
    .filter((c) => c.amount > 0);
};

interface StoreDay {
  storeId: number;
  day: string;
  byFee: Map<ErpFeeType, Contribution[]>;
}

const groupStoreDays = (rows: Contribution[]): StoreDay[] => {
  const days = new Map<string, StoreDay>();
  for (const c of rows) {
    const key = `${c.storeId}|${c.day}`;
    const d = days.get(key) ?? { storeId: c.storeId, day: c.day, byFee: new Map() };
    days.set(key, d);
    const list = d.byFee.get(c.feeType) ?? [];
    list.push(c);
    d.byFee.set(c.feeType, list);
  }
  return [...days.values()];
};

type Mapping = typeof easSubject.$inferSelect;
type StoreInfo = { id: number; code: string; name: string; companyCode: string | null };

/** Writes one store's voucher of a day (replacing any earlier one): made, or failed with its reason. */
const writeVoucher = async (
  tx: Tx,
  d: StoreDay,
  s: StoreInfo,
  mappings: Map<string, Mapping>,
  made: { source: 'job' | 'manual'; userId: number | null },
): Promise<{ ok: boolean; error: string | null }> => {
  const fees = [...d.byFee.keys()].sort((a, b) => FEE_ORDER.get(a)! - FEE_ORDER.get(b)!);
  const lines = fees.map((fee) => {
    const list = d.byFee.get(fee)!;
    return {
      fee,
      list,
      amount: list.reduce((n, c) => n + c.amount, 0),
      bills: new Set(list.map((c) => c.consumeId)).size,
    };
  });
  const errors: string[] = [];
  if (!s.companyCode) errors.push('门店未配置 EAS 公司编码');
  const missing = fees.filter((f) => !mappings.has(f));
  if (missing.length > 0) errors.push(`缺少科目映射：${missing.map(feeTypeLabel).join('、')}`);
  let debit = 0;
  let credit = 0;
  for (const l of lines) {
    const m = mappings.get(l.fee);
    if (m?.direction === 'debit') debit += l.amount;
    if (m?.direction === 'credit') credit += l.amount;
  }
  if (errors.length === 0 && debit !== credit) {
    errors.push(`借贷不平衡：借方 ${formatYuan(debit)} 元，贷方 ${formatYuan(credit)} 元，请检查科目映射的借贷方向`);
  }
  const error = errors.length > 0 ? errors.join('；') : null;
  const billCount = new Set(lines.flatMap((l) => l.list.map((c) => c.consumeId))).size;

  await tx.delete(erpVoucher).where(and(eq(erpVoucher.storeId, s.id), eq(erpVoucher.day, d.day)));
  const [v] = await tx
    .insert(erpVoucher)
    .values({
      voucherNo: `PZ${d.day.replaceAll('-', '')}${s.code}`,
      storeId: s.id,
      day: d.day,
      companyCode: s.companyCode,
      status: error ? 'failed' : 'made',
      debitTotal: error ? 0 : debit,
      creditTotal: error ? 0 : credit,
      lineCount: error ? 0 : lines.length,
      billCount,
      error,
      source: made.source,
      madeBy: made.userId,
    })
    .returning({ id: erpVoucher.id });
  if (error) return { ok: false, error };
  let seq = 0;
  for (const l of lines) {
    const m = mappings.get(l.fee)!;
    const [line] = await tx
      .insert(erpVoucherLine)
      .values({
        voucherId: v!.id,
        seq: ++seq,
        storeId: s.id,
        day: d.day,
        feeType: l.fee,
        subjectCode: m.subjectCode,
        subjectName: m.subjectName,
        direction: m.direction,
        amount: l.amount,
        billCount: l.bills,
      })
      .returning({ id: erpVoucherLine.id });
    await tx
      .insert(erpVoucherLineBill)
      .values(
        l.list.map((c) => ({ lineId: line!.id, consumeId: c.consumeId, refundId: c.refundId, amount: c.amount })),
      );
  }
  return { ok: true, error: null };
};

export interface MakeOptions {
  /** null: every store of the scope. */
  storeIds: readonly number[] | null;
  scope: DataScope;
  dayFrom: string;
  dayTo: string;
  source: 'job' | 'manual';
  userId: number | null;
  /** The job leaves a store's day that already has a voucher (made by hand) as it is. */
  keepExisting?: boolean;
}

/** Makes the vouchers of the stores' days in the range, in the caller's transaction. */
export const makeVouchers = async (tx: Tx, o: MakeOptions): Promise<VoucherRunResult> => {
  const storeCond = and(
    o.storeIds ? inArray(store.id, [...o.storeIds]) : undefined,
    storeScopeFilter(o.scope, store.id),
  );
  const storeIdsSql = sql`store_id in (select ${store.id} from ${store} where ${storeCond ?? sql`true`})`;
  const [rows, mappingRows, existing] = await Promise.all([
    contributions(tx, storeIdsSql, o.dayFrom, o.dayTo),
    tx.select().from(easSubject),
    tx
      .select({ storeId: erpVoucher.storeId, day: erpVoucher.day })
      .from(erpVoucher)
      .where(
        and(
          sql`${erpVoucher.day} between ${o.dayFrom} and ${o.dayTo}`,
          sql`${erpVoucher.storeId} in (select ${store.id} from ${store} where ${storeCond ?? sql`true`})`,
        ),
      ),
  ]);
  const mappings = new Map(mappingRows.map((m) => [m.feeType, m]));
  const storeDays = groupStoreDays(rows);
  const ids = [...new Set(storeDays.map((d) => d.storeId))];
  const stores = new Map<number, StoreInfo>();
  if (ids.length > 0) {
    const list = await tx
      .select({ id: store.id, code: store.code, name: store.name, companyCode: easStore.companyCode })
      .from(store)
      .leftJoin(easStore, eq(easStore.storeId, store.id))
      .where(inArray(store.id, ids));
    for (const s of list) stores.set(s.id, s);
  }
  const had = new Set(existing.map((e) => `${e.storeId}|${e.day}`));
  const result: VoucherRunResult = { made: 0, failed: 0, empty: 0, failures: [] };
  const seen = new Set<string>();
  storeDays.sort((a, b) => (a.day === b.day ? a.storeId - b.storeId : a.day < b.day ? -1 : 1));
  for (const d of storeDays) {
    const key = `${d.storeId}|${d.day}`;
    seen.add(key);
    if (o.keepExisting && had.has(key)) continue;
    const s = stores.get(d.storeId)!;
    const r = await writeVoucher(tx, d, s, mappings, { source: o.source, userId: o.userId });
    if (r.ok) result.made++;
    else {
      result.failed++;
      result.failures.push({ storeName: s.name, day: d.day, error: r.error! });
    }
  }
  // A day with nothing left to account (its bills closed since) loses its old voucher.
  if (!o.keepExisting) {
    for (const e of existing) {
      if (seen.has(`${e.storeId}|${e.day}`)) continue;
      await tx.delete(erpVoucher).where(and(eq(erpVoucher.storeId, e.storeId), eq(erpVoucher.day, e.day)));
      result.empty++;
    }
  }
  return result;
};

/** 生成凭证: the chosen stores (each in the caller's scope) or all of the scope, over a day range. */
export const generateVouchers = async (
  db: Db,
  auth: { user: { id: number }; scope: DataScope },
  body: { storeIds: number[]; dayFrom: string; dayTo: string },
): Promise<VoucherRunResult> =>
  db.transaction(async (tx) => {
    for (const id of body.storeIds) await checkStoreInScope(tx, auth.scope, id, 'storeIds');
    const result = await makeVouchers(tx, {
      storeIds: body.storeIds.length > 0 ? body.storeIds : null,
      scope: auth.scope,
      dayFrom: body.dayFrom,
      dayTo: body.dayTo,
      source: 'manual',
      userId: auth.user.id,
    });
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'erpVoucher.generate',
      target: 'erp_voucher',
      after: { ...body, made: result.made, failed: result.failed },
    });
    return result;
  });

/**
 * The scheduled job: each Beijing day after the watermark up to yesterday, every store's voucher
 * (a day a store already has one of, made by hand, stays), the watermark moved in the same
 * transaction as the day's vouchers, so a day is never made twice. Never run: starts
 * VOUCHER_JOB_BACKFILL_DAYS before yesterday.
 */
export const runDailyVouchers = async (
  db: Db,
  now: Date,
): Promise<{ days: string[]; made: number; failed: number; failures: VoucherRunResult['failures'] }> => {
  const yesterday = addDays(formatDate(now), -1);
  const [mark] = await db.select().from(erpVoucherWatermark).where(eq(erpVoucherWatermark.name, WATERMARK));
  let day = mark ? addDays(mark.lastDay, 1) : addDays(yesterday, -(VOUCHER_JOB_BACKFILL_DAYS - 1));
  const out = { days: [] as string[], made: 0, failed: 0, failures: [] as VoucherRunResult['failures'] };
  for (; day <= yesterday; day = addDays(day, 1)) {
    const d = day;
    const r = await db.transaction(async (tx) => {
      // The watermark row is the job's lock: a second instance waits, then finds the day done.
      const [locked] = await tx
        .insert(erpVoucherWatermark)
        .values({ name: WATERMARK, lastDay: addDays(d, -1) })
        .onConflictDoUpdate({ target: erpVoucherWatermark.name, set: { name: WATERMARK } })
        .returning({ lastDay: erpVoucherWatermark.lastDay });
      if (locked && locked.lastDay >= d) return null;
      const made = await makeVouchers(tx, {
        storeIds: null,
        scope: { level: 'hq' },
        dayFrom: d,
        dayTo: d,
        source: 'job',
        userId: null,
        keepExisting: true,
      });
      await tx
        .update(erpVoucherWatermark)
        .set({ lastDay: d, ranAt: sql`now()` })
        .where(eq(erpVoucherWatermark.name, WATERMARK));
      return made;
    });
    if (!r) continue;
    out.days.push(d);
    out.made += r.made;
    out.failed += r.failed;
    out.failures.push(...r.failures);
  }
  return out;
};

/** The job's one-line result. */
export const dailyVoucherSummary = (r: Awaited<ReturnType<typeof runDailyVouchers>>): string => {
  if (r.days.length === 0) return '凭证已生成至昨日，无新日期';
  const head = `生成 ${r.days[0]}${r.days.length > 1 ? ` 至 ${r.days.at(-1)}` : ''} 的凭证 ${r.made} 张`;
  if (r.failed === 0) return head;
  const f = r.failures[0]!;
  return `${head}，失败 ${r.failed} 张（如 ${f.storeName} ${f.day}：${f.error}）`;
};
