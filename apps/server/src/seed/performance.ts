/**
 * Demo data of the staff reports (issue 14, contract reports/performance.ts): staff shares (业绩
 * and 提成) on every line of the history's bills that has none — served by the bill's staff, else
 * one of the store's — and, sent through the bill service as a POS would, trial projects (体验)
 * served in the first open stores, most of those members buying a card a few days later, and a
 * top-up on one of the cards, every line with its staff and their shares; so 门店员工业绩, 业绩提成,
 * 售卡排行 and 会员体验 show figures of every kind.
 */
import type { OpenBillBody } from '@zb/contract/entities/bill';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { postBill } from '../modules/bills/service';
import { card, project, trialLimit, trialUse } from '../modules/goods/schema';
import { addStaffShareDelta } from '../modules/members/rollups';
import { member } from '../modules/members/schema';
import { openClient } from '../modules/openApi/schema';
import { staff } from '../modules/staff/schema';
import { store } from '../modules/stores/schema';
import { BizError } from '../platform/errors';
import { DEMO_OPEN_KEYS } from './openApi';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BEIJING = 8 * HOUR;

/** 提成 rate of a line kind, in basis points of its 业绩. */
export const DEMO_COMMISSION_BP = { project: 1000, product: 500, cardSale: 300, topUp: 200 } as const;

/** The line's 提成 rate in basis points, as SQL over the bill line `l` (here and seed/billFacts.ts). */
export const RATE_CASE = `case l.item_kind ${Object.entries(DEMO_COMMISSION_BP)
  .map(([kind, bp]) => `when '${kind}' then ${bp}`)
  .join(' ')} end`;

/**
 * Shares for the lines of bills that stand and have none: the whole line's amount to one staff;
 * the staff rollups' deltas of those bills (what they counted before, off; what they count after, on).
 */
const fillShares = async (tx: Tx) => {
  const r = await tx.execute(sql`select coalesce(array_agg(distinct l.consume_id), '{}') as ids
    from member_consume_line l join member_consume c on c.id = l.consume_id
    where c.status <> 'closed'
      and not exists (select 1 from bill_share b where b.consume_id = l.consume_id and b.line = l.line)`);
  const ids = ((r as { rows?: { ids: number[] }[] }).rows ?? (r as unknown as { ids: number[] }[]))[0]?.ids ?? [];
  const bills = sql`c.id = any(${`{${ids.join(',')}}`}::int[])`;
  await addStaffShareDelta(tx, bills, -1);
  await tx.execute(sql`
    insert into bill_share (consume_id, line, staff_id, performance, commission)
    select l.consume_id, l.line, sv.id, l.amount, round(l.amount * ${sql.raw(RATE_CASE)} / 10000.0)::int
    from member_consume_line l
    join member_consume c on c.id = l.consume_id
    join lateral (
      select st.id from staff st where st.id = c.staff_id
      union all
      select x.id from (
        select st.id, row_number() over (order by st.id) as n, count(*) over () as k
        from staff st where st.store_id = c.store_id and c.staff_id is null
      ) x where x.n = 1 + l.id % x.k
    ) sv on true
    where c.status <> 'closed'
      and not exists (select 1 from bill_share b where b.consume_id = l.consume_id and b.line = l.line)`);
  await addStaffShareDelta(tx, bills, 1);
};

/** 14:00 Beijing on the day `days` before now's day. */
const afternoon = (now: Date, days: number) =>
  new Date(Math.floor((now.getTime() + BEIJING) / DAY) * DAY - BEIJING - days * DAY + 14 * HOUR);

const iso = (at: Date) => `${new Date(at.getTime() + BEIJING).toISOString().slice(0, 19)}+08:00`;

const share = (phone: string, performance: number, bp: number) => ({
  staffPhone: phone,
  performance,
  commission: Math.round((performance * bp) / 10000),
});

/**
 * Sends the bill through the service (its own savepoint) as the demo POS terminal (seed/openApi.ts)
 * would for the bill's store; a refusal leaves nothing and answers null.
 */
const send = async (tx: Tx, clientId: number, storeId: number, body: OpenBillBody) => {
  try {
    return await postBill(tx as unknown as Db, { clientId, kind: 'pos', name: '演示收银', storeId }, body);
  } catch (e) {
    if (e instanceof BizError) return null;
    throw e;
  }
};

export const seedPerformance = async (tx: Tx, now: Date): Promise<void> => {
  await fillShares(tx);

  const [trial] = await tx
    .select({ code: project.code, price: project.price })
    .from(trialLimit)
    .innerJoin(project, eq(project.id, trialLimit.projectId))
    .where(eq(trialLimit.enabled, true))
    .orderBy(asc(project.code))
    .limit(1);
  const cards = await tx
    .select({ code: card.code, price: card.price, kind: card.kind })
    .from(card)
    .where(inArray(card.code, ['C001', 'C005']))
    .orderBy(asc(card.code));
  const stored = cards.find((c) => c.kind === 'stored');
  const [pos] = await tx
    .select({ id: openClient.id })
    .from(openClient)
    .where(eq(openClient.appKey, DEMO_OPEN_KEYS.pos.appKey));
  if (!trial || !cards.length || !pos) return;

  const stores = await tx
    .select({ id: store.id, code: store.code })
    .from(store)
    .where(and(eq(store.status, 'open'), sql`exists (select 1 from staff st where st.store_id = ${store.id})`))
    .orderBy(asc(store.id))
    .limit(6);
  const tried = (await tx.select({ phone: trialUse.memberPhone }).from(trialUse)).map((r) => r.phone);
  for (const [i, s] of stores.entries()) {
    const team = (
      await tx.select({ phone: staff.phone }).from(staff).where(eq(staff.storeId, s.id)).orderBy(asc(staff.id)).limit(3)
    ).map((r) => r.phone);
    const members = await tx
      .select({ phone: member.phone })
      .from(member)
      .where(and(eq(member.storeId, s.id), tried.length ? notInArray(member.phone, tried) : undefined))
      .orderBy(asc(member.id))
      .limit(4);
    const [a, b = a] = team as [string, string?];
    if (!a) continue;
    for (const [j, m] of members.entries()) {
      const at = afternoon(now, 2 + ((i * 4 + j) % 18));
      const served = j % 2 ? b! : a;
      const first = await send(tx, pos.id, s.id, {
        outerNo: `DEMO-PERF-${s.code}-${j}-T`,
        storeCode: s.code,
        member: m.phone,
        at: iso(at),
        lines: [
          {
            kind: 'project',
            code: trial.code,
            quantity: 1,
            staff: [share(served, trial.price, DEMO_COMMISSION_BP.project)],
          },
        ],
        payments: trial.price ? [{ method: 'wechat', amount: trial.price, tradeNo: `WXP${s.id}${j}` }] : [],
      });
      // Three members of four buy a card 1, 4 or 7 days after their trial.
      if (!first || j === 3) continue;
      const boughtAt = new Date(at.getTime() + (1 + 3 * j) * DAY + 2 * HOUR);
      if (boughtAt.getTime() >= now.getTime()) continue;
      const c = j === 1 ? cards[0]! : (stored ?? cards[0]!);
      // The second sale is shared by two staff, half each.
      const sellers =
        j === 1 && b !== a
          ? [
              share(a, Math.floor(c.price / 2), DEMO_COMMISSION_BP.cardSale),
              share(b!, Math.ceil(c.price / 2), DEMO_COMMISSION_BP.cardSale),
            ]
          : [share(served, c.price, DEMO_COMMISSION_BP.cardSale)];
      const sale = await send(tx, pos.id, s.id, {
        outerNo: `DEMO-PERF-${s.code}-${j}-C`,
        storeCode: s.code,
        member: m.phone,
        at: iso(boughtAt),
        lines: [{ kind: 'cardSale', code: c.code, quantity: 1, staff: sellers }],
        payments: [{ method: 'alipay', amount: c.price, tradeNo: `ALP${s.id}${j}` }],
      });
      // A top-up on the stored-value card the first member bought.
      const cardNo = sale?.openedCards[0];
      const toppedAt = new Date(boughtAt.getTime() + DAY);
      if (j !== 0 || !cardNo || c !== stored || toppedAt.getTime() >= now.getTime()) continue;
      const amount = 100_000 * (1 + (i % 3));
      await send(tx, pos.id, s.id, {
        outerNo: `DEMO-PERF-${s.code}-${j}-R`,
        storeCode: s.code,
        member: m.phone,
        at: iso(toppedAt),
        lines: [
          {
            kind: 'topUp',
            cardNo,
            amount,
            bonus: amount / 10,
            quantity: 1,
            staff: [share(b!, amount, DEMO_COMMISSION_BP.topUp)],
          },
        ],
        payments: [{ method: 'cash', amount }],
      });
    }
  }
};
