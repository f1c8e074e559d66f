/**
 * Demo data, seeded on the first start (no accounts yet), and the base of every scale of the data
 * generator (seed/cli.ts). Deterministic: a fresh database always gets the same ids. Role resources are computed from the contract's route table at seed time.
 */

import { AREA_CODES, DEFAULT_AREA_CODE } from '@zb/contract/phone';
import { RESOURCES } from '@zb/contract/routes';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { areaCode } from '../modules/auth/schema';
import { foldBillRollups } from '../modules/bills/rollups';
import { hier, hierContent, hierContentRole, role, userRole } from '../modules/hierarchy/schema';
import { foldRollupDeltas } from '../modules/members/rollups';
import { resource, roleResource, userQuick } from '../modules/resources/schema';
import { region, store } from '../modules/stores/schema';
import { hashPassword } from '../platform/password';
import { demoPassword } from './accounts';
import { seedActCoupons } from './actCoupons';
import { seedApprovals } from './approvals';
import { seedBillConfig } from './billConfig';
import { seedBillPages } from './billPages';
import { seedBillRefunds } from './billRefunds';
import { seedBosses } from './bosses';
import { seedBossGifts } from './bossGifts';
import { seedChannels, seedSoftTexts } from './channels';
import { seedCouponCrowdIssue } from './couponCrowdIssue';
import { seedCoupons } from './coupons';
import { seedCrowds } from './crowds';
import { seedErp } from './erp';
import { seedEvaluations } from './evaluations';
import { seedExaminations } from './examinations';
import { seedFission } from './fission';
import { seedFlows } from './flows';
import { seedGiftPlans } from './giftPlans';
import { seedGoods } from './goods';
import { seedGoodsConfig } from './goodsConfig';
import { seedGoodsExtra } from './goodsExtra';
import { seedMoreGoods } from './goodsScale';
import { seedGroupBuy } from './groupBuy';
import { seedHomepage } from './homepage';
import { seedIntents } from './intents';
import { seedMall } from './mall';
import { seedMallEvents } from './mallEvents';
import { seedMarketing } from './marketing';
import { seedMemberAssets } from './memberAssets';
import { seedMemberCare } from './memberCare';
import { seedMemberImport } from './memberImport';
import { seedMemberLifecycle } from './memberLifecycle';
import { seedMemberMoves } from './memberMoves';
import { seedMembers } from './members';
import { seedNotices } from './notices';
import { seedNotify } from './notify';
import { seedOpenClients } from './openApi';
import { seedPerformance } from './performance';
import { seedPoints } from './points';
import { seedProductOnlineRates } from './productOnlineRate';
import { seedPromotions } from './promotion';
import { seedSales } from './sales';
import { DEFAULT_SEED, SCALES, type Scale } from './scale';
import { seedScrm } from './scrm';
import { seedSecondments } from './secondments';
import { seedSecurity } from './security';
import { seedSettlement } from './settlement';
import { seedShr } from './shr';
import { seedStocktaking } from './stocktaking';
import { seedStoreOrders } from './storeOrders';
import { seedStoreQuickDefaults } from './storeQuick';
import { seedStoresAndStaff } from './stores';
import { seedStoresMore } from './storesMore';
import { seedTaskCenter } from './taskCenter';
import { seedWxwork } from './wxwork';

const REGIONS: readonly { name: string; stores: readonly [code: string, name: string, scrm: boolean][] }[] = [
  {
    name: '华东大区',
    stores: [
      ['SH001', '上海徐汇店', true],
      ['SH002', '上海静安店', true],
      ['HZ001', '杭州西湖店', false],
    ],
  },
  {
    name: '华南大区',
    stores: [
      ['GZ001', '广州天河店', true],
      ['SZ001', '深圳南山店', false],
    ],
  },
  {
    name: '华北大区',
    stores: [
      ['BJ001', '北京朝阳店', true],
      ['BJ002', '北京海淀店', false],
      ['TJ001', '天津和平店', false],
    ],
  },
  {
    name: '西南大区',
    stores: [
      ['CD001', '成都锦江店', true],
      ['CQ001', '重庆渝中店', false],
    ],
  },
  {
    name: '华中大区',
    stores: [
      ['WH001', '武汉江汉店', false],
      ['CS001', '长沙芙蓉店', true],
    ],
  },
];

type Level = 'hq' | 'region' | 'store';

/** Roles in id order: ids 1–5 open in a new tab when switched to (SPEC §9), so HQ roles come first. */
export const DEMO_ROLES: readonly {
  code: string;
  name: string;
  level: Level;
  description: string;
  groups: readonly string[];
}[] = [
  {
    code: 'HQ_OPS',
    name: '总部运营',
    level: 'hq',
    description: '总部运营：商品、门店、员工、会员、订单、报表与消息',
    groups: ['ZBHT-SPGL', 'ZBHT-MDGL', 'ZBHT-YGGL', 'ZBHT-HYGL', 'ZBHT-DDGL', 'ZBHT-BBHZ', 'ZBHT-XXZX'],
  },
  {
    code: 'HQ_FINANCE',
    name: '总部财务',
    level: 'hq',
    description: '总部财务：订单、报表与审批',
    groups: ['ZBHT-DDGL', 'ZBHT-BBHZ', 'ZBHT-SPZX'],
  },
  {
    code: 'HQ_MARKETING',
    name: '总部营销',
    level: 'hq',
    description: '总部营销：商品、商城与平台优惠',
    groups: ['ZBHT-SPGL', 'ZBHT-SCGL', 'ZBHT-YHFA-PAG'],
  },
  {
    code: 'HQ_SYSTEM',
    name: '总部系统管理',
    level: 'hq',
    description: '基础管理、系统运维与业务安全',
    groups: ['ZBHT-JCGL', 'ZBHT-XTYW', 'YWAQ'],
  },
  {
    code: 'STORE_MANAGER',
    name: '门店店长',
    level: 'store',
    description: '门店店长：本店的门店与会员管理',
    groups: ['ZBHT-MDGL', 'ZBHT-HYGL'],
  },
  {
    code: 'REGION_SUPERVISOR',
    name: '大区督导',
    level: 'region',
    description: '大区督导：本大区的门店、员工、会员与报表',
    groups: ['ZBHT-MDGL', 'ZBHT-YGGL', 'ZBHT-HYGL', 'ZBHT-BBHZ'],
  },
  {
    code: 'REGION_MANAGER',
    name: '大区经理',
    level: 'region',
    description: '大区经理：本大区的门店、员工、会员、订单、审批与报表',
    groups: ['ZBHT-MDGL', 'ZBHT-YGGL', 'ZBHT-HYGL', 'ZBHT-DDGL', 'ZBHT-SPZX', 'ZBHT-BBHZ'],
  },
];

const USERS = [
  { loginName: 'admin', phone: null, nickname: '系统管理员', isAdmin: true, kind: 'hq' },
  { loginName: '13800000001', phone: '13800000001', nickname: '张敏', isAdmin: false, kind: 'hq' },
  { loginName: '13800000002', phone: '13800000002', nickname: '李强', isAdmin: false, kind: 'hq' },
  { loginName: '13800000003', phone: '13800000003', nickname: '王建国', isAdmin: false, kind: 'boss' },
  { loginName: 'SYYG0001', phone: '13800000004', nickname: '陈静', isAdmin: false, kind: 'store' },
] as const;

/** Who holds which role where: [login, role code, content name]. */
const HOLDINGS: readonly [string, string, string][] = [
  ['13800000001', 'HQ_OPS', '总部'],
  ['13800000001', 'REGION_SUPERVISOR', '华南大区'],
  ['13800000002', 'REGION_MANAGER', '华东大区'],
];

const BOSS_STORE = 'HZ001';

/** Group codes plus every page of those groups and every button of those pages. */
export const codesOfGroups = (groups: readonly string[]): Set<string> => {
  const codes = new Set(groups);
  for (const r of RESOURCES) if (r.kind === 'page' && r.parentCode && codes.has(r.parentCode)) codes.add(r.code);
  for (const r of RESOURCES) if (r.kind === 'button' && r.parentCode && codes.has(r.parentCode)) codes.add(r.code);
  return codes;
};

const byName = <T extends { id: number; name: string }>(rows: readonly T[], name: string): T => {
  const row = rows.find((r) => r.name === name);
  if (!row) throw new Error(`seed: ${name} missing`);
  return row;
};

const insertPlaces = async (tx: Tx) => {
  const regions = await tx
    .insert(region)
    .values(REGIONS.map((r, sort) => ({ name: r.name, sort })))
    .returning({ id: region.id, name: region.name });
  const stores = await tx
    .insert(store)
    .values(
      REGIONS.flatMap((r) =>
        r.stores.map(([code, name, scrmEnabled]) => ({
          code,
          name,
          scrmEnabled,
          regionId: byName(regions, r.name).id,
        })),
      ),
    )
    .returning({ id: store.id, code: store.code, name: store.name });
  return { regions, stores };
};

const insertHierarchy = async (tx: Tx, places: Awaited<ReturnType<typeof insertPlaces>>) => {
  const boxes = await tx
    .insert(hier)
    .values([
      { name: '总部', level: 'hq', sort: 0 },
      { name: '大区', level: 'region', sort: 1 },
      { name: '门店', level: 'store', sort: 2 },
    ])
    .returning({ id: hier.id, level: hier.level });
  const boxOf = (level: Level) => boxes.find((b) => b.level === level)!.id;
  const contents = await tx
    .insert(hierContent)
    .values([
      { hierId: boxOf('hq'), name: '总部' },
      ...places.regions.map((r) => ({ hierId: boxOf('region'), name: r.name, regionId: r.id })),
      ...places.stores.map((s) => ({ hierId: boxOf('store'), name: s.name, storeId: s.id })),
    ])
    .returning({ id: hierContent.id, name: hierContent.name, hierId: hierContent.hierId });
  const roles = await tx
    .insert(role)
    .values(DEMO_ROLES.map((r) => ({ hierId: boxOf(r.level), code: r.code, name: r.name, description: r.description })))
    .returning({ id: role.id, code: role.code, hierId: role.hierId });
  // Every role is offered in every content of its box.
  const offers = await tx
    .insert(hierContentRole)
    .values(
      roles.flatMap((r) =>
        contents.filter((c) => c.hierId === r.hierId).map((c) => ({ contentId: c.id, roleId: r.id })),
      ),
    )
    .returning({ id: hierContentRole.id, contentId: hierContentRole.contentId, roleId: hierContentRole.roleId });
  return { contents, roles, offers };
};

export interface SeedOptions {
  scale?: Scale;
  seed?: number;
  /** The order history ends the day before (default: today). */
  now?: Date;
  /** false: no history of the demo's kind (GenerateOptions.history); a bulk scale has none either. */
  history?: boolean;
}

/** The world of a scale: accounts, roles, regions, stores, staff and goods, in one transaction. */
export const seedDemo = async (
  db: Db,
  { scale = SCALES.demo, seed = DEFAULT_SEED, now = new Date(), history: wanted = true }: SeedOptions = {},
): Promise<void> => {
  // The demo's history, made through the services; a bulk scale's goes in with COPY afterwards.
  const history = wanted && !scale.bulkHistory;
  const hashes = await Promise.all(USERS.map((u) => hashPassword(demoPassword(u.loginName))));
  await db.transaction(async (tx) => {
    const users = await tx
      .insert(userAccount)
      .values(USERS.map((u, i) => ({ ...u, passwordHash: hashes[i]! })))
      .returning({ id: userAccount.id, loginName: userAccount.loginName });
    const places = await insertPlaces(tx);
    const boss = users.find((u) => u.loginName === '13800000003')!;
    await tx.update(store).set({ bossUserId: boss.id }).where(eq(store.code, BOSS_STORE));
    const { contents, roles, offers } = await insertHierarchy(tx, places);

    const resources = await tx
      .select({ id: resource.id, code: resource.code, kind: resource.kind })
      .from(resource)
      .orderBy(asc(resource.id));
    const grants = roles.flatMap((r) => {
      const codes = codesOfGroups(DEMO_ROLES.find((d) => d.code === r.code)!.groups);
      return resources.filter((res) => codes.has(res.code)).map((res) => ({ roleId: r.id, resourceId: res.id }));
    });
    if (grants.length) await tx.insert(roleResource).values(grants);

    const holdings = HOLDINGS.map(([login, roleCode, contentName]) => {
      const roleId = roles.find((r) => r.code === roleCode)!.id;
      const contentId = byName(contents, contentName).id;
      const offer = offers.find((o) => o.roleId === roleId && o.contentId === contentId)!;
      return { userId: users.find((u) => u.loginName === login)!.id, contentRoleId: offer.id };
    });
    await tx.insert(userRole).values(holdings);

    // 张敏 starts with a few shortcuts in her headquarters role.
    const hqOps = roles.find((r) => r.code === 'HQ_OPS')!;
    const opsPages = grants
      .filter((g) => g.roleId === hqOps.id)
      .map((g) => resources.find((r) => r.id === g.resourceId)!);
    const quicks = opsPages.filter((r) => r.kind === 'page').slice(0, 4);
    if (quicks.length) {
      await tx
        .insert(userQuick)
        .values(quicks.map((r, sort) => ({ userId: holdings[0]!.userId, roleId: hqOps.id, resourceId: r.id, sort })));
    }

    await tx
      .insert(areaCode)
      .values(AREA_CODES.map((a) => ({ areaCode: a.areaCode, name: a.name, def: a.areaCode === DEFAULT_AREA_CODE })));

    await seedNotices(tx);
    await seedWxwork(tx);
    await seedBosses(tx);
    await seedStoreQuickDefaults(tx);
    await seedGoods(tx);
    await seedGoodsExtra(tx);
    await seedMoreGoods(tx, scale, seed);
    await seedStoresAndStaff(tx, scale, seed);
    await seedApprovals(tx, now);
    await seedGoodsConfig(tx);
    await seedProductOnlineRates(tx, now);
    // A large history goes in with COPY after this transaction (seed/generate.ts).
    if (history) {
      await seedStoreOrders(tx, { scale, seed, now });
      // Members first: some member receive records (seedStoresMore) are theirs.
      await seedMembers(tx, { seed, now });
      await seedStoresMore(tx);
      await seedBillPages(tx, now);
      await seedBillRefunds(tx, now);
      await seedIntents(tx, now);
      // Goods lent between stores and given back: after the store orders received them.
      await seedSecondments(tx, now);
      // After the members' history: its draws would pass the draw limits it adds.
      await seedBillConfig(tx, now);
    }
    await seedOpenClients(tx);
    // 消息中心: templates, messages and tasks across store trees (issue 17).
    await seedTaskCenter(tx, now);
    // SHR: mappings, SHR's people in the simulator and yesterday's scheduled sync (issue 17).
    await seedShr(tx, now);
    // 盘点通知: a month-end round with BJ001's count and the others overdue, a spot check open (issue 17).
    if (history) await seedStocktaking(tx, now);
    // The mini-program's orders: after its key, which sends them.
    if (history) await seedMall(tx, now);
    // Staff shares, and trial and card-sale bills sent as the demo POS terminal sends them.
    if (history) await seedPerformance(tx, now);
    // Bills paid with 意向金 through the POS key, one refunded (after the key, which sends them).
    if (history) await seedFlows(tx, now);
    // 团购平台: apps, shops and deals mapped, vouchers verified by the demo POS (after its key).
    await seedGroupBuy(tx, now);
    // Cards in every abnormal state of /abnormalCardList, and their handlings (issue 15).
    if (history) await seedMemberAssets(tx, now);
    // After the members: its claimed cards are claimed by them (none at the large scale yet).
    await seedMarketing(tx, now);
    // A closed store with its members moved (after every seed that writes to the members' cards).
    if (history) await seedMemberMoves(tx, now);
    // 优惠券: templates, issues, coupons used on bills at the demo POS, one refunded (issue 16).
    if (history) await seedCoupons(tx, now);
    // 活动券: printed codes of an active coupon, allotted to two stores, three redeemed at BJ001's POS (issue 16).
    if (history) await seedActCoupons(tx);
    // 推广方案: plans, referrals and first bills (issue 16; after the coupons, the members and the staff).
    if (history) await seedPromotions(tx, now);
    // 折扣方案: plans in every state, bills at BJ001's POS priced by the running one (issue 16).
    if (history) await seedSales(tx, now);
    // 赠送方案: plans in every state, top-ups and a card sale at TJ001 and CQ001 that took gifts (issue 16).
    if (history) await seedGiftPlans(tx, now);
    // 老板赠送: activities, the bosses of TJ001 and CQ001 giving members coupons, one used (issue 16; after the gift plans' coupon).
    if (history) await seedBossGifts(tx, now);
    // 裂变活动: activities and a sharing tree three levels deep (issue 16; after the gift plans' coupon).
    if (history) await seedFission(tx, now);
    // 商城活动: templates, events in every state, 秒杀 and 拼团 orders from the demo mini-program (issue 16; after the mall).
    if (history) await seedMallEvents(tx, now);
    // Points of the bills and refunds above, and exchanges (after every bill and refund).
    if (history) await seedPoints(tx, now);
    // After every bill of the history, which its limits and blacklist would have refused; its
    // risky day's bills before the folds and the settled month, which read them.
    await seedSecurity(tx, now, history);
    // 会员迁入: an import of a few hundred members, and one undone (issue 15).
    if (history) await seedMemberImport(tx);
    // 会员生命周期: a saved definition and every member's stages (after every bill and card above).
    if (history) await seedMemberLifecycle(tx, now);
    // 人群 and their snapshots over the members, cards and bills above (issue 16).
    if (history) await seedCrowds(tx, now);
    // Promotion channels and QR codes, with scans and members registered through them (issue 16).
    if (history) await seedChannels(tx, now);
    await seedSoftTexts(tx);
    // 小程序首页: published once, a draft changed since (issue 16; after the goods and the 软文).
    await seedHomepage(tx);
    // 评价: dimensions, settings, members' evaluations of the bills above, replies and handled 差评 (issue 17).
    if (history) await seedEvaluations(tx, now);
    // 头皮检测: the items and reports sent as the stores' devices send them (after the key and the members).
    await seedExaminations(tx, now, history);
    // 优惠券按人群发放: a coupon issued to a demo crowd as the job does it (issue 16).
    if (history) await seedCouponCrowdIssue(tx);
    // Members as people: tags, files, follow-ups and remarks sent as the stores send them (issue 17).
    if (history) await seedMemberCare(tx, now);
    // 通知渠道: templates, notices, followers and the last month's bills told to their members (issue 17).
    await seedNotify(tx, now, history);
    // 企业微信客户: the SCRM stores' staff's customers in the WeCom simulator, two 联合标签, one sync (issue 17).
    if (history) await seedScrm(tx, now);
    // The rollups' deltas written by the history, folded in (modules/members/rollups.ts).
    await foldRollupDeltas(tx);
    await foldBillRollups(tx);
    // Last: the settled month reads the bills, refunds and closed bills above.
    await seedSettlement(tx, now, history);
    // Last: the vouchers are made from every bill and refund above.
    await seedErp(tx, now, { vouchers: history });
  });
};
