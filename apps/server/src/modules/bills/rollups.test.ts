/**
 * The bill rollups (rollups.ts), kept by the facts' triggers through deltas: after the demo seed,
 * and after bills sent through the bill service (today, backdated to an earlier month, six at
 * once at one store), a bill closed (关单) and a refund executed, the kept rollups equal a
 * rebuild from the facts, row for row; and /billingList's 共 N 条 and 合计, now read from them,
 * equal sums over member_consume worked out here for every filter they answer.
 */
import { REFUND_API } from '@zb/contract/api/refunds';
import { BILL_FLOW, BILL_KINDS, BILL_PAY_METHODS, BILL_REFUND_STATES, openBillBody } from '@zb/contract/entities/bill';
import { BILL_API } from '@zb/contract/entities/billView';
import { openRefundBody } from '@zb/contract/entities/refund';
import { ERR } from '@zb/contract/errcodes';
import { reportApi } from '@zb/contract/report/api';
import { BILLING_LIST } from '@zb/contract/reports/bills';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posCaller } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { userAccount } from '../accounts/schema';
import { product } from '../goods/schema';
import { shanghaiDay } from '../members/rollups';
import { memberConsume } from '../members/schema';
import { createMember } from '../members/service';
import type { OpenCaller } from '../openApi/types';
import { refund } from '../refunds/schema';
import { applyOpenRefund, executeRefund } from '../refunds/service';
import { store } from '../stores/schema';
import { BILL_ROLLUP_TABLES, checkBillRollups, foldBillRollups, rebuildBillRollups } from './rollups';
import { postBill } from './service';

let t: TestApp;
let admin: TestClient;
let caller: OpenCaller;
const ids = { sh: 0, admin: 0 };
let p001 = 0;
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
const q = async <T = Record<string, unknown>>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));

const expectInSync = async () => {
  const check = await checkBillRollups(t.db);
  expect(check.tables).toEqual(BILL_ROLLUP_TABLES.map((table) => ({ table, keptOnly: 0, rebuiltOnly: 0 })));
  expect(check.ok).toBe(true);
};

let seq = 0;
const phone = '13900072001';
/** A bill of `n` × P001 paid by `method` at SH001 at `at`; answers its id and number. */
const send = async (at: Date, n = 1, method = 'cash') => {
  const outerNo = `BR-${++seq}`;
  const answer = await postBill(
    t.db,
    caller,
    openBillBody.parse({
      outerNo,
      storeCode: 'SH001',
      member: phone,
      at: at.toISOString(),
      lines: [{ kind: 'product', code: 'P001', quantity: n }],
      payments: [{ method, amount: n * p001, ...(method === 'cash' ? {} : { tradeNo: `T-${outerNo}` }) }],
    }),
  );
  const [b] = await t.db.select({ id: memberConsume.id }).from(memberConsume).where(eq(memberConsume.outerNo, outerNo));
  return { id: b!.id, billNo: answer.billNo };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  ids.sh = (await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'SH001')))[0]!.id;
  ids.admin = (
    await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin'))
  )[0]!.id;
  p001 = (await t.db.select({ p: product.retailPrice }).from(product).where(eq(product.code, 'P001')))[0]!.p;
  caller = await posCaller(t.db, ids.sh, 'br');
  await t.db.transaction((tx) =>
    createMember(tx, {
      name: '汇总会员',
      phone,
      storeId: ids.sh,
      userId: null,
      joinedAt: new Date(Date.now() - 400 * 86_400_000),
    }),
  );
});
afterAll(() => t?.close());

describe('bill rollups', () => {
  it('equal a rebuild from the facts after the demo seed', async () => {
    await expectInSync();
    for (const table of BILL_ROLLUP_TABLES) {
      expect(Number((await q<{ n: string }>(sql.raw(`select count(*) as n from ${table}`)))[0]!.n)).toBeGreaterThan(0);
    }
  });

  it('follow bills sent, backdated, concurrent, closed and refunded, through deltas the fold adds in', async () => {
    await foldBillRollups(t.db);
    const now = new Date();
    const today = await send(now, 2, 'wechat');
    // Backdated: a day of an earlier month.
    await send(new Date(now.getTime() - 45 * 86_400_000), 3);
    // Six at once, one store and day: each appends its own deltas, none waits on a rollup row.
    await Promise.all([1, 2, 3, 4, 5, 6].map((n) => send(now, n, n % 2 ? 'cash' : 'alipay')));
    const pending = await q<{ n: string }>(sql`select count(*) as n from bill_rollup_delta`);
    expect(Number(pending[0]!.n)).toBeGreaterThan(0);
    await expectInSync();
    // 关单: the bill leaves the completed rows (its lines and payments with it).
    const closed = await send(now, 4, 'bankCard');
    const res = await admin.call(BILL_API.close, { body: { id: closed.id, reason: '录入错误' } });
    expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    await expectInSync();
    // A refund of part of today's bill, executed: its refund state and 已退款 move.
    const r = await applyOpenRefund(
      t.db,
      caller,
      openRefundBody.parse({
        outerNo: 'BR-R1',
        billNo: today.billNo,
        reason: '顾客退货',
        lines: [{ line: 1, amount: p001 }],
        payments: [{ seq: 1, amount: p001 }],
      }),
    );
    const refundId = (await t.db.select({ id: refund.id }).from(refund).where(eq(refund.refundNo, r.refundNo)))[0]!.id;
    const ok = await admin.call(REFUND_API.step, { body: { id: refundId, step: 'approve' } });
    expect(ok.body.errcode, ok.body.errmsg).toBe(ERR.OK);
    await t.db.transaction((tx) => executeRefund(tx, refundId, ids.admin));
    const [state] = await q<{ refunded: number }>(sql`select refunded from member_consume where id = ${today.id}`);
    expect(Number(state!.refunded)).toBe(p001);
    await expectInSync();
    // The fold empties the deltas; a rebuild gives what the kept rollups hold.
    expect(await foldBillRollups(t.db)).toBeGreaterThanOrEqual(0);
    expect(Number((await q<{ n: string }>(sql`select count(*) as n from bill_rollup_delta`))[0]!.n)).toBe(0);
    const counts = await rebuildBillRollups(t.db);
    expect(counts.bill_day).toBeGreaterThan(0);
    await expectInSync();
  });
});

describe('/billingList 共 N 条 and 合计 from the rollups', () => {
  const to = shanghaiDay(new Date());
  const from = shanghaiDay(new Date(Date.now() - 60 * 86_400_000));
  /** count, total, paidByCard, paidOther and refunded of the period's bills, straight from member_consume. */
  const facts = async (where: ReturnType<typeof sql>) => {
    const [r] = await q<
      Record<string, string | number>
    >(sql`select count(*) as count, coalesce(sum(c.total), 0) as total,
        coalesce(sum(c.paid_by_card), 0) as "paidByCard", coalesce(sum(c.paid_other), 0) as "paidOther",
        coalesce(sum(c.refunded), 0) as refunded
      from member_consume c
      where (c.consumed_at at time zone 'Asia/Shanghai')::date between ${from}::date and ${to}::date and ${where}`);
    return Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, Number(v)]));
  };
  const page = async (query: Record<string, string | number>) => {
    const res = await admin.call(reportApi(BILLING_LIST).list, {
      query: { periodFrom: from, periodTo: to, pageSize: 10, ...query } as never,
    });
    expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    const data = res.body.data as unknown as { total: number; totals: Record<string, number> };
    return { count: data.total, ...data.totals };
  };

  it('equal the sums over the period’s bills, unfiltered and by each filter the rollups answer', async () => {
    const all = await page({});
    expect(all.count).toBeGreaterThan(10);
    expect(all).toEqual(await facts(sql`true`));
    expect(await page({ storeId: ids.sh })).toEqual(await facts(sql`c.store_id = ${ids.sh}`));
    for (const k of BILL_KINDS) expect(await page({ kind: k.value })).toEqual(await facts(sql`c.kind = ${k.value}`));
    for (const s of BILL_FLOW.states) {
      expect(await page({ status: s.value })).toEqual(await facts(sql`c.status = ${s.value}`));
    }
    const refundState = sql`case when c.refunded <= 0 then 'none' when c.refunded >= c.total then 'full' else 'partial' end`;
    for (const s of BILL_REFUND_STATES) {
      expect(await page({ refundState: s.value })).toEqual(await facts(sql`${refundState} = ${s.value}`));
    }
    const partial = await page({ refundState: 'partial', storeId: ids.sh });
    expect(partial.count).toBeGreaterThan(0);
    for (const m of BILL_PAY_METHODS) {
      expect(await page({ payMethod: m.value })).toEqual(
        await facts(sql`exists (select 1 from bill_payment p where p.consume_id = c.id and p.method = ${m.value})`),
      );
    }
    const cash = await page({ payMethod: 'cash', status: 'completed', storeId: ids.sh });
    expect(cash.count).toBeGreaterThan(0);
    expect(cash).toEqual(
      await facts(sql`c.status = 'completed' and c.store_id = ${ids.sh}
        and exists (select 1 from bill_payment p where p.consume_id = c.id and p.method = 'cash')`),
    );
  });

  it('a member filter is counted over the facts, as before', async () => {
    const member = await page({ member: phone });
    expect(member.count).toBeGreaterThan(0);
    expect(member).toEqual(await facts(sql`c.member_id = (select id from member where phone = ${phone})`));
  });
});
