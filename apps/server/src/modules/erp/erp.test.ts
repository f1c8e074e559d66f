/**
 * /easConfig and the daily EAS vouchers: the demo's vouchers made by the job are balanced and each
 * line adds up to its bills; the watermark makes a day once; a missing mapping or company code
 * fails the day with its reason; 生成凭证 is checked and scoped; the voucher file comes through
 * the download centre. The ERP reports' figures equal the bills behind them.
 */

import { DOWNLOAD_API } from '@zb/contract/api/downloads';
import { buttonCodeOf, pageAccess } from '@zb/contract/api/pageAccess';
import { EAS_API } from '@zb/contract/entities/erp';
import { ERR } from '@zb/contract/errcodes';
import { BILLING_LIST } from '@zb/contract/reports/bills';
import {
  A0002_REPORT,
  CONSUME_DETAIL_REPORT,
  CONSUMPTION_SUMMARY_REPORT,
  DEEP_COOP_PROFIT_REPORT,
  SETTLEMENT_REPORT,
} from '@zb/contract/reports/erp';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNextExport } from '../../platform/exports/worker';
import { rowsOf } from '../../seed/generate';
import { getBytes, readSheet } from '../../testing/exports';
import { createRole, createUser, grantRole } from '../../testing/fixtures';
import { reportAll } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { userAccount } from '../accounts/schema';
import { JOBS } from '../schedule/jobs';
import { fieldErrors, okData, refused, signInHq, signInRegion } from '../storesMore/testHelpers';
import { easSubject, erpVoucher, erpVoucherLine, erpVoucherWatermark } from './schema';
import { addDays, runDailyVouchers } from './voucher';

let t: TestApp;
let zhang: TestClient;
let li: TestClient;
/** The administrator: /easConfig is a 基础管理 page no demo role holds. */
let admin: TestClient;
/** 李强 with a role of 华东大区 holding /easConfig and its 编辑. */
let liEas: TestClient;

const q = async <T>(text: ReturnType<typeof sql>): Promise<T[]> => rowsOf<T>(await t.db.execute(text));

/** The demo store left without an EAS configuration. */
const noEasStore = () => q<{ id: number }>(sql`select id from store where id not in (select store_id from eas_store)`);

beforeAll(async () => {
  t = await createTestApp();
  zhang = await signInHq(t);
  li = await signInRegion(t);
  admin = await t.signIn('admin', 'admin123');
  const [code] = (pageAccess('/easConfig') as unknown as { codes: string[] }).codes;
  const { contentRoleId } = await createRole(t.db, {
    code: 'EAS_EAST',
    name: '华东EAS',
    contentName: '华东大区',
    codes: [code!, buttonCodeOf('/easConfig', 'edit')],
  });
  const [liUser] = await t.db
    .select({ id: userAccount.id })
    .from(userAccount)
    .where(eq(userAccount.loginName, '13800000002'));
  liEas = await t.signIn('13800000002', 'region123', await grantRole(t.db, liUser!.id, contentRoleId));
}, 180_000);
afterAll(() => t.close());

describe('the daily job', () => {
  it('made the demo vouchers balanced, each line the sum of its bills, the store without a company code failed', async () => {
    const vouchers = await t.db.select().from(erpVoucher);
    const made = vouchers.filter((v) => v.status === 'made');
    expect(made.length).toBeGreaterThan(5);
    for (const v of made) expect(v.debitTotal).toBe(v.creditTotal);
    const [gz] = await noEasStore();
    const failed = vouchers.filter((v) => v.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((v) => v.storeId === gz!.id && v.error === '门店未配置 EAS 公司编码')).toBe(true);

    const sums = await q<{ voucher_id: number; debit: string; credit: string }>(sql`
      select voucher_id, sum(amount) filter (where direction = 'debit') as debit,
        sum(amount) filter (where direction = 'credit') as credit from erp_voucher_line group by 1`);
    for (const s of sums) {
      expect(Number(s.debit)).toBe(Number(s.credit));
      expect(Number(s.debit)).toBe(made.find((v) => v.id === s.voucher_id)!.debitTotal);
    }
    // Each line = Σ what its bills gave it; each bill is a completed bill of the voucher's store and day.
    const lines = await q<{ id: number; amount: string; traced: string; wrong: string }>(sql`
      select l.id, l.amount, sum(b.amount) as traced,
        count(*) filter (where b.refund_id is null and (c.store_id <> l.store_id or c.status <> 'completed'
          or (c.consumed_at at time zone 'Asia/Shanghai')::date <> l.day)) as wrong
      from erp_voucher_line l join erp_voucher_line_bill b on b.line_id = l.id join member_consume c on c.id = b.consume_id
      group by l.id, l.amount`);
    expect(lines.length).toBeGreaterThan(made.length);
    for (const l of lines) {
      expect(Number(l.traced)).toBe(Number(l.amount));
      expect(Number(l.wrong)).toBe(0);
    }
    // The project income of a voucher is its day's project lines.
    const [pl] = await q<{ line: string; facts: string }>(sql`
      select l.amount as line, (select sum(x.amount) from member_consume_line x join member_consume c on c.id = x.consume_id
        where x.item_kind = 'project' and c.store_id = l.store_id and c.status = 'completed'
          and (c.consumed_at at time zone 'Asia/Shanghai')::date = l.day) as facts
      from erp_voucher_line l where l.fee_type = 'project' order by l.id limit 1`);
    expect(Number(pl!.line)).toBe(Number(pl!.facts));
  });

  it('makes a day once: the watermark moves, a second run makes nothing, the next day only that day', async () => {
    const [mark] = await t.db.select().from(erpVoucherWatermark);
    expect(mark).toBeDefined();
    const before = await t.db.select({ id: erpVoucher.id }).from(erpVoucher);
    const sameDay = new Date(`${addDays(mark!.lastDay, 1)}T12:00:00+08:00`);
    const again = await runDailyVouchers(t.db, sameDay);
    expect(again.days).toEqual([]);
    expect((await t.db.select({ id: erpVoucher.id }).from(erpVoucher)).map((v) => v.id)).toEqual(
      before.map((v) => v.id),
    );
    // The scheduled job's entry makes the next day, and says so.
    const job = JOBS.find((j) => j.name === 'erpDailyVouchers')!;
    const log = { info() {}, warn() {}, error() {} };
    const said = await job.run({ db: t.db, log, now: new Date(sameDay.getTime() + 86_400_000) });
    expect(said).toMatch(new RegExp(`^生成 ${addDays(mark!.lastDay, 1)} 的凭证 \\d+ 张`));
    const [moved] = await t.db.select().from(erpVoucherWatermark);
    expect(moved!.lastDay).toBe(addDays(mark!.lastDay, 1));
  });
});

/** A store and day with a made voucher (and a project line). */
const madeDay = async () => {
  const [v] = await t.db
    .select()
    .from(erpVoucher)
    .where(eq(erpVoucher.status, 'made'))
    .orderBy(asc(erpVoucher.day), asc(erpVoucher.storeId))
    .limit(1);
  return v!;
};

describe('生成凭证', () => {
  it('remakes a day, and a missing subject mapping fails it with the fee type named', async () => {
    const v = await madeDay();
    const body = { storeIds: [v.storeId], dayFrom: v.day, dayTo: v.day };
    const r = okData(await admin.call(EAS_API.generate, { body }));
    expect(r).toMatchObject({ made: 1, failed: 0 });
    const [again] = await t.db.select().from(erpVoucher).where(eq(erpVoucher.voucherNo, v.voucherNo));
    expect(again).toMatchObject({ status: 'made', debitTotal: v.debitTotal, source: 'manual' });

    const [projectMap] = await t.db.select().from(easSubject).where(eq(easSubject.feeType, 'project'));
    okData(await admin.call(EAS_API.subject.delete!, { body: { ids: [projectMap!.id] } }));
    const res = await admin.call(EAS_API.generate, { body });
    expect(res.body.errmsg).toMatch(/失败 1 张/);
    const failed = okData(res);
    expect(failed.failures[0]!.error).toBe('缺少科目映射：项目收入');
    const [row] = await t.db.select().from(erpVoucher).where(eq(erpVoucher.voucherNo, v.voucherNo));
    expect(row).toMatchObject({ status: 'failed', error: '缺少科目映射：项目收入', debitTotal: 0 });
    expect(await t.db.select().from(erpVoucherLine).where(eq(erpVoucherLine.voucherId, row!.id))).toEqual([]);

    // A direction that unbalances the voucher fails it too.
    okData(
      await admin.call(EAS_API.subject.create!, {
        body: { feeType: 'project', subjectCode: '6001.01', subjectName: '主营业务收入-项目', direction: 'debit' },
      }),
    );
    const unbalanced = okData(await admin.call(EAS_API.generate, { body }));
    expect(unbalanced.failures[0]!.error).toMatch(/^借贷不平衡：借方 .* 元，贷方 .* 元/);
    const [fixed] = await t.db.select().from(easSubject).where(eq(easSubject.feeType, 'project'));
    okData(await admin.call(EAS_API.subject.update!, { body: { id: fixed!.id, direction: 'credit' } }));
    expect(okData(await admin.call(EAS_API.generate, { body }))).toMatchObject({ made: 1, failed: 0 });
  });

  it('refuses a bad range and a store outside the caller’s scope', async () => {
    const v = await madeDay();
    expect(
      fieldErrors(
        await admin.call(EAS_API.generate, { body: { storeIds: [], dayFrom: '2026-11-10', dayTo: '2026-11-01' } }),
      ).dayTo,
    ).toBe('开始日期不能晚于结束日期');
    expect(
      fieldErrors(
        await admin.call(EAS_API.generate, { body: { storeIds: [], dayFrom: '2026-01-01', dayTo: '2026-03-01' } }),
      ).dayTo,
    ).toBe('一次最多生成 31 天的凭证');
    expect(
      fieldErrors(
        await admin.call(EAS_API.generate, { body: { storeIds: [], dayFrom: '2026-02-30', dayTo: '2026-03-01' } }),
      ).dayFrom,
    ).toBe('开始日期不是有效的日期');
    const [outside] = await q<{ id: number }>(sql`select s.id from store s join region r on r.id = s.region_id
      where r.name <> '华东大区' order by s.id limit 1`);
    expect(
      fieldErrors(
        await liEas.call(EAS_API.generate, { body: { storeIds: [outside!.id], dayFrom: v.day, dayTo: v.day } }),
      ).storeIds,
    ).toBe('请选择您数据范围内的门店');
    // The region manager's list shows only their region's vouchers.
    const page = okData(await liEas.call(EAS_API.voucher.list, { query: { pageSize: 100 } }));
    const east = await q<{ id: number }>(
      sql`select s.id from store s join region r on r.id = s.region_id where r.name = '华东大区'`,
    );
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((r) => east.some((e) => e.id === r.storeId))).toBe(true);
  });

  it('is refused to a user with the page but not its 编辑 button, and the page to a user without it', async () => {
    const userId = await createUser(t.db, { loginName: 'easviewer', password: 'view1234' });
    const [code] = (pageAccess('/easConfig') as unknown as { codes: string[] }).codes;
    const { contentRoleId } = await createRole(t.db, {
      code: 'EAS_VIEW',
      name: 'EAS只读',
      contentName: '总部',
      codes: [code!],
    });
    const viewer = await t.signIn('easviewer', 'view1234', await grantRole(t.db, userId, contentRoleId));
    okData(await viewer.call(EAS_API.voucher.list, { query: {} }));
    const v = await madeDay();
    const res = await viewer.call(EAS_API.generate, { body: { storeIds: [], dayFrom: v.day, dayTo: v.day } });
    expect(res.status).toBe(403);
    refused(
      await viewer.call(EAS_API.subject.create!, {
        body: { feeType: 'cash', subjectCode: '1001', subjectName: '现金', direction: 'debit' },
      }),
      ERR.FORBIDDEN,
    );
    const { contentRoleId: none } = await createRole(t.db, {
      code: 'EAS_NONE',
      name: '无EAS',
      contentName: '总部',
      codes: [],
    });
    const nobody = await t.signIn('easviewer', 'view1234', await grantRole(t.db, userId, none));
    expect((await nobody.call(EAS_API.voucher.list, { query: {} })).status).toBe(403);
  });
});

describe('configuration', () => {
  it('keeps one mapping per fee type and checks the subject code', async () => {
    const dup = await admin.call(EAS_API.subject.create!, {
      body: { feeType: 'cash', subjectCode: '1001', subjectName: '库存现金', direction: 'debit' },
    });
    refused(dup, ERR.RECORD_DUPLICATE, /费用类型已存在/);
    const bad = await admin.call(EAS_API.subject.create!, {
      body: { feeType: 'cash', subjectCode: 'abc', subjectName: '库存现金', direction: 'debit' },
    });
    expect(fieldErrors(bad).subjectCode).toBe('科目编码为 4 位数字，可带 .01 形式的明细级次');
  });

  it('needs a share rate for a deep-cooperation store and none otherwise', async () => {
    const page = okData(await admin.call(EAS_API.store.list, { query: { pageSize: 100 } }));
    const direct = page.list.find((r) => r.ownership === 'direct')!;
    expect(
      fieldErrors(await admin.call(EAS_API.store.update!, { body: { id: direct.id, deepCoop: true, shareRate: 2000 } }))
        .deepCoop,
    ).toBe('只有加盟门店可以设为深度合作');
    const row = page.list.find((r) => !r.deepCoop && r.ownership === 'franchise')!;
    expect(
      fieldErrors(await admin.call(EAS_API.store.update!, { body: { id: row.id, deepCoop: true } })).shareRate,
    ).toBe('深度合作门店请填写大于 0 的分润比例');
    expect(
      fieldErrors(await admin.call(EAS_API.store.update!, { body: { id: row.id, shareRate: 1000 } })).shareRate,
    ).toBe('非深度合作门店的分润比例须为 0');
    const [gz] = await noEasStore();
    expect(
      fieldErrors(await admin.call(EAS_API.store.create!, { body: { storeId: gz!.id, companyCode: '公司' } }))
        .companyCode,
    ).toBe('公司编码为 2 到 20 位字母、数字、点或短横线');
  });
});

describe('the voucher file', () => {
  it('comes through the download centre with one row per line; a failed voucher has none', async () => {
    const v = await madeDay();
    const lines = await t.db.select().from(erpVoucherLine).where(eq(erpVoucherLine.voucherId, v.id));
    const queued = okData(await admin.call(EAS_API.download, { body: { id: v.id } }));
    while ((await runNextExport(t.db, 'test-worker')) !== null) {}
    const file = await getBytes(t.app, admin, DOWNLOAD_API.file.path, { id: queued.jobId });
    const rows = await readSheet(file.bytes);
    expect(rows[0]).toEqual(expect.arrayContaining(['公司编码', '凭证号', '科目编码', '借方金额（元）']));
    expect(rows).toHaveLength(lines.length + 1);
    const [failed] = await t.db.select().from(erpVoucher).where(eq(erpVoucher.status, 'failed')).limit(1);
    refused(await admin.call(EAS_API.download, { body: { id: failed!.id } }), ERR.ERP_VOUCHER_INVALID, /生成失败/);
  });
});

describe('the reports agree with the bills', () => {
  const period = async () => {
    const [r] = await q<{ a: string; b: string }>(
      sql`select min(day)::text as a, max(day)::text as b from erp_voucher`,
    );
    return { periodFrom: r!.a, periodTo: r!.b };
  };

  it('/a0002: the lines of the made vouchers; a line drills to its store day’s bills', async () => {
    const p = await period();
    const { list, totals } = await reportAll(zhang, A0002_REPORT, p);
    const [sums] = await q<{ n: number; d: string; c: string }>(sql`select count(*)::int as n,
      sum(amount) filter (where direction = 'debit') as d, sum(amount) filter (where direction = 'credit') as c
      from erp_voucher_line where day between ${p.periodFrom} and ${p.periodTo}`);
    expect(list).toHaveLength(sums!.n);
    expect(totals!.debit).toBe(Number(sums!.d));
    expect(totals!.credit).toBe(Number(sums!.c));
    expect(totals!.debit).toBe(totals!.credit);
    // The drill's bills: /billingList of the store's day, completed — the bills the line traced.
    const line = list.find((r) => r.feeType === 'project')!;
    const bills = await reportAll(zhang, BILLING_LIST, {
      storeId: line.storeId as number,
      periodFrom: line.day as string,
      periodTo: line.day as string,
      status: 'completed',
    });
    const traced = await q<{ consume_id: number }>(sql`select distinct consume_id from erp_voucher_line_bill
      where line_id = ${line.lineId as number}`);
    expect(new Set(bills.list.map((b) => b.id))).toEqual(new Set(traced.map((r) => r.consume_id)));
  });

  it('/settlement: takings of a store day = its bills on /billingList, and its voucher’s debit', async () => {
    const p = await period();
    const { list } = await reportAll(zhang, SETTLEMENT_REPORT, p);
    expect(list.length).toBeGreaterThan(0);
    const made = await t.db.select().from(erpVoucher).where(eq(erpVoucher.status, 'made'));
    let withVoucher = 0;
    for (const row of list.slice(0, 5)) {
      const bills = await reportAll(zhang, BILLING_LIST, {
        storeId: row.storeId as number,
        periodFrom: row.day as string,
        periodTo: row.day as string,
        status: 'completed',
      });
      expect(row.takings).toBe(bills.totals!.total);
      const v = made.find((m) => m.storeId === row.storeId && m.day === row.day);
      if (v) {
        expect(row.voucherDebit).toBe(v.debitTotal);
        // …and the voucher's lines on /a0002 (the drill) add up to it.
        const lines = await reportAll(zhang, A0002_REPORT, {
          storeId: row.storeId as number,
          periodFrom: row.day as string,
          periodTo: row.day as string,
        });
        expect(lines.totals!.debit).toBe(row.voucherDebit);
        withVoucher++;
        expect(row.difference).toBe(0);
      } else expect(row.difference).toBe(row.expectedDebit);
    }
    expect(withVoucher).toBeGreaterThan(0);
  });

  it('/consumptionSummaryTable and /deepCooperationProfit: each row = its /consumeDetail drill, rates applied', async () => {
    const [r] = await q<{ a: string; b: string }>(sql`select (now() at time zone 'Asia/Shanghai')::date - 60 as a,
      (now() at time zone 'Asia/Shanghai')::date as b`);
    const p = { periodFrom: String(r!.a).slice(0, 10), periodTo: String(r!.b).slice(0, 10) };
    const summary = await reportAll(zhang, CONSUMPTION_SUMMARY_REPORT, p);
    expect(summary.list.length).toBeGreaterThan(0);
    const franchise = await q<{ id: number }>(sql`select id from store where ownership = 'franchise'`);
    for (const row of summary.list.slice(0, 4)) {
      expect(franchise.some((f) => f.id === row.storeId)).toBe(true);
      const detail = await reportAll(zhang, CONSUME_DETAIL_REPORT, {
        storeId: row.storeId as number,
        periodFrom: row.dayFrom as string,
        periodTo: row.dayTo as string,
      });
      expect(row.consumption).toBe(detail.totals!.consumption);
      expect(row.royalty).toBe(Math.round(((row.consumption as number) * (row.royaltyRate as number)) / 10000));
    }
    const all = await reportAll(zhang, CONSUME_DETAIL_REPORT, p);
    const [facts] = await q<{
      s: string;
      n: string;
      a: string;
      qty: string;
    }>(sql`select sum(l.amount - l.refunded) as s,
      count(*) as n, sum(l.amount) as a, sum(l.quantity) as qty from member_consume_line l
      join member_consume c on c.id = l.consume_id where c.status = 'completed' and l.item_kind in ('project', 'product')
      and c.consumed_at >= (${p.periodFrom}::date)::timestamp at time zone 'Asia/Shanghai'
      and c.consumed_at < (${p.periodTo}::date + 1)::timestamp at time zone 'Asia/Shanghai'`);
    expect(all.totals!.consumption).toBe(Number(facts!.s));
    // 共 N 条 and the other totals (from the lines' rollup) are the lines' own count and sums.
    expect(all.total).toBe(Number(facts!.n));
    expect(all.totals).toMatchObject({ amount: Number(facts!.a), quantity: Number(facts!.qty) });

    const deep = await reportAll(zhang, DEEP_COOP_PROFIT_REPORT, p);
    expect(deep.list.length).toBeGreaterThan(0);
    const deepStores = await q<{ store_id: number }>(sql`select store_id from eas_store where deep_coop`);
    for (const row of deep.list) {
      expect(deepStores.some((d) => d.store_id === row.storeId)).toBe(true);
      expect(row.share).toBe(Math.round(((row.consumption as number) * (row.shareRate as number)) / 10000));
      expect((row.share as number) + (row.retained as number)).toBe(row.consumption);
    }
  });

  it('keeps a region manager to their stores', async () => {
    const p = await period();
    const { list } = await reportAll(li, A0002_REPORT, p);
    const east = await q<{ id: number }>(
      sql`select s.id from store s join region r on r.id = s.region_id where r.name = '华东大区'`,
    );
    expect(list.every((r) => east.some((e) => e.id === r.storeId))).toBe(true);
    const mine = await t.db
      .select({ id: erpVoucherLine.id })
      .from(erpVoucherLine)
      .where(
        and(
          sql`${erpVoucherLine.day} between ${p.periodFrom} and ${p.periodTo}`,
          sql`${erpVoucherLine.storeId} in (${sql.join(
            east.map((e) => sql`${e.id}`),
            sql`, `,
          )})`,
        ),
      );
    expect(list).toHaveLength(mine.length);
  });
});
