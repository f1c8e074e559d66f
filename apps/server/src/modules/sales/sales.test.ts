/**
 * 折扣方案: a plan's goods and stores are checked; 提交审核 goes through the approval center and only
 * an approved plan, within its dates and at its stores, prices bills — the lowest offer wins, a
 * line a member card pays keeps the card's price, a card sold is sold at the plan's price; each
 * priced line is recorded and counted in the plan's 活动效果; a plan in review or running cannot
 * be edited; 停用 stops the pricing.
 */
import { APPROVAL_API } from '@zb/contract/api/approvals';
import { openBillBody } from '@zb/contract/entities/bill';
import { SALE_API } from '@zb/contract/entities/sale';
import { ERR } from '@zb/contract/errcodes';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { posCaller } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { postBill } from '../bills/service';
import type { OpenCaller } from '../openApi/types';
import { store } from '../stores/schema';
import { fieldErrors, okData, refused } from '../storesMore/testHelpers';
import { sale } from './schema';

let t: TestApp;
let admin: TestClient;
let bj: OpenCaller;
let sh: OpenCaller;
let shCode = '';
let phone = '';
const goods: Record<string, { id: number; price: number }> = {};

const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  const [bjStore] = await t.db.select({ id: store.id }).from(store).where(eq(store.code, 'BJ001'));
  bj = await posCaller(t.db, bjStore!.id, 'sale-bj');
  const [other] = await q<{ id: number; code: string }>(
    sql`select id, code from store where code <> 'BJ001' order by id limit 1`,
  );
  shCode = other!.code;
  sh = await posCaller(t.db, other!.id, 'sale-other');
  for (const r of await q<{ code: string; id: number; price: number }>(
    sql`select code, id, retail_price as price from product where code in ('P005', 'P004')
      union all select code, id, price from project where code = 'J002'`,
  )) {
    goods[r.code] = { id: Number(r.id), price: Number(r.price) };
  }
  phone = (await q<{ phone: string }>(sql`select phone from member where status = 'normal' order by id limit 1`))[0]!
    .phone;
}, 180_000);
afterAll(() => t.close());

let seq = 0;
const bill = (
  caller: OpenCaller,
  storeCode: string,
  lines: { kind: 'product' | 'project'; code: string; quantity: number }[],
  pay: number,
  at = new Date(),
) =>
  postBill(
    t.db,
    caller,
    openBillBody.parse({
      outerNo: `SALE-${++seq}`,
      storeCode,
      member: phone,
      at: at.toISOString(),
      lines,
      payments: [{ method: 'cash', amount: pay }],
    }),
  );

const approve = async (id: number) => {
  okData(await admin.call(SALE_API.submit, { body: { id } }));
  const [p] = await t.db.select({ approvalId: sale.approvalId }).from(sale).where(eq(sale.id, id));
  okData(await admin.call(APPROVAL_API.decide, { body: { id: p!.approvalId!, decision: 'approve', comment: '同意' } }));
};

describe('折扣方案', () => {
  let id = 0;

  it('has the demo plans in every state, the running one with its sales', async () => {
    const demo = await q<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from sale group by 1 order by 1`,
    );
    expect(demo.map((d) => d.status)).toEqual(['active', 'disabled', 'draft', 'ended', 'pending', 'rejected']);
    const list = okData(await admin.call(SALE_API.list, { query: { status: 'active' } }));
    const running = list.list.find((p) => p.name === '养护好物限时特价')!;
    expect(running).toMatchObject({ bills: 3, quantity: 5 });
    expect(running.itemsText).toContain('养发茶饮 特价 68 元');
    expect(running.itemsText).toContain('8 折');
    // 2 × 68 + 46.40 + 99 + 68 元.
    expect(running.revenue).toBe(13_600 + 4_640 + 9_900 + 6_800);
  });

  it('checks a plan: goods once, a special price below the list price, a rate of 1–99, known stores, its dates', async () => {
    const base = { name: '周末特价', startDay: day(-1), endDay: day(10), storeScope: 'all' };
    const item = (over: object) => ({ kind: 'product', goodsId: goods.P005!.id, mode: 'price', value: 5_000, ...over });
    const errs = async (body: object) =>
      fieldErrors(await admin.call(SALE_API.create!, { body: { ...base, ...body } as never }));
    expect((await errs({ items: [item({ value: goods.P005!.price })] })).items).toMatch(/特价须低于原价 98\.00 元/);
    expect((await errs({ items: [item({}), item({ mode: 'rate', value: 80 })] })).items).toMatch(/只能出现一次/);
    expect((await errs({ items: [item({ mode: 'rate', value: 100 })] })).items).toMatch(/折扣须为 1 到 99/);
    expect((await errs({ items: [item({ goodsId: 99_999_999 })] })).items).toMatch(/不存在/);
    expect((await errs({ storeScope: 'chosen', storeCodes: 'NOPE1' })).storeCodes).toMatch(/门店编码不存在：NOPE1/);
    expect((await errs({ endDay: day(-3) })).endDay).toBe('结束日期不能早于开始日期');
    expect(await q(sql`select 1 from sale where name = '周末特价'`)).toHaveLength(0);

    id = okData(
      await admin.call(SALE_API.create!, {
        body: {
          ...base,
          items: [item({}), { kind: 'project', goodsId: goods.J002!.id, mode: 'rate', value: 85 }],
        } as never,
      }),
    ).id;
    const saved = okData(await admin.call(SALE_API.detail, { params: { id } }));
    expect(saved).toMatchObject({ status: 'draft', bills: 0, revenue: 0 });
    expect(saved.code).toMatch(/^ZK\d{6}$/);
    expect(saved.items).toEqual([
      { kind: 'product', goodsId: goods.P005!.id, mode: 'price', value: 5_000 },
      { kind: 'project', goodsId: goods.J002!.id, mode: 'rate', value: 85 },
    ]);
  });

  it('prices nothing until approved; then the lines paid otherwise are priced and recorded', async () => {
    const list = goods.P005!.price;
    const draftBill = await bill(bj, 'BJ001', [{ kind: 'product', code: 'P005', quantity: 1 }], list);
    expect(draftBill.total).toBe(list);

    okData(await admin.call(SALE_API.submit, { body: { id } }));
    refused(await admin.call(SALE_API.update!, { body: { id, name: '改名' } as never }), ERR.CAMPAIGN_STATE);
    refused(await admin.call(SALE_API.submit, { body: { id } }), ERR.CAMPAIGN_STATE);
    const [p] = await t.db.select({ approvalId: sale.approvalId }).from(sale).where(eq(sale.id, id));
    okData(
      await admin.call(APPROVAL_API.decide, { body: { id: p!.approvalId!, decision: 'approve', comment: '同意' } }),
    );
    expect((await t.db.select({ s: sale.status }).from(sale).where(eq(sale.id, id)))[0]!.s).toBe('active');

    // 2 × 50 元 + J002 at 8.5 折 (rounded to the 分).
    const j002 = Math.round((goods.J002!.price * 85) / 100);
    const priced = await bill(
      bj,
      'BJ001',
      [
        { kind: 'product', code: 'P005', quantity: 2 },
        { kind: 'project', code: 'J002', quantity: 1 },
        { kind: 'product', code: 'P004', quantity: 1 },
      ],
      2 * 5_000 + j002 + goods.P004!.price,
    );
    expect(priced.total).toBe(2 * 5_000 + j002 + goods.P004!.price);
    const lines = await q<{ line: number; unit_price: number }>(
      sql`select l.line, l.unit_price from member_consume_line l join member_consume c on c.id = l.consume_id
        where c.bill_no = ${priced.billNo} order by l.line`,
    );
    expect(lines.map((l) => Number(l.unit_price))).toEqual([5_000, j002, goods.P004!.price]);

    // A bill dated before the plan starts keeps its list prices.
    const early = await bill(
      bj,
      'BJ001',
      [{ kind: 'product', code: 'P005', quantity: 1 }],
      list,
      new Date(Date.now() - 3 * 86_400_000),
    );
    expect(early.total).toBe(list);

    const d = okData(await admin.call(SALE_API.detail, { params: { id } }));
    expect(d).toMatchObject({ bills: 1, quantity: 3, revenue: 2 * 5_000 + j002 });
    expect(d.discount).toBe(2 * (list - 5_000) + (goods.J002!.price - j002));
    const uses = okData(await admin.call(SALE_API.use.list, { query: { saleId: String(id) } }));
    expect(uses.list.map((u) => [u.billNo, u.goodsName, u.unitPrice, u.discount])).toEqual(
      expect.arrayContaining([[priced.billNo, expect.any(String), 5_000, 2 * (list - 5_000)]]),
    );
    expect(uses.total).toBe(2);
  });

  it('takes the lowest of two running plans, and a plan for chosen stores prices only there', async () => {
    const other = okData(
      await admin.call(SALE_API.create!, {
        body: {
          name: '指定门店更低价',
          startDay: day(-1),
          endDay: day(5),
          storeScope: 'chosen',
          storeCodes: shCode.toLowerCase(),
          items: [{ kind: 'product', goodsId: goods.P005!.id, mode: 'price', value: 4_000 }],
        } as never,
      }),
    ).id;
    await approve(other);
    const atOther = await bill(sh, shCode, [{ kind: 'product', code: 'P005', quantity: 1 }], 4_000);
    expect(atOther.total).toBe(4_000);
    const atBj = await bill(bj, 'BJ001', [{ kind: 'product', code: 'P005', quantity: 1 }], 5_000);
    expect(atBj.total).toBe(5_000);
    const [u] = await q<{ sale_id: number }>(
      sql`select u.sale_id from sale_use u join member_consume c on c.id = u.consume_id where c.bill_no = ${atOther.billNo}`,
    );
    expect(Number(u!.sale_id)).toBe(other);
  });

  it('停用 stops the pricing; a running or stopped plan cannot be edited or deleted', async () => {
    refused(await admin.call(SALE_API.delete!, { body: { ids: [id] } }), ERR.CAMPAIGN_STATE);
    okData(await admin.call(SALE_API.disable, { body: { id } }));
    refused(await admin.call(SALE_API.disable, { body: { id } }), ERR.CAMPAIGN_STATE);
    const after = await bill(bj, 'BJ001', [{ kind: 'project', code: 'J002', quantity: 1 }], goods.J002!.price);
    expect(after.total).toBe(goods.J002!.price);
    refused(await admin.call(SALE_API.delete!, { body: { ids: [id] } }), ERR.CAMPAIGN_STATE);
  });

  it('deletes a draft with no sales; a bill refused by its payments records no sale', async () => {
    const draft = okData(
      await admin.call(SALE_API.create!, {
        body: { name: '草稿方案', startDay: day(0), endDay: day(1), storeScope: 'all', items: [] } as never,
      }),
    ).id;
    // A draft with no goods is not sent for review.
    expect(fieldErrors(await admin.call(SALE_API.submit, { body: { id: draft } }))).toHaveProperty('items');
    okData(await admin.call(SALE_API.delete!, { body: { ids: [draft] } }));
    const before = await q<{ n: number }>(sql`select count(*)::int as n from sale_use`);
    await expect(bill(sh, shCode, [{ kind: 'product', code: 'P005', quantity: 1 }], goods.P005!.price)).rejects.toThrow(
      /支付合计/,
    );
    expect(await q<{ n: number }>(sql`select count(*)::int as n from sale_use`)).toEqual(before);
  });
});
