/**
 * 跨店结算: the rules (/crossSettlementConfig), generating a month (idempotent, never touching
 * confirmed statements), netting to zero, each statement equal to its draws, the flow's steps,
 * bank receipts matched to statements, the report /CrossstoreConsumption, and who sees what.
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { SETTLEMENT_API, type StatementDto } from '@zb/contract/api/settlement';
import { BANK_RECEIPT, SETTLEMENT_RULE } from '@zb/contract/entities/settlement';
import { ERR } from '@zb/contract/errcodes';
import { CROSSSTORE_CONSUMPTION } from '@zb/contract/reports/settlement';
import { resourceApi } from '@zb/contract/resource/api';
import { routeByPath } from '@zb/contract/routes';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../seed/generate';
import { createRole, createUser, grantRole, userRoleIdOf } from '../../testing/fixtures';
import { reportAll } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, type TestClient } from '../../testing/testClient';
import { JOBS } from '../schedule/jobs';
import { region, store } from '../stores/schema';
import { bankReceipt, settlementStatement } from './schema';
import { lineAmount, monthRange, pickRule, previousMonth } from './service';

const rules = resourceApi(SETTLEMENT_RULE);
const receipts = resourceApi(BANK_RECEIPT);
let t: TestApp;
let admin: TestClient;
let eastManager: TestClient;
let eastStores: Set<number>;
const lastMonth = previousMonth(new Date());
const settledMonth = previousMonth(new Date(Date.now() - 31 * 86_400_000));

const ok = async <R>(res: Promise<{ body: { errcode: string; errmsg: string; data: R } }>): Promise<R> => {
  const { body } = await res;
  expect(body.errcode, body.errmsg).toBe(ERR.OK);
  return body.data;
};

const statementsOf = async (client: TestClient, month: string): Promise<StatementDto[]> =>
  (await ok(client.call(SETTLEMENT_API.list, { query: { month, pageNo: 1, pageSize: 100 } }))).list;

/** The draws of a month recomputed from the bills, per pair: served, deducted. */
const drawsByPair = async (month: string) => {
  const { from, to } = monthRange(month);
  const rows = rowsOf<{ issuing: number; serving: number; served: string; deducted: string; n: string }>(
    await t.db.execute(sql`
      select mc.store_id as issuing, c.store_id as serving, sum(l.card_amount) as served,
        sum(case when c.status = 'closed' then l.card_amount else least(l.refunded, l.card_amount) end) as deducted,
        count(*) as n
      from member_consume c join member_consume_line l on l.consume_id = c.id
      join member_card mc on mc.id = l.member_card_id
      where c.consumed_at >= ${from.toISOString()} and c.consumed_at < ${to.toISOString()}
        and l.item_kind in ('project', 'product') and l.card_amount > 0 and mc.store_id <> c.store_id
      group by 1, 2`),
  );
  return new Map(
    rows.map((r) => [
      `${r.issuing}-${r.serving}`,
      { served: Number(r.served), deducted: Number(r.deducted), n: Number(r.n) },
    ]),
  );
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  eastManager = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  const east = await t.db
    .select({ id: store.id })
    .from(store)
    .innerJoin(region, eq(region.id, store.regionId))
    .where(eq(region.name, '华东大区'));
  eastStores = new Set(east.map((s) => s.id));
});
afterAll(() => t.close());

describe('settlement rules', () => {
  it('picks the most specific rule in effect, then the latest month', () => {
    const base = { id: 1, remark: null, updatedAt: new Date() };
    const all = [
      {
        ...base,
        id: 1,
        issuingStoreId: null,
        servingStoreId: null,
        cardKind: null,
        rate: 8000,
        effectiveMonth: '2020-01',
      },
      {
        ...base,
        id: 2,
        issuingStoreId: null,
        servingStoreId: null,
        cardKind: null,
        rate: 7000,
        effectiveMonth: '2024-01',
      },
      {
        ...base,
        id: 3,
        issuingStoreId: 5,
        servingStoreId: null,
        cardKind: null,
        rate: 6000,
        effectiveMonth: '2020-01',
      },
      { ...base, id: 4, issuingStoreId: 5, servingStoreId: 6, cardKind: null, rate: 9000, effectiveMonth: '2020-01' },
      {
        ...base,
        id: 5,
        issuingStoreId: null,
        servingStoreId: null,
        cardKind: 'stored',
        rate: 8500,
        effectiveMonth: '2020-01',
      },
    ];
    expect(pickRule(all, { issuing: 1, serving: 2, cardKind: 'combo' })?.id).toBe(2);
    expect(pickRule(all, { issuing: 1, serving: 2, cardKind: 'stored' })?.id).toBe(5);
    expect(pickRule(all, { issuing: 5, serving: 2, cardKind: 'stored' })?.id).toBe(3);
    expect(pickRule(all, { issuing: 5, serving: 6, cardKind: 'combo' })?.id).toBe(4);
    expect(pickRule([], { issuing: 5, serving: 6, cardKind: 'combo' })).toBeNull();
    expect(lineAmount(1001, 0, 8000)).toBe(801);
    expect(lineAmount(1000, 1000, 8000)).toBe(0);
  });

  it('lists the demo rules, adds a rule, and refuses bad months, rates, duplicates and one store twice', async () => {
    const list = await ok(admin.call(rules.list, { query: { pageSize: 50 } }));
    expect(list.list.map((r) => r.scopeText)).toContain('默认规则');
    const [a, b] = await t.db.select({ id: store.id }).from(store).orderBy(store.id).limit(2);
    const add = await admin.call(rules.create!, {
      body: { issuingStoreId: a!.id, servingStoreId: b!.id, rate: 7500, effectiveMonth: '2099-01', remark: '测试' },
    });
    expect(add.body.errcode, add.body.errmsg).toBe(ERR.OK);
    const twice = await admin.call(rules.create!, {
      body: { issuingStoreId: a!.id, servingStoreId: b!.id, rate: 7000, effectiveMonth: '2099-01' },
    });
    expect(twice.body.errcode).toBe(ERR.RECORD_DUPLICATE);
    expect(fieldsOf(twice.body).effectiveMonth).toBeTruthy();
    const month = await admin.call(rules.create!, { body: { rate: 7000, effectiveMonth: '2099-13' } });
    expect(fieldsOf(month.body).effectiveMonth).toBe('月份格式须为 YYYY-MM，如 2026-01');
    const rate = await admin.call(rules.create!, { body: { rate: 12000, effectiveMonth: '2099-02' } });
    expect(fieldsOf(rate.body).rate).toBeTruthy();
    const same = await admin.call(rules.create!, {
      body: { issuingStoreId: a!.id, servingStoreId: a!.id, rate: 7000, effectiveMonth: '2099-03' },
    });
    expect(fieldsOf(same.body).servingStoreId).toBe('开卡门店与消费门店不能是同一门店');
    const ghost = await admin.call(rules.create!, {
      body: { issuingStoreId: 999_999, rate: 7000, effectiveMonth: '2099-03' },
    });
    expect(fieldsOf(ghost.body).issuingStoreId).toBeTruthy();
    // 大区经理 holds no /crossSettlementConfig
    expect((await eastManager.call(rules.list, { query: {} })).body.errcode).toBe(ERR.FORBIDDEN);
  });
});

describe('monthly statements', () => {
  it('the demo has a settled month (receipts matched in full) and last month waiting', async () => {
    const settled = await statementsOf(admin, settledMonth);
    expect(settled.length).toBeGreaterThan(0);
    expect(settled.every((s) => s.status === 'settled' && s.matched === s.amount)).toBe(true);
    const pending = await statementsOf(admin, lastMonth);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((s) => s.status === 'pending')).toBe(true);
    const matched = await t.db.select().from(bankReceipt);
    expect(matched.some((r) => r.matchedAmount === r.amount && r.amount > 0)).toBe(true);
  });

  it('each statement equals its draws, and a month nets to zero across stores', async () => {
    for (const month of [settledMonth, lastMonth]) {
      const statements = await statementsOf(admin, month);
      const draws = await drawsByPair(month);
      expect(statements).toHaveLength(draws.size);
      for (const s of statements) {
        const d = draws.get(`${s.issuingStoreId}-${s.servingStoreId}`)!;
        expect(s).toMatchObject({ served: d.served, deducted: d.deducted, lineCount: d.n });
        const detail = await ok(admin.call(SETTLEMENT_API.detail, { params: { id: s.id } }));
        expect(detail.lines).toHaveLength(s.lineCount);
        expect(detail.lines.reduce((n, l) => n + l.amount, 0)).toBe(s.amount);
        for (const l of detail.lines) expect(l.amount).toBe(lineAmount(l.served, l.deducted, l.rate));
      }
      const net = await ok(admin.call(SETTLEMENT_API.net, { query: { month } }));
      expect(net.total).toBe(0);
      expect(net.stores.reduce((n, s) => n + s.net, 0)).toBe(0);
      const sum = statements.reduce((n, s) => n + s.amount, 0);
      expect(net.stores.reduce((n, s) => n + s.receivable, 0)).toBe(sum);
      expect(net.stores.reduce((n, s) => n + s.payable, 0)).toBe(sum);
    }
  });

  it('regenerating is idempotent, keeps confirmed statements and follows a new rule', async () => {
    const before = await statementsOf(admin, lastMonth);
    const again = await ok(admin.call(SETTLEMENT_API.generate, { body: { month: lastMonth } }));
    expect(again).toMatchObject({ written: before.length, kept: 0, removed: 0 });
    const after = await statementsOf(admin, lastMonth);
    expect(after.map((s) => [s.id, s.amount])).toEqual(before.map((s) => [s.id, s.amount]));

    // Confirm one; then a rule of 50% for every pair of the month changes the others only.
    const [first, second] = after;
    await ok(admin.call(SETTLEMENT_API.step, { params: { id: first!.id }, body: { step: 'confirm' } }));
    const rule = await ok(admin.call(rules.create!, { body: { rate: 5000, effectiveMonth: lastMonth } }));
    await ok(admin.call(SETTLEMENT_API.generate, { body: { month: lastMonth } }));
    const now = new Map((await statementsOf(admin, lastMonth)).map((s) => [s.id, s]));
    expect(now.get(first!.id)).toMatchObject({ status: 'confirmed', amount: first!.amount });
    if (second) {
      const d = await ok(admin.call(SETTLEMENT_API.detail, { params: { id: second.id } }));
      // the stored-card (85%) and pair (90%) overrides are more specific than a newer default
      for (const l of d.lines) expect([5000, 8500, 9000]).toContain(l.rate);
      expect(d.statement.amount).toBe(d.lines.reduce((n, l) => n + l.amount, 0));
    }
    // back to the demo rules
    await t.db.execute(sql`update settlement_line set rule_id = null where rule_id = ${(rule as { id: number }).id}`);
    await t.db.execute(sql`delete from settlement_rule where id = ${(rule as { id: number }).id}`);
    await ok(admin.call(SETTLEMENT_API.generate, { body: { month: lastMonth } }));
  });

  it('refuses a bad month and a month with draws but no rule', async () => {
    const bad = await admin.call(SETTLEMENT_API.generate, { body: { month: '2026-13' } });
    expect(bad.body.errcode).toBe(ERR.PARAM_INVALID);
    await t.db.execute(sql`create table settle_kept_rules as select * from settlement_rule`);
    await t.db.execute(sql`update settlement_line set rule_id = null`);
    await t.db.execute(sql`delete from settlement_rule`);
    const none = await admin.call(SETTLEMENT_API.generate, { body: { month: lastMonth } });
    expect(none.body.errcode).toBe(ERR.SETTLEMENT_NO_RULE);
    await t.db.execute(sql`insert into settlement_rule overriding system value select * from settle_kept_rules`);
    await t.db.execute(sql`drop table settle_kept_rules`);
  });
});

describe('the statement flow and bank receipts', () => {
  it('confirm, reject (with a reason) and regenerate (重算), settle only when paid, never twice', async () => {
    const pending = (await statementsOf(admin, lastMonth)).filter((s) => s.status === 'pending');
    expect(pending.length).toBeGreaterThan(1);
    const [a, b] = pending;
    const noReason = await admin.call(SETTLEMENT_API.step, { params: { id: b!.id }, body: { step: 'reject' } });
    expect(noReason.body.errcode).toBe(ERR.PARAM_INVALID);
    await ok(admin.call(SETTLEMENT_API.step, { params: { id: b!.id }, body: { step: 'reject', reason: '金额有误' } }));
    await ok(admin.call(SETTLEMENT_API.generate, { body: { month: lastMonth } }));
    const redone = await ok(admin.call(SETTLEMENT_API.detail, { params: { id: b!.id } }));
    expect(redone.statement.status).toBe('pending');
    expect(redone.history.map((h) => h.label)).toEqual(['创建', '驳回', '重算']);

    const early = await admin.call(SETTLEMENT_API.step, { params: { id: a!.id }, body: { step: 'settle' } });
    expect(early.body.errcode).toBe(ERR.STATE_CHANGED);
    await ok(admin.call(SETTLEMENT_API.step, { params: { id: a!.id }, body: { step: 'confirm' } }));
    const twice = await admin.call(SETTLEMENT_API.step, { params: { id: a!.id }, body: { step: 'confirm' } });
    expect(twice.body.errcode).toBe(ERR.STATE_CHANGED);
    if (a!.amount > 0) {
      const unpaid = await admin.call(SETTLEMENT_API.step, { params: { id: a!.id }, body: { step: 'settle' } });
      expect(unpaid.body.errcode).toBe(ERR.SETTLEMENT_NOT_PAID);
    }

    // A receipt of the paying store: a duplicate serial, a match past what is left, another payer's statement.
    const body = {
      receivedOn: '2026-01-05',
      bankSerial: 'TEST-SERIAL-1',
      amount: a!.amount + 100,
      payerStoreId: a!.issuingStoreId,
      account: '测试账户',
    };
    const created = await admin.call(receipts.create!, { body });
    expect(created.body.errcode, created.body.errmsg).toBe(ERR.OK);
    const receiptId = (created.body.data as { id: number }).id;
    const dup = await admin.call(receipts.create!, { body });
    expect(dup.body.errcode).toBe(ERR.RECORD_DUPLICATE);
    expect(fieldsOf(dup.body).bankSerial).toBeTruthy();
    const view = await ok(admin.call(SETTLEMENT_API.receiptMatches, { params: { id: receiptId } }));
    expect(view.candidates.map((c) => c.id)).toContain(a!.id);
    if (a!.amount > 0) {
      const over = await admin.call(SETTLEMENT_API.match, {
        params: { id: receiptId },
        body: { statementId: a!.id, amount: a!.amount + 1 },
      });
      expect(over.body.errcode).toBe(ERR.RECEIPT_OVER_MATCH);
      const half = Math.floor(a!.amount / 2) || a!.amount;
      await ok(
        admin.call(SETTLEMENT_API.match, { params: { id: receiptId }, body: { statementId: a!.id, amount: half } }),
      );
      if (half < a!.amount) {
        const notYet = await admin.call(SETTLEMENT_API.step, { params: { id: a!.id }, body: { step: 'settle' } });
        expect(notYet.body.errcode).toBe(ERR.SETTLEMENT_NOT_PAID);
        await ok(
          admin.call(SETTLEMENT_API.match, {
            params: { id: receiptId },
            body: { statementId: a!.id, amount: a!.amount - half },
          }),
        );
      }
      const [r] = await t.db.select().from(bankReceipt).where(eq(bankReceipt.id, receiptId));
      expect(r!.matchedAmount).toBe(a!.amount);
      // the receipt can not go below what is matched
      const shrink = await admin.call(receipts.update!, { body: { id: receiptId, amount: 1 } });
      expect(fieldsOf(shrink.body).amount).toBeTruthy();
    }
    const other = (await statementsOf(admin, settledMonth)).find((s) => s.issuingStoreId !== a!.issuingStoreId);
    if (other) {
      const wrong = await admin.call(SETTLEMENT_API.match, {
        params: { id: receiptId },
        body: { statementId: other.id, amount: 1 },
      });
      expect(wrong.body.errcode).toBe(ERR.SETTLEMENT_INVALID);
    }
    const done = await ok(admin.call(SETTLEMENT_API.step, { params: { id: a!.id }, body: { step: 'settle' } }));
    expect(done.status).toBe('settled');
    const detail = await ok(admin.call(SETTLEMENT_API.detail, { params: { id: a!.id } }));
    expect(detail.history.map((h) => h.label)).toEqual(['创建', '确认', '标记已结算']);
    // a settled statement keeps its matches and is never regenerated
    await ok(admin.call(SETTLEMENT_API.generate, { body: { month: lastMonth } }));
    const [still] = await t.db.select().from(settlementStatement).where(eq(settlementStatement.id, a!.id));
    expect(still).toMatchObject({ status: 'settled', amount: a!.amount });
  });

  it('the job of the 1st generates last month', async () => {
    const job = JOBS.find((j) => j.name === 'generateCrossSettlement')!;
    const text = await job.run({ db: t.db, now: new Date() } as never);
    expect(text).toContain(lastMonth);
  });
});

describe('who sees what', () => {
  it('a region user sees the statements touching their stores, and their stores’ net only', async () => {
    const all = await statementsOf(admin, lastMonth);
    const mine = await statementsOf(eastManager, lastMonth);
    const expected = all.filter((s) => eastStores.has(s.issuingStoreId) || eastStores.has(s.servingStoreId));
    expect(mine.map((s) => s.id).sort()).toEqual(expected.map((s) => s.id).sort());
    const outside = all.find((s) => !eastStores.has(s.issuingStoreId) && !eastStores.has(s.servingStoreId));
    if (outside) {
      const res = await eastManager.call(SETTLEMENT_API.detail, { params: { id: outside.id } });
      expect(res.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
      const step = await eastManager.call(SETTLEMENT_API.step, {
        params: { id: outside.id },
        body: { step: 'confirm' },
      });
      expect(step.body.errcode).toBe(ERR.RECORD_NOT_FOUND);
    }
    const net = await ok(eastManager.call(SETTLEMENT_API.net, { query: { month: lastMonth } }));
    expect(net.stores.every((s) => eastStores.has(s.storeId))).toBe(true);
  });

  it('a user without the page is refused; one without the 审核 button can not confirm', async () => {
    const page = routeByPath('/crossSettlement')!;
    const userId = await createUser(t.db, { loginName: 'settleview', password: 'view123456' });
    const { contentRoleId } = await createRole(t.db, {
      code: 'SETTLE_VIEW',
      name: '结算查看',
      contentName: '总部',
      codes: [page.group, ...page.codes, buttonCodeOf('/crossSettlement', 'export')],
    });
    const viewer = await t.signIn('settleview', 'view123456', await grantRole(t.db, userId, contentRoleId));
    const [s] = (await statementsOf(viewer, lastMonth)).filter((x) => x.status === 'pending');
    if (s) {
      const res = await viewer.call(SETTLEMENT_API.step, { params: { id: s.id }, body: { step: 'confirm' } });
      expect(res.body.errcode).toBe(ERR.FORBIDDEN);
    }
    expect((await viewer.call(SETTLEMENT_API.generate, { body: { month: lastMonth } })).body.errcode).toBe(
      ERR.FORBIDDEN,
    );
    const bills = routeByPath('/billingList')!;
    const otherId = await createUser(t.db, { loginName: 'settlenone', password: 'none123456' });
    const other = await createRole(t.db, {
      code: 'SETTLE_NONE',
      name: '仅开单记录',
      contentName: '总部',
      codes: [bills.group, ...bills.codes],
    });
    const stranger = await t.signIn('settlenone', 'none123456', await grantRole(t.db, otherId, other.contentRoleId));
    const res = await stranger.call(SETTLEMENT_API.list, { query: {} });
    expect(res.body.errcode).toBe(ERR.FORBIDDEN);
  });
});

describe('/CrossstoreConsumption', () => {
  it('lists the month’s cross-store draws behind the statements, by issuing and serving store', async () => {
    const { from, to } = monthRange(lastMonth);
    const day = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const period = { periodFrom: day(from), periodTo: day(new Date(to.getTime() - 1)) };
    const r = await reportAll(admin, CROSSSTORE_CONSUMPTION, period);
    const draws = await drawsByPair(lastMonth);
    expect(r.total).toBe([...draws.values()].reduce((n, d) => n + d.n, 0));
    expect(r.totals?.served).toBe([...draws.values()].reduce((n, d) => n + d.served, 0));
    const [pair] = draws.keys();
    if (pair) {
      const [issuing, serving] = pair.split('-').map(Number);
      const one = await reportAll(admin, CROSSSTORE_CONSUMPTION, {
        ...period,
        issuingStoreId: issuing,
        servingStoreId: serving,
      });
      expect(one.total).toBe(draws.get(pair)!.n);
      expect(one.list.every((row) => typeof row.billNo === 'string')).toBe(true);
    }
    const east = await reportAll(eastManager, CROSSSTORE_CONSUMPTION, period);
    const eastDraws = [...draws.entries()]
      .filter(([k]) =>
        k
          .split('-')
          .map(Number)
          .some((id) => eastStores.has(id)),
      )
      .reduce((n, [, d]) => n + d.n, 0);
    expect(east.total).toBe(eastDraws);
  });
});
