/**
 * Real-card activities: saveActivityRealCard (create with its cards, validation, what each state
 * lets an update change, the button each needs), the review steps and their race, 作废, delete,
 * the QR pack (unzipped: the card list, one PNG per card whose QR decodes to the claim URL), and
 * the claim rule the mini-program will call.
 */
import { CONFIG_API } from '@zb/contract/api/configUtils';
import { type CardLedgerDto, MEMBER_API, type MemberCardDto } from '@zb/contract/api/members';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { Page } from '@zb/contract/api/paging';
import {
  type ActivitySaved,
  isRealCardNumber,
  MARKETING_ACTIVITY_API,
  REAL_CARD_API,
  type RealCardActivityView,
  type RealCardRow,
} from '@zb/contract/entities/marketingActivity';
import { ERR } from '@zb/contract/errcodes';
import { routeByPath } from '@zb/contract/routes';
import { formatDate } from '@zb/contract/time';
import { and, eq, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import JSZip from 'jszip';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBytes, readSheet } from '../../testing/exports';
import { createRole, createUser, grantRole, lastOperation, userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, type TestClient } from '../../testing/testClient';
import { card, cardProject, project } from '../goods/schema';
import { cardLedger, member, memberCard, memberCardSession } from '../members/schema';
import { createMember } from '../members/service';
import { store } from '../stores/schema';
import { claimCodeOf, claimKey, claimRealCard } from './realCards';
import { marketingRealCard } from './schema';

let t: TestApp;
let admin: TestClient;
let marketer: TestClient; // 新增/编辑/导出, no 审核
let approver: TestClient; // 审核 only
let viewer: TestClient; // the page, no button
let regionManager: TestClient; // no /activityList at all
let comboCard: number;
let storedCard: number;
let offCard: number;
let levelCard: number; // 适用门店: a store level no member below has
let sessionProject: number;
const members: Record<'sh' | 'sh2' | 'gz' | 'frozen', { id: number; code: string; phone: string }> = {} as never;
const storeIds: Record<'sh' | 'gz', number> = {} as never;

const LIST = '/activityList';

const okData = <R>(res: { body: { errcode: string; data: R }; raw: string }): R => {
  expect(res.body.errcode, res.raw).toBe(ERR.OK);
  return res.body.data;
};

const today = () => formatDate(new Date());
const addDays = (days: number) => formatDate(new Date(Date.now() + days * 86_400_000));

const form = (over: Record<string, unknown> = {}) => ({
  name: '春季实体卡',
  cardId: comboCard,
  quantity: 5,
  startDate: today(),
  endDate: addDays(30),
  remark: '门店发放',
  ...over,
});

const save = (c: TestClient, over: Record<string, unknown> = {}) =>
  c.call(REAL_CARD_API.save, { body: form(over) as never });

const create = async (over: Record<string, unknown> = {}) => okData(await save(marketer, over)) as ActivitySaved;

const view = async (id: number) =>
  okData(await admin.call(REAL_CARD_API.view, { params: { id } })) as RealCardActivityView;

const cards = async (activityId: number, status?: string) =>
  okData(
    await admin.call(REAL_CARD_API.cards, { query: { activityId, pageSize: 100, ...(status ? { status } : {}) } }),
  ) as Page<RealCardRow>;

const approved = async (over: Record<string, unknown> = {}) => {
  const a = await create(over);
  okData(await marketer.call(REAL_CARD_API.submit, { body: { id: a.id } }));
  okData(await approver.call(REAL_CARD_API.approve, { body: { id: a.id } }));
  return a;
};

/** The 开卡 ledger rows that name the real card as their source. */
const openRowsOf = (realCardId: number) =>
  t.db
    .select()
    .from(cardLedger)
    .where(and(eq(cardLedger.refType, 'marketing_real_card'), eq(cardLedger.refId, realCardId)));

const cardsOfMember = (memberId: number) =>
  t.db.select({ id: memberCard.id }).from(memberCard).where(eq(memberCard.memberId, memberId));

const roleUser = async (login: string, code: string, buttons: string[], contentName = '总部') => {
  const page = routeByPath(LIST)!.code!;
  const { contentRoleId } = await createRole(t.db, {
    code,
    name: code,
    contentName,
    codes: ['ZBHT-YHFA-PAG', page, ...buttons.map((k) => buttonCodeOf(LIST, k))],
  });
  const uid = await createUser(t.db, { loginName: login, password: 'pass1234', phone: login });
  return t.signIn(login, 'pass1234', await grantRole(t.db, uid, contentRoleId));
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  marketer = await roleUser('13900000101', 'RC_MARKETER', ['add', 'edit', 'export']);
  approver = await roleUser('13900000102', 'RC_APPROVER', ['audit']);
  viewer = await roleUser('13900000103', 'RC_VIEWER', []);
  regionManager = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  const rows = await t.db
    .insert(card)
    .values([
      { code: 'RC-COMBO', name: '实体卡测试套餐卡', kind: 'combo', price: 19900, validityDays: 365 },
      {
        code: 'RC-STORED',
        name: '实体卡测试储值卡',
        kind: 'stored',
        price: 50000,
        validityDays: 365,
        amount: 50000,
        bonus: 8000,
      },
      { code: 'RC-OFF', name: '实体卡测试停售卡', kind: 'combo', price: 100, validityDays: 30, status: 'off' },
      {
        code: 'RC-LEVEL',
        name: '实体卡测试限店卡',
        kind: 'stored',
        price: 100,
        validityDays: 30,
        amount: 100,
        usableScope: 'levels',
      },
    ])
    .returning({ id: card.id });
  [comboCard, storedCard, offCard, levelCard] = rows.map((r) => r.id) as [number, number, number, number];
  const [p] = await t.db.select({ id: project.id }).from(project).limit(1);
  sessionProject = p!.id;
  await t.db.insert(cardProject).values({ cardId: comboCard, projectId: sessionProject, sessions: 6, line: 1 });
  const stores = await t.db.select({ id: store.id, code: store.code, levelId: store.levelId }).from(store);
  const sh = stores.find((x) => x.code === 'SH001')!;
  storeIds.sh = sh.id;
  storeIds.gz = stores.find((x) => x.code === 'GZ001')!.id;
  // RC-LEVEL is sold only at a level no store has (-1 is no lookup id), so never at a member's home store.
  await t.db
    .update(card)
    .set({ storeLevelIds: [-1] })
    .where(eq(card.id, levelCard));
  const add = (name: string, phone: string, storeId: number) =>
    t.db.transaction((tx) => createMember(tx, { name, phone, storeId, userId: null }));
  members.sh = { ...(await add('领卡会员甲', '19900000001', storeIds.sh)), phone: '19900000001' };
  members.sh2 = { ...(await add('领卡会员乙', '19900000002', storeIds.sh)), phone: '19900000002' };
  members.gz = { ...(await add('领卡会员丙', '19900000003', storeIds.gz)), phone: '19900000003' };
  members.frozen = { ...(await add('领卡会员丁', '19900000004', storeIds.sh)), phone: '19900000004' };
  await t.db.update(member).set({ status: 'frozen' }).where(eq(member.id, members.frozen.id));
});

afterAll(() => t.close());

describe('saveActivityRealCard: create', () => {
  it('creates a draft with its cards, numbered with a check digit, and logs it in the same write', async () => {
    const a = await create({ quantity: 7 });
    expect(a.status).toBe('draft');
    expect(a.code).toBe(`HD${String(a.id).padStart(6, '0')}`);
    const v = await view(a.id);
    expect(v).toMatchObject({ name: '春季实体卡', cardName: '实体卡测试套餐卡', cardKind: 'combo', quantity: 7 });
    expect(v.counts).toEqual({ unclaimed: 7, claimed: 0, voided: 0 });
    const list = await cards(a.id);
    expect(list.total).toBe(7);
    expect(new Set(list.list.map((c) => c.number)).size).toBe(7);
    for (const c of list.list) expect(isRealCardNumber(c.number)).toBe(true);
    const op = await lastOperation(t.db, 'marketingActivity.create');
    expect(op?.target).toBe(`marketing_activity:${a.id}`);
    expect(op?.userId).not.toBeNull();
  });

  it('makes 20,000 cards in one save', async () => {
    const a = await create({ quantity: 20_000 });
    expect((await view(a.id)).counts.unclaimed).toBe(20_000);
  }, 60_000);

  it('refuses bad input with Chinese field errors and writes nothing', async () => {
    const before = (await t.db.select({ id: marketingRealCard.id }).from(marketingRealCard)).length;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: '' }, 'name', /请输入活动名称/],
      [{ quantity: 0 }, 'quantity', /至少为 1/],
      [{ quantity: 20_001 }, 'quantity', /最多制卡 20000 张/],
      [{ quantity: 1.5 }, 'quantity', /整数/],
      [{ cardId: undefined }, 'cardId', /请选择卡项/],
      [{ startDate: '2026-13-45' }, 'startDate', /领取开始日期不是有效的日期/],
      [{ startDate: '2027-02-30' }, 'startDate', /领取开始日期不是有效的日期/],
      [{ startDate: '2026/12/01' }, 'startDate', /格式应为 YYYY-MM-DD/],
      [{ startDate: addDays(5), endDate: addDays(1) }, 'endDate', /结束日期不能早于开始日期/],
    ];
    for (const [over, field, msg] of cases) {
      const res = await save(marketer, over);
      expect(res.body.errcode, JSON.stringify(over)).toBe(ERR.PARAM_INVALID);
      expect(fieldsOf(res.body)[field], JSON.stringify(over)).toMatch(msg);
    }
    const missing = await save(marketer, { cardId: 999_999 });
    expect(fieldsOf(missing.body).cardId).toMatch(/不存在/);
    const off = await save(marketer, { cardId: offCard });
    expect(fieldsOf(off.body).cardId).toMatch(/已停售/);
    expect((await t.db.select({ id: marketingRealCard.id }).from(marketingRealCard)).length).toBe(before);
  });

  it('needs 新增 to create and 编辑 to update; a user without the page is refused', async () => {
    expect((await save(viewer)).body.errcode).toBe(ERR.FORBIDDEN);
    expect((await save(regionManager)).body.errcode).toBe(ERR.FORBIDDEN);
    expect((await save(approver)).body.errcode).toBe(ERR.FORBIDDEN);
    const adder = await roleUser('13900000104', 'RC_ADDER', ['add']);
    const a = okData(await save(adder)) as ActivitySaved;
    const upd = await save(adder, { id: a.id, name: '改名' });
    expect(upd.body.errcode).toBe(ERR.FORBIDDEN);
    expect(upd.body.errmsg).toMatch(/编辑/);
  });
});

describe('saveActivityRealCard: update', () => {
  it('changes everything of a draft, generating the cards again when card or quantity change', async () => {
    const a = await create({ quantity: 3 });
    okData(await save(marketer, { id: a.id, name: '改名', cardId: storedCard, quantity: 4, endDate: addDays(10) }));
    const v = await view(a.id);
    expect(v).toMatchObject({ name: '改名', cardKind: 'stored', quantity: 4, endDate: addDays(10) });
    const rows = await t.db.select().from(marketingRealCard).where(eq(marketingRealCard.activityId, a.id));
    expect(rows.map((r) => r.cardId)).toEqual([storedCard, storedCard, storedCard, storedCard]);
    expect((await lastOperation(t.db, 'marketingActivity.update'))?.after).toMatchObject({ cardsRegenerated: 4 });
  });

  it('refuses any change while 待审核', async () => {
    const a = await create();
    okData(await marketer.call(REAL_CARD_API.submit, { body: { id: a.id } }));
    const res = await save(marketer, { id: a.id, name: '改名' });
    expect(res.body.errcode).toBe(ERR.ACTIVITY_STATE_CHANGED);
    expect(res.body.errmsg).toContain('待审核');
  });

  it('lets an approved activity change its name, end date and remark only', async () => {
    const a = await approved();
    okData(await save(marketer, { id: a.id, name: '新名称', endDate: addDays(60), remark: '延期' }));
    expect(await view(a.id)).toMatchObject({ name: '新名称', endDate: addDays(60), status: 'approved' });
    expect(fieldsOf((await save(marketer, { id: a.id, quantity: 9 })).body).quantity).toMatch(/不能修改制卡数量/);
    expect(fieldsOf((await save(marketer, { id: a.id, cardId: storedCard })).body).cardId).toMatch(/不能更换卡项/);
    expect((await view(a.id)).counts.unclaimed).toBe(5);
  });

  it('is not found for an unknown id', async () => {
    expect((await save(marketer, { id: 987_654 })).body.errcode).toBe(ERR.RECORD_NOT_FOUND);
  });
});

describe('review', () => {
  it('moves 草稿 → 待审核 → 已通过 → 已停用, each with its button', async () => {
    const a = await create();
    expect((await approver.call(REAL_CARD_API.submit, { body: { id: a.id } })).body.errcode).toBe(ERR.FORBIDDEN);
    okData(await marketer.call(REAL_CARD_API.submit, { body: { id: a.id } }));
    expect((await marketer.call(REAL_CARD_API.approve, { body: { id: a.id } })).body.errcode).toBe(ERR.FORBIDDEN);
    const ok = okData(await approver.call(REAL_CARD_API.approve, { body: { id: a.id } })) as ActivitySaved;
    expect(ok.status).toBe('approved');
    expect((await view(a.id)).approvedByName).toBe('测试13900000102');
    okData(await approver.call(REAL_CARD_API.disable, { body: { id: a.id } }));
    expect((await view(a.id)).status).toBe('disabled');
    expect((await lastOperation(t.db, 'marketingActivity.disable'))?.before).toMatchObject({ status: 'approved' });
  });

  it('sends a rejected activity back to its editor with the reason; it may be changed and submitted again', async () => {
    const a = await create();
    okData(await marketer.call(REAL_CARD_API.submit, { body: { id: a.id } }));
    const empty = await approver.call(REAL_CARD_API.reject, { body: { id: a.id, reason: ' ' } });
    expect(fieldsOf(empty.body).reason).toBe('请填写驳回原因');
    okData(await approver.call(REAL_CARD_API.reject, { body: { id: a.id, reason: '数量太多' } }));
    expect(await view(a.id)).toMatchObject({ status: 'rejected', rejectReason: '数量太多' });
    okData(await save(marketer, { id: a.id, quantity: 2 }));
    okData(await marketer.call(REAL_CARD_API.submit, { body: { id: a.id } }));
    expect(await view(a.id)).toMatchObject({ status: 'pending', rejectReason: null, quantity: 2 });
  });

  it('lets one of two approvals at once win; the other gets ACT-40901', async () => {
    const a = await create();
    okData(await marketer.call(REAL_CARD_API.submit, { body: { id: a.id } }));
    const results = await Promise.all([
      approver.call(REAL_CARD_API.approve, { body: { id: a.id } }),
      admin.call(REAL_CARD_API.reject, { body: { id: a.id, reason: '同时驳回' } }),
    ]);
    const codes = results.map((r) => r.body.errcode).sort();
    expect(codes).toEqual([ERR.OK, ERR.ACTIVITY_STATE_CHANGED].sort());
    const loser = results.find((r) => r.body.errcode !== ERR.OK)!;
    expect(loser.body.errmsg).toMatch(/活动状态已变化：当前为「(已通过|已驳回)」/);
  });

  it('refuses a step out of order', async () => {
    const a = await create();
    const res = await approver.call(REAL_CARD_API.approve, { body: { id: a.id } });
    expect(res.body.errcode).toBe(ERR.ACTIVITY_STATE_CHANGED);
    expect(res.body.errmsg).toContain('草稿');
  });
});

describe('the list, delete and 作废', () => {
  it('lists activities with their counts on the engine', async () => {
    const a = await create({ name: '列表里的活动', quantity: 4 });
    const page = okData(
      await viewer.call(MARKETING_ACTIVITY_API.list, { query: { name: '列表里的活动', pageSize: 10 } as never }),
    );
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ id: a.id, kind: 'realCard', status: 'draft', quantity: 4, claimedCount: 0 });
    expect((await regionManager.call(MARKETING_ACTIVITY_API.list, { query: {} as never })).body.errcode).toBe(
      ERR.FORBIDDEN,
    );
  });

  it('the demo data has activities in three states, the approved one under way', async () => {
    const page = okData(
      await admin.call(MARKETING_ACTIVITY_API.list, { query: { name: '实体卡', pageSize: 50 } as never }),
    );
    const demo = page.list.filter((r) =>
      ['年终回馈·头皮清洁实体卡', '新店开业·储值实体卡', '会员日实体卡'].includes(String(r.name)),
    );
    expect(demo.map((r) => r.status).sort()).toEqual(['approved', 'draft', 'pending']);
    expect(demo.find((r) => r.status === 'approved')).toMatchObject({
      quantity: 200,
      claimedCount: 23,
      voidedCount: 5,
    });
    // Each demo claim went through claimRealCard: a demo member's card, opened with one 开卡 row naming it.
    const claimed = await t.db
      .select({ id: marketingRealCard.id, memberId: marketingRealCard.memberId, mc: memberCard })
      .from(marketingRealCard)
      .innerJoin(memberCard, eq(memberCard.id, marketingRealCard.memberCardId))
      .where(
        and(
          eq(marketingRealCard.activityId, Number(demo.find((r) => r.status === 'approved')!.id)),
          eq(marketingRealCard.status, 'claimed'),
        ),
      );
    expect(claimed).toHaveLength(23);
    expect(new Set(claimed.map((c) => c.memberId)).size).toBe(23);
    for (const c of claimed) {
      expect(c.mc).toMatchObject({ memberId: c.memberId, paid: 0 });
      expect(await openRowsOf(c.id)).toHaveLength(1);
    }
  });

  it('deletes a draft with its cards, and refuses to delete an approved activity', async () => {
    const d = await create();
    okData(await admin.call(MARKETING_ACTIVITY_API.delete!, { body: { ids: [d.id] } as never }));
    expect(await t.db.select().from(marketingRealCard).where(eq(marketingRealCard.activityId, d.id))).toEqual([]);
    const a = await approved();
    const res = await admin.call(MARKETING_ACTIVITY_API.delete!, { body: { ids: [a.id] } as never });
    expect(res.body.errcode).toBe(ERR.ACTIVITY_STATE_CHANGED);
    expect(res.body.errmsg).toContain('已通过');
  });

  it('voids one unclaimed card, then all the others, never a claimed one', async () => {
    const a = await approved({ quantity: 4 });
    const list = (await cards(a.id)).list;
    await t.db.transaction(async (tx) => {
      const key = await claimKey(tx);
      const n = list[0]!.number;
      await claimRealCard(tx, { number: n, secret: claimCodeOf(key, n), memberId: members.sh.id });
    });
    const claimedOne = await marketer.call(REAL_CARD_API.voidCards, {
      body: { activityId: a.id, cardIds: [list[0]!.id] },
    });
    expect(claimedOne.body.errcode).toBe(ERR.REAL_CARD_CLAIMED);
    expect(
      okData(await marketer.call(REAL_CARD_API.voidCards, { body: { activityId: a.id, cardIds: [list[1]!.id] } })),
    ).toEqual({ count: 1 });
    expect(okData(await marketer.call(REAL_CARD_API.voidCards, { body: { activityId: a.id, all: true } }))).toEqual({
      count: 2,
    });
    expect((await view(a.id)).counts).toEqual({ unclaimed: 0, claimed: 1, voided: 3 });
    expect((await cards(a.id, 'voided')).total).toBe(3);
    expect((await lastOperation(t.db, 'marketingActivity.voidCards'))?.after).toMatchObject({ count: 2, all: true });
    const nothing = await marketer.call(REAL_CARD_API.voidCards, { body: { activityId: a.id } as never });
    expect(fieldsOf(nothing.body).cardIds).toBe('请选择要作废的卡');
    expect((await viewer.call(REAL_CARD_API.voidCards, { body: { activityId: a.id, all: true } })).body.errcode).toBe(
      ERR.FORBIDDEN,
    );
  });
});

describe('qrcodePackDownloadRealCard', () => {
  const download = (c: TestClient, id: number) => getBytes(t.app, c, `${REAL_CARD_API.qrcodePack.path}?id=${id}`, {});

  it('refuses before approval, and a user without 导出', async () => {
    const a = await create();
    const res = await download(marketer, a.id);
    expect(res.json).toMatchObject({ errcode: ERR.ACTIVITY_STATE_CHANGED });
    const b = await approved();
    expect((await download(viewer, b.id)).json).toMatchObject({ errcode: ERR.FORBIDDEN });
    expect((await download(marketer, 999_999)).json).toMatchObject({ errcode: ERR.RECORD_NOT_FOUND });
  });

  it('streams a zip of the card list and one PNG per card whose QR code is the claim URL', async () => {
    const a = await approved({ quantity: 6, name: '下载测试' });
    const res = await download(marketer, a.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('下载测试'));
    const zip = await JSZip.loadAsync(res.bytes);
    const names = Object.keys(zip.files);
    const pngs = names.filter((n) => n.endsWith('.png'));
    const numbers = (await cards(a.id)).list.map((c) => c.number);
    expect(pngs.sort()).toEqual(numbers.map((n) => `${n}.png`).sort());
    expect(names).toContain('卡号清单.xlsx');

    const sheet = await readSheet(await zip.file('卡号清单.xlsx')!.async('nodebuffer'));
    expect(sheet[0]).toEqual(['卡号', '卡项', '状态']);
    expect(sheet.slice(1)).toEqual(numbers.map((n) => [n, '实体卡测试套餐卡', '未领取']));

    const first = await zip.file(`${numbers[0]}.png`)!.async('nodebuffer');
    expect(first.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const img = PNG.sync.read(first);
    const qr = jsQR(new Uint8ClampedArray(img.data), img.width, img.height);
    const key = await claimKey(t.db);
    expect(qr?.data).toBe(`https://m.example.com/claim?no=${numbers[0]}&code=${claimCodeOf(key, numbers[0]!)}`);
  });

  it('takes the claim page from the realCardClaimUrl setting (/configUtils), which must be a web address', async () => {
    const bad = await admin.call(CONFIG_API.update, { body: { key: 'realCardClaimUrl', value: 'ftp://x' } as never });
    expect(fieldsOf(bad.body).value).toMatch(/http/);
    okData(
      await admin.call(CONFIG_API.update, {
        body: { key: 'realCardClaimUrl', value: 'https://h5.zb.cn/rc?src=card' } as never,
      }),
    );
    try {
      const a = await approved({ quantity: 1 });
      const zip = await JSZip.loadAsync((await download(marketer, a.id)).bytes);
      const [n] = (await cards(a.id)).list.map((c) => c.number);
      const img = PNG.sync.read(await zip.file(`${n}.png`)!.async('nodebuffer'));
      const qr = jsQR(new Uint8ClampedArray(img.data), img.width, img.height);
      expect(qr?.data).toBe(`https://h5.zb.cn/rc?src=card&no=${n}&code=${claimCodeOf(await claimKey(t.db), n!)}`);
    } finally {
      okData(
        await admin.call(CONFIG_API.update, {
          body: { key: 'realCardClaimUrl', value: 'https://m.example.com/claim' } as never,
        }),
      );
    }
  });
});

describe('claimRealCard', () => {
  let key: Buffer;
  const claim = (number: string, secret: string, now?: Date, memberId = members.sh.id) =>
    t.db.transaction((tx) => claimRealCard(tx, { number, secret, memberId }, now));
  const errOf = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'ok';
    } catch (e) {
      return (e as { errcode: string }).errcode;
    }
  };

  beforeAll(async () => {
    key = await claimKey(t.db);
  });

  it('claims a card with the right code, once', async () => {
    const a = await approved({ quantity: 2 });
    const [c] = (await cards(a.id)).list;
    const got = await claim(c!.number, claimCodeOf(key, c!.number));
    expect(got).toMatchObject({
      number: c!.number,
      cardId: comboCard,
      cardName: '实体卡测试套餐卡',
      cardKind: 'combo',
    });
    const row = (await cards(a.id, 'claimed')).list[0]!;
    expect(row).toMatchObject({
      number: c!.number,
      memberPhone: members.sh.phone,
      memberId: members.sh.id,
      memberName: '领卡会员甲',
      memberCode: members.sh.code,
      memberCardNo: got.memberCardNo,
    });
    expect(await errOf(claim(c!.number, claimCodeOf(key, c!.number)))).toBe(ERR.REAL_CARD_CLAIMED);
    expect((await lastOperation(t.db, 'realCard.claim'))?.target).toBe(`marketing_real_card:${c!.id}`);
  });

  it('refuses a wrong code, a wrong check digit and an unknown number alike', async () => {
    const a = await approved({ quantity: 1 });
    const [c] = (await cards(a.id)).list;
    expect(await errOf(claim(c!.number, 'AAAAAAAAAAAAAAAA'))).toBe(ERR.REAL_CARD_INVALID);
    const badDigit = `${c!.number.slice(0, -1)}${(Number(c!.number.slice(-1)) + 1) % 10}`;
    expect(await errOf(claim(badDigit, claimCodeOf(key, badDigit)))).toBe(ERR.REAL_CARD_INVALID);
    expect(await errOf(claim('999999000019', claimCodeOf(key, '999999000019')))).toBe(ERR.REAL_CARD_INVALID);
    expect((await cards(a.id, 'unclaimed')).total).toBe(1);
  });

  it('refuses outside the period and before approval or after 停用', async () => {
    const a = await approved({ quantity: 1, startDate: addDays(2), endDate: addDays(5) });
    const [c] = (await cards(a.id)).list;
    const code = claimCodeOf(key, c!.number);
    expect(await errOf(claim(c!.number, code))).toBe(ERR.REAL_CARD_NOT_OPEN);
    expect(await errOf(claim(c!.number, code, new Date(Date.now() + 6 * 86_400_000)))).toBe(ERR.REAL_CARD_NOT_OPEN);
    expect(await claim(c!.number, code, new Date(Date.now() + 3 * 86_400_000))).toMatchObject({ number: c!.number });

    const d = await create({ quantity: 1 });
    const [dc] = (await cards(d.id)).list;
    expect(await errOf(claim(dc!.number, claimCodeOf(key, dc!.number)))).toBe(ERR.REAL_CARD_NOT_OPEN);
    const s = await approved({ quantity: 1 });
    okData(await approver.call(REAL_CARD_API.disable, { body: { id: s.id } }));
    const [sc] = (await cards(s.id)).list;
    expect(await errOf(claim(sc!.number, claimCodeOf(key, sc!.number)))).toBe(ERR.REAL_CARD_NOT_OPEN);
  });

  it('refuses a voided card', async () => {
    const a = await approved({ quantity: 1 });
    const [c] = (await cards(a.id)).list;
    okData(await marketer.call(REAL_CARD_API.voidCards, { body: { activityId: a.id, cardIds: [c!.id] } }));
    expect(await errOf(claim(c!.number, claimCodeOf(key, c!.number)))).toBe(ERR.REAL_CARD_VOIDED);
  });

  it('lets exactly one of two claims at once win', async () => {
    const a = await approved({ quantity: 1 });
    const [c] = (await cards(a.id)).list;
    const code = claimCodeOf(key, c!.number);
    const results = await Promise.all([
      errOf(claim(c!.number, code, undefined, members.sh.id)),
      errOf(claim(c!.number, code, undefined, members.sh2.id)),
      errOf(claim(c!.number, code, undefined, members.gz.id)),
    ]);
    expect(results.sort()).toEqual(['ok', ERR.REAL_CARD_CLAIMED, ERR.REAL_CARD_CLAIMED].sort());
    expect((await cards(a.id, 'claimed')).total).toBe(1);
    // Exactly one member card, and one 开卡 row, came of it.
    expect(await openRowsOf(c!.id)).toHaveLength(1);
    const [real] = await t.db.select().from(marketingRealCard).where(eq(marketingRealCard.id, c!.id));
    const opened = await t.db.select().from(memberCard).where(eq(memberCard.id, real!.memberCardId!));
    expect(opened).toHaveLength(1);
    expect(opened[0]!.memberId).toBe(real!.memberId);
  });

  it('opens the card product for the member at their home store: paid 0, its sessions, one 开卡 row naming the real card', async () => {
    const a = await approved({ quantity: 1 });
    const [c] = (await cards(a.id)).list;
    const before = await cardsOfMember(members.gz.id);
    const got = await claim(c!.number, claimCodeOf(key, c!.number), undefined, members.gz.id);
    expect(got.memberCardNo).toMatch(/^KH\d{8}$/);
    expect(await cardsOfMember(members.gz.id)).toHaveLength(before.length + 1);
    const [mc] = await t.db.select().from(memberCard).where(eq(memberCard.id, got.memberCardId));
    expect(mc).toMatchObject({
      memberId: members.gz.id,
      cardId: comboCard,
      kind: 'combo',
      storeId: storeIds.gz,
      paid: 0,
      balance: null,
      status: 'active',
    });
    expect(mc!.expiresAt.getTime() - mc!.openedAt.getTime()).toBe(365 * 86_400_000);
    const sessions = await t.db
      .select()
      .from(memberCardSession)
      .where(eq(memberCardSession.memberCardId, got.memberCardId));
    expect(sessions).toEqual([{ memberCardId: got.memberCardId, projectId: sessionProject, total: 6, remaining: 6 }]);
    const rows = await t.db.select().from(cardLedger).where(eq(cardLedger.memberCardId, got.memberCardId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'open',
      refType: 'marketing_real_card',
      refId: c!.id,
      projectId: sessionProject,
      sessions: 6,
      sessionsAfter: 6,
      storeId: storeIds.gz,
    });
    const [real] = await t.db.select().from(marketingRealCard).where(eq(marketingRealCard.id, c!.id));
    expect(real).toMatchObject({
      status: 'claimed',
      memberId: members.gz.id,
      memberPhone: members.gz.phone,
      memberCardId: got.memberCardId,
    });
    expect((await lastOperation(t.db, 'memberCard.open'))?.after).toMatchObject({
      cardNo: got.memberCardNo,
      paid: 0,
      source: `实体卡 ${c!.number}`,
    });

    // /personalAccount shows it as any other card; its 开卡 row names the real card.
    const held = okData(await admin.call(MEMBER_API.cards, { query: { memberId: members.gz.id } })) as MemberCardDto[];
    expect(held.find((x) => x.id === got.memberCardId)).toMatchObject({
      cardNo: got.memberCardNo,
      cardName: '实体卡测试套餐卡',
      paid: 0,
      sessions: [{ projectId: sessionProject, total: 6, remaining: 6 }],
    });
    const ledger = okData(
      await admin.call(MEMBER_API.cardLedger, { query: { memberCardId: got.memberCardId } }),
    ) as Page<CardLedgerDto>;
    expect(ledger.list).toHaveLength(1);
    expect(ledger.list[0]).toMatchObject({ kindName: '开卡', refNo: `实体卡 ${c!.number}`, sessions: 6 });
  });

  it('opens a 储值卡 with the card’s amount and bonus', async () => {
    const a = await approved({ quantity: 1, cardId: storedCard });
    const [c] = (await cards(a.id)).list;
    const got = await claim(c!.number, claimCodeOf(key, c!.number), undefined, members.sh2.id);
    const [mc] = await t.db.select().from(memberCard).where(eq(memberCard.id, got.memberCardId));
    expect(mc).toMatchObject({ kind: 'stored', paid: 0, balance: 50000, bonusBalance: 8000, storeId: storeIds.sh });
    const rows = await openRowsOf(c!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'open', amount: 50000, bonusAmount: 8000, balanceAfter: 50000 });
  });

  it('refuses an unknown or frozen member, a home store outside the card’s 适用门店 and a card gone off sale: nothing changes', async () => {
    const [{ n: cardsBefore }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(memberCard)) as [
      { n: number },
    ];
    const tryClaim = async (cardId: number, memberId: number) => {
      const a = await approved({ quantity: 1, cardId });
      const [c] = (await cards(a.id)).list;
      try {
        await claim(c!.number, claimCodeOf(key, c!.number), undefined, memberId);
        return { errcode: 'ok', msg: '', id: c!.id, activity: a.id };
      } catch (e) {
        const err = e as { errcode: string; message: string };
        return { errcode: err.errcode, msg: err.message, id: c!.id, activity: a.id };
      }
    };
    const unknown = await tryClaim(comboCard, 987_654);
    expect(unknown).toMatchObject({ errcode: ERR.RECORD_NOT_FOUND, msg: '会员不存在或已被删除' });
    const frozen = await tryClaim(comboCard, members.frozen.id);
    expect(frozen).toMatchObject({ errcode: ERR.MEMBER_FROZEN, msg: expect.stringContaining('已冻结') });
    const wrongStore = await tryClaim(levelCard, members.sh.id);
    expect(wrongStore).toMatchObject({
      errcode: ERR.MEMBER_CARD_WRONG_STORE,
      msg: '卡项「实体卡测试限店卡」不适用于上海徐汇店',
    });
    // The activity's card product taken off sale after approval.
    await t.db.update(card).set({ status: 'on' }).where(eq(card.id, offCard));
    await t.db.insert(cardProject).values({ cardId: offCard, projectId: sessionProject, sessions: 1, line: 1 });
    const a = await approved({ quantity: 1, cardId: offCard });
    await t.db.update(card).set({ status: 'off' }).where(eq(card.id, offCard));
    const [oc] = (await cards(a.id)).list;
    expect(await errOf(claim(oc!.number, claimCodeOf(key, oc!.number)))).toBe(ERR.MEMBER_INVALID);

    for (const r of [unknown, frozen, wrongStore, { id: oc!.id, activity: a.id }]) {
      const [real] = await t.db.select().from(marketingRealCard).where(eq(marketingRealCard.id, r.id));
      expect(real).toMatchObject({ status: 'unclaimed', memberId: null, memberCardId: null, memberPhone: null });
      expect(await openRowsOf(r.id)).toEqual([]);
      expect((await view(r.activity)).counts).toEqual({ unclaimed: 1, claimed: 0, voided: 0 });
    }
    const [{ n: cardsAfter }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(memberCard)) as [
      { n: number },
    ];
    expect(cardsAfter).toBe(cardsBefore);
    expect(await cardsOfMember(members.frozen.id)).toEqual([]);
  });

  it('shows the claimer’s name only to a caller whose data scope holds the member', async () => {
    const a = await approved({ quantity: 2 });
    const [c1, c2] = (await cards(a.id)).list;
    await claim(c1!.number, claimCodeOf(key, c1!.number), undefined, members.sh.id);
    await claim(c2!.number, claimCodeOf(key, c2!.number), undefined, members.gz.id);
    const east = await roleUser('13900000105', 'RC_EAST', [], '华东大区');
    const page = okData(
      await east.call(REAL_CARD_API.cards, { query: { activityId: a.id, pageSize: 10 } }),
    ) as Page<RealCardRow>;
    expect(page.list.map((r) => [r.memberPhone, r.memberName])).toEqual([
      [members.sh.phone, '领卡会员甲'],
      [members.gz.phone, null],
    ]);
    expect(page.list[1]).toMatchObject({ memberId: null, memberCode: null, memberCardNo: null });
  });
});
