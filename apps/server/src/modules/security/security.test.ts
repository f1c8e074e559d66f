/**
 * Business security through the card ledger, the open API (POST /open/v1/bills) and the console:
 * /useCardLimit (draws, amount and stores per card per day, the most specific rule, refused whole
 * with nothing written, a change seen by the next draw), /blacklistAdmin (a member, a phone and a
 * device refused to open cards and to draw, naming the reason) and /earlyWarning (the scan finds
 * exactly what breaks each rule, once; assigned and closed with its history).
 */

import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import {
  BLACKLIST_API,
  USE_CARD_LIMIT_API,
  WARNING_PARAMS as W,
  WARNING_API,
  WARNING_CALLS,
} from '@zb/contract/entities/security';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { formatYuan } from '@zb/contract/resource/format';
import { routeByPath } from '@zb/contract/routes';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { createRole, createUser, grantRole } from '../../testing/fixtures';
import { openPost } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { card, product } from '../goods/schema';
import { fieldErrors, okData } from '../goods/testHelpers';
import { consume, openCard } from '../members/ledger';
import { cardLedger, memberCard, memberConsume } from '../members/schema';
import { createMember } from '../members/service';
import { openClient } from '../openApi/schema';
import { store } from '../stores/schema';
import { posTerminal } from '../storesMore/schema';
import { securityWarning } from './schema';
import { scanWarnings } from './warnings';

let t: TestApp;
let hq: TestClient;
let bj001 = 0;
/** A store of BJ001's level other than BJ001: a card sold at BJ001 may be drawn there. */
let sameLevel = 0;
const price = { P001: 0, C005: 0 };
let seq = 0;
let phoneSeq = 0;

const AT = '2026-11-20T10:30:00+08:00';
const no = () => `SEC${Date.now()}-${++seq}`;
const post = (doc: Record<string, unknown>) => openPost(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.bills, doc);

const newMember = async () => {
  const phone = `1390015${String(++phoneSeq).padStart(4, '0')}`;
  const { id } = await t.db.transaction((tx) =>
    createMember(tx, { name: `安全会员${phoneSeq}`, phone, storeId: bj001, userId: null, joinedAt: new Date(AT) }),
  );
  return { id, phone };
};

/** Opens a 储值卡 C005 at BJ001 through the open API; answers the card number. */
const openStored = (phone: string) =>
  post({
    outerNo: no(),
    storeCode: 'BJ001',
    member: phone,
    at: AT,
    lines: [{ kind: 'cardSale', code: 'C005' }],
    payments: [{ method: 'wechat', amount: price.C005, tradeNo: 'WX-SEC' }],
  });

const memberWithCard = async () => {
  const m = await newMember();
  const res = await openStored(m.phone);
  expect(res.errcode, res.errmsg).toBe(ERR.OK);
  return { ...m, cardNo: (res.data.openedCards as string[])[0]! };
};

/** One P001 drawn on the card at BJ001 through the open API. */
const draw = (phone: string, cardNo: string, at = AT) =>
  post({
    outerNo: no(),
    storeCode: 'BJ001',
    member: phone,
    at,
    lines: [{ kind: 'product', code: 'P001', cardNo }],
    payments: [],
  });

/** An open-API answer refused with the errcode and a message matching. */
const refusedOpen = (res: { errcode: string; errmsg: string }, errcode: string, message: RegExp) => {
  expect(res.errcode, res.errmsg).toBe(errcode);
  expect(res.errmsg).toMatch(message);
};

/** What a refusal must leave as it was: the bills, the ledger and the card. */
const facts = async (cardNo: string) => {
  const [bills] = await t.db.select({ n: count() }).from(memberConsume);
  const [rows] = await t.db.select({ n: count() }).from(cardLedger);
  const [c] = await t.db
    .select({ balance: memberCard.balance, bonus: memberCard.bonusBalance })
    .from(memberCard)
    .where(eq(memberCard.cardNo, cardNo));
  return { bills: Number(bills!.n), ledger: Number(rows!.n), card: c };
};

const cardIdOf = async (cardNo: string) =>
  (await t.db.select({ id: memberCard.id }).from(memberCard).where(eq(memberCard.cardNo, cardNo)))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  price.P001 = (await t.db.select({ p: product.retailPrice }).from(product).where(eq(product.code, 'P001')))[0]!.p;
  price.C005 = (await t.db.select({ p: card.price }).from(card).where(eq(card.code, 'C005')))[0]!.p;
  const [b] = await t.db.select({ id: store.id, levelId: store.levelId }).from(store).where(eq(store.code, 'BJ001'));
  bj001 = b!.id;
  const [other] = await t.db
    .select({ id: store.id })
    .from(store)
    .where(and(eq(store.levelId, b!.levelId!), ne(store.id, bj001)))
    .limit(1);
  sameLevel = other!.id;
  const codes = ['/useCardLimit', '/blacklistAdmin', '/earlyWarning'].flatMap((p) => [
    routeByPath(p)!.code!,
    ...['add', 'edit', 'delete', 'export'].map((k) => buttonCodeOf(p, k)),
  ]);
  const role = await createRole(t.db, {
    code: 'SEC_HQ',
    name: '业务安全',
    contentName: '总部',
    codes: ['YWAQ', ...codes],
  });
  const user = await createUser(t.db, { loginName: '13800000081', phone: '13800000081', password: 'sec12345' });
  hq = await t.signIn('13800000081', 'sec12345', await grantRole(t.db, user, role.contentRoleId));
}, 180_000);
afterAll(() => t?.close());

describe('/useCardLimit', () => {
  it('checks the form: one rule per target, a target that exists, at least one limit', async () => {
    const errs = async (body: Record<string, unknown>) =>
      fieldErrors(await hq.call(USE_CARD_LIMIT_API.create!, { body: { enabled: true, ...body } }));
    // The demo has the chain's default already.
    expect((await errs({ scope: 'chain', maxDraws: 5 })).targetCode).toContain('已设置');
    expect((await errs({ scope: 'store', targetCode: 'NOPE', maxDraws: 5 })).targetCode).toContain('不存在');
    expect((await errs({ scope: 'card', maxDraws: 5 })).targetCode).toContain('卡项编码');
    expect((await errs({ scope: 'card', targetCode: 'C001' })).maxDraws).toContain('至少');
  });

  it('refuses a draw past each limit with its errcode, writing nothing; a change is seen by the next draw', async () => {
    const rule = okData(
      await hq.call(USE_CARD_LIMIT_API.create!, {
        body: { enabled: true, scope: 'card', targetCode: 'C005', maxDraws: 2 },
      }),
    ).id;
    const m = await memberWithCard();
    expect((await draw(m.phone, m.cardNo)).errcode).toBe(ERR.OK);
    expect((await draw(m.phone, m.cardNo)).errcode).toBe(ERR.OK);
    const before = await facts(m.cardNo);
    const third = await draw(m.phone, m.cardNo);
    expect(third.errcode).toBe(ERR.SECURITY_CARD_LIMIT);
    expect(third.errmsg).toContain(`会员卡 ${m.cardNo} 超出用卡限制（卡项「`);
    expect(third.errmsg).toContain('今天已划卡 2 次');
    expect(await facts(m.cardNo)).toEqual(before);
    // The next day counts again.
    expect((await draw(m.phone, m.cardNo, '2026-11-21T10:00:00+08:00')).errcode).toBe(ERR.OK);

    // Raised: the very next draw passes; then an amount limit at what the day has drawn.
    okData(await hq.call(USE_CARD_LIMIT_API.update!, { body: { id: rule, maxDraws: 3 } }));
    expect((await draw(m.phone, m.cardNo)).errcode).toBe(ERR.OK);
    okData(
      await hq.call(USE_CARD_LIMIT_API.update!, { body: { id: rule, maxDraws: null, maxAmount: 3 * price.P001 } }),
    );
    const drawn = await facts(m.cardNo);
    const amount = await draw(m.phone, m.cardNo);
    expect(amount.errcode).toBe(ERR.SECURITY_CARD_LIMIT);
    expect(amount.errmsg).toContain(`今天已划 ${formatYuan(3 * price.P001)} 元`);
    expect(await facts(m.cardNo)).toEqual(drawn);

    // Stores: one a day. The ledger itself refuses a second store (BJ001's POS only sends BJ001).
    okData(await hq.call(USE_CARD_LIMIT_API.update!, { body: { id: rule, maxAmount: null, maxStores: 1 } }));
    const memberCardId = await cardIdOf(m.cardNo);
    const productId = (await t.db.select({ id: product.id }).from(product).where(eq(product.code, 'P001')))[0]!.id;
    const at = new Date('2026-11-23T10:00:00+08:00');
    const bill = (storeId: number) =>
      t.db.transaction((tx) =>
        consume(tx, { memberId: m.id, storeId, at, lines: [{ productId, quantity: 1, memberCardId }], userId: null }),
      );
    await bill(bj001);
    await bill(bj001);
    const held = await facts(m.cardNo);
    await expect(bill(sameLevel)).rejects.toMatchObject({
      errcode: ERR.SECURITY_CARD_LIMIT,
      message: expect.stringContaining('今天已在 1 家门店划卡'),
    });
    expect(await facts(m.cardNo)).toEqual(held);

    // Stopped, the rule limits nothing; the chain's default (stopped in the demo) neither.
    okData(await hq.call(USE_CARD_LIMIT_API.batch!, { body: { action: 'disable', ids: [rule] } }));
    await bill(sameLevel);
  });

  it('applies the most specific rule: the card product over the selling store over the chain', async () => {
    const list = okData(await hq.call(USE_CARD_LIMIT_API.list, { query: { pageSize: 50 } })).list;
    const chain = list.find((r) => r.scope === 'chain')!;
    okData(await hq.call(USE_CARD_LIMIT_API.update!, { body: { id: chain.id, enabled: true, maxDraws: 1 } }));
    const store = okData(
      await hq.call(USE_CARD_LIMIT_API.create!, {
        body: { enabled: true, scope: 'store', targetCode: 'BJ001', maxDraws: 2 },
      }),
    ).id;
    const m = await memberWithCard();
    const at = '2026-11-24T10:00:00+08:00';
    // BJ001's rule (2 a day) over the chain's (1 a day); C005's own rule is stopped.
    expect((await draw(m.phone, m.cardNo, at)).errcode).toBe(ERR.OK);
    expect((await draw(m.phone, m.cardNo, at)).errcode).toBe(ERR.OK);
    const third = await draw(m.phone, m.cardNo, at);
    expect(third.errcode).toBe(ERR.SECURITY_CARD_LIMIT);
    expect(third.errmsg).toContain('门店「');
    okData(await hq.call(USE_CARD_LIMIT_API.delete!, { body: { ids: [store] } }));
    expect((await draw(m.phone, m.cardNo, '2026-11-25T10:00:00+08:00')).errcode).toBe(ERR.OK);
    refusedOpen(await draw(m.phone, m.cardNo, '2026-11-25T11:00:00+08:00'), ERR.SECURITY_CARD_LIMIT, /全部门店/);
    okData(await hq.call(USE_CARD_LIMIT_API.update!, { body: { id: chain.id, enabled: false } }));
  });
});

describe('/blacklistAdmin', () => {
  it('refuses a blacklisted member, phone and device to open a card and to draw, naming the reason', async () => {
    const a = await memberWithCard();
    const add = async (kind: string, value: string, reason: string) =>
      okData(await hq.call(BLACKLIST_API.create!, { body: { kind, value, reason } })).id;
    const member = await add('member', a.phone, '多次恶意退款');
    const before = await facts(a.cardNo);
    refusedOpen(
      await draw(a.phone, a.cardNo),
      ERR.SECURITY_BLACKLISTED,
      /该会员已列入黑名单，不能划卡（原因：多次恶意退款）/,
    );
    refusedOpen(await openStored(a.phone), ERR.SECURITY_BLACKLISTED, /不能开卡（原因：多次恶意退款）/);
    expect(await facts(a.cardNo)).toEqual(before);
    // The ledger refuses a claimed real card the same way.
    const c005 = (await t.db.select({ id: card.id }).from(card).where(eq(card.code, 'C005')))[0]!.id;
    await expect(
      t.db.transaction((tx) =>
        openCard(tx, {
          memberId: a.id,
          cardId: c005,
          storeId: bj001,
          at: new Date(AT),
          userId: null,
          source: { refType: 'marketing_real_card', refId: 999_999, label: '实体卡' },
        }),
      ),
    ).rejects.toMatchObject({ errcode: ERR.SECURITY_BLACKLISTED, message: expect.stringContaining('领取实体卡') });
    const list = okData(await hq.call(BLACKLIST_API.list, { query: { pageSize: 50, kind: 'member' } })).list;
    expect(list.find((r) => r.id === member)).toMatchObject({ memberName: expect.any(String), active: true });
    okData(await hq.call(BLACKLIST_API.delete!, { body: { ids: [member] } }));
    expect((await draw(a.phone, a.cardNo)).errcode).toBe(ERR.OK);

    // A phone: refused for whoever holds it; a past last day no longer refuses.
    const b = await memberWithCard();
    const phone = await add('phone', b.phone, '疑似套现');
    refusedOpen(
      await draw(b.phone, b.cardNo),
      ERR.SECURITY_BLACKLISTED,
      /该手机号已列入黑名单，不能划卡（原因：疑似套现）/,
    );
    okData(await hq.call(BLACKLIST_API.update!, { body: { id: phone, expiresOn: '2026-11-19' } }));
    expect((await draw(b.phone, b.cardNo)).errcode).toBe(ERR.OK);

    // A device: the demo POS terminal may neither draw nor sell a card while listed.
    const [till] = await t.db
      .select({ sn: posTerminal.sn })
      .from(openClient)
      .innerJoin(posTerminal, eq(posTerminal.id, openClient.posTerminalId))
      .where(eq(openClient.appKey, DEMO_OPEN_KEYS.pos.appKey));
    const device = await add('device', till!.sn, '终端丢失');
    refusedOpen(
      await draw(b.phone, b.cardNo),
      ERR.SECURITY_BLACKLISTED,
      /该设备已列入黑名单，不能划卡（原因：终端丢失）/,
    );
    const c = await newMember();
    refusedOpen(await openStored(c.phone), ERR.SECURITY_BLACKLISTED, /不能开卡/);
    okData(await hq.call(BLACKLIST_API.delete!, { body: { ids: [device] } }));
    expect((await openStored(c.phone)).errcode).toBe(ERR.OK);

    // The form: a member that exists, a phone's form, a device that exists, no duplicate.
    const errs = async (body: Record<string, unknown>) =>
      fieldErrors(await hq.call(BLACKLIST_API.create!, { body: { reason: '测试', ...body } }));
    expect((await errs({ kind: 'member', value: '13900159999' })).value).toContain('没有会员');
    expect((await errs({ kind: 'phone', value: '123' })).value).toContain('11 位');
    expect((await errs({ kind: 'device', value: 'NO-SUCH-SN' })).value).toContain('不存在');
    expect((await errs({ kind: 'phone', value: b.phone })).value).toContain('已在黑名单');
  });
});

describe('/earlyWarning', () => {
  const rows = async <T>(q: ReturnType<typeof sql>) => {
    const r = (await t.db.execute(q)) as unknown as { rows?: T[] } | T[];
    return (Array.isArray(r) ? r : (r.rows ?? [])) as T[];
  };
  /** Every key that breaks a rule, straight from the whole ledger. */
  const expected = async () => {
    const keys = await rows<{ key: string }>(sql`
      select 'manyStores:' || member_card_id || ':' || day as key from (
        select member_card_id, (at at time zone 'Asia/Shanghai')::date::text as day from card_ledger
        where kind = 'consume' group by 1, 2 having count(distinct store_id) >= ${W.manyStores}) a
      union all
      select 'bigDraw:' || ref_id || ':' || member_card_id from card_ledger
        where kind = 'consume' and ref_type = 'member_consume' group by ref_id, member_card_id
        having -sum(amount + bonus_amount) > ${W.bigDraw}
      union all
      select 'refundAfterTopUp:' || r.id from card_ledger r where r.kind = 'refund' and exists (
        select 1 from card_ledger t where t.member_card_id = r.member_card_id and t.kind = 'topUp'
          and t.at <= r.at and t.at >= r.at - make_interval(hours => ${W.refundAfterTopUpHours}))
      union all
      select 'phoneCards:' || m.phone || ':' || d.day from (
        select member_id, (at at time zone 'Asia/Shanghai')::date::text as day from card_ledger
        where kind = 'open' group by 1, 2 having count(distinct member_card_id) >= ${W.phoneCards}) d
        join member m on m.id = d.member_id`);
    return keys.map((k) => k.key).sort();
  };
  const found = async () =>
    (await t.db.select({ key: securityWarning.key }).from(securityWarning)).map((r) => r.key).sort();

  it('finds exactly what breaks each rule, once; new rows are found by the next run with their evidence', async () => {
    await scanWarnings(t.db);
    const keys = await expected();
    expect(await found()).toEqual(keys);
    // The demo's risky member broke three rules.
    for (const rule of ['manyStores', 'bigDraw', 'phoneCards']) expect(keys.some((k) => k.startsWith(rule))).toBe(true);
    expect(await scanWarnings(t.db)).toMatchObject({ read: 0, found: 0 });

    // A card drawn at three stores today: one new warning, resting on its three draws.
    const m = await memberWithCard();
    const memberCardId = await cardIdOf(m.cardNo);
    const productId = (await t.db.select({ id: product.id }).from(product).where(eq(product.code, 'P001')))[0]!.id;
    const peers = await t.db
      .select({ id: store.id })
      .from(store)
      .where(
        and(
          eq(store.levelId, (await t.db.select({ l: store.levelId }).from(store).where(eq(store.id, bj001)))[0]!.l!),
          ne(store.id, bj001),
        ),
      )
      .limit(2);
    const at = new Date('2026-11-26T09:00:00+08:00');
    for (const s of [bj001, ...peers.map((p) => p.id)]) {
      await t.db.transaction((tx) =>
        consume(tx, {
          memberId: m.id,
          storeId: s,
          at,
          lines: [{ productId, quantity: 1, memberCardId }],
          userId: null,
        }),
      );
    }
    expect((await scanWarnings(t.db)).found).toBe(1);
    expect(await found()).toEqual(await expected());
    const list = okData(
      await hq.call(WARNING_API.list, { query: { pageSize: 10, rule: 'manyStores', cardNo: m.cardNo } }),
    );
    expect(list.total).toBe(1);
    const w = list.list[0]!;
    expect(w).toMatchObject({ status: 'open', day: '2026-11-26', memberPhone: m.phone });
    const detail = okData(await hq.call(WARNING_CALLS.detail, { params: { id: w.id } }));
    expect(detail.evidence.map((e) => e.cardNo)).toEqual([m.cardNo, m.cardNo, m.cardNo]);
    expect(new Set(detail.evidence.map((e) => e.storeName)).size).toBe(3);

    // 指派, then 关闭 with a note; the history keeps both; a closed warning is not closed again.
    okData(await hq.call(WARNING_CALLS.assign, { body: { id: w.id, assignee: '13800000081' } }));
    okData(await hq.call(WARNING_CALLS.close, { body: { id: w.id, note: '已电话核实，会员本人跨店消费' } }));
    const again = await hq.call(WARNING_CALLS.close, { body: { id: w.id, note: '再关一次' } });
    expect(again.body.errcode).toBe(ERR.STATE_CHANGED);
    const after = okData(await hq.call(WARNING_CALLS.detail, { params: { id: w.id } }));
    expect(after.history.map((h) => h.label)).toEqual(['指派', '关闭']);
    expect(after.history[1]!.reason).toBe('已电话核实，会员本人跨店消费');
    const closed = okData(
      await hq.call(WARNING_API.list, { query: { pageSize: 10, status: 'closed', cardNo: m.cardNo } }),
    );
    expect(closed.list[0]).toMatchObject({
      id: w.id,
      closeNote: '已电话核实，会员本人跨店消费',
      assigneeName: expect.any(String),
    });
  });
});
