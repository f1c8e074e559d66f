/**
 * Demo goods settings: trial-project limits with some trials taken, advance-verification rules,
 * the cross-level draw matrix, group-buy relations on 美团 and 抖音, and the mini-program's goods.
 * Runs after the goods and the stores are seeded. Deterministic: fixed lists and the seeded PRNG.
 */
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  advanceVerification,
  card,
  crossLevelDraw,
  miniProgramItem,
  openCommodityRelation,
  product,
  project,
  trialLimit,
  trialUse,
} from '../modules/goods/schema';
import { masterItem } from '../modules/master/schema';
import { store } from '../modules/stores/schema';
import { prng } from './stores';

/** [project code, times, period, store scope, enabled, remark]. */
const TRIAL_LIMITS = [
  ['J020', 1, 'lifetime', 'all', true, '新客体验，每位会员仅限一次'],
  ['J017', 2, 'year', 'store', true, '免费检测，每店每年两次'],
  ['J001', 1, 'year', 'all', false, '活动结束，暂停限制'],
] as const;

/** [project or card code, days, store levels (none: every store), enabled]. */
const ADVANCE_RULES = [
  ['J001', 3, [], true],
  ['J012', 7, ['A', 'B'], true],
  ['J016', 2, ['A'], false],
  ['C002', 5, [], true],
  ['C003', 3, ['A', 'B', 'C'], true],
] as const;

/** [sold at level, drawn at level]: a higher level's cards are drawn at the levels below it. */
const CROSS_LEVEL = [
  ['A', 'B'],
  ['A', 'C'],
  ['A', 'D'],
  ['B', 'C'],
  ['B', 'D'],
  ['C', 'D'],
] as const;

/** [platform, platform goods id, name, price 元, project or card code, sessions, enabled]. */
const OPEN_RELATIONS = [
  ['meituan', 'MT202501001', '【新客专享】体验头疗 60 分钟', 39.9, 'J020', 1, true],
  ['meituan', 'MT202501002', '头皮深层清洁护理 单次', 128, 'J001', 1, true],
  ['meituan', 'MT202501003', '控油舒缓头疗 3 次套餐', 599, 'J002', 3, true],
  ['douyin', 'DY7301450001', '抖音专享 头皮检测 + 体验头疗', 49.9, 'J020', 1, true],
  ['douyin', 'DY7301450002', '防脱固发疗程卡', 1980, 'C002', 1, true],
  ['koubei', 'KB88001', '草本养发护理 单次', 138, 'J005', 1, false],
] as const;

/** [kind, code, tab, category, sort, recommended]. */
const MINI_PROGRAM = [
  ['project', 'J020', 'home', '新客体验', 1, true],
  ['card', 'C008', 'home', '新客体验', 2, true],
  ['project', 'J001', 'booking', '头皮护理', 10, true],
  ['project', 'J002', 'booking', '头皮护理', 11, false],
  ['project', 'J009', 'booking', '防脱固发', 20, false],
  ['project', 'J005', 'booking', '养发护理', 30, false],
  ['product', 'P002', 'mall', '洗护', 10, true],
  ['product', 'P006', 'mall', '精华', 20, true],
  ['product', 'P011', 'mall', '护发', 30, false],
  ['product', 'P029', 'mall', '礼盒', 40, false],
  ['card', 'C001', 'cards', '次卡', 10, false],
  ['card', 'C005', 'cards', '储值卡', 20, true],
] as const;

const yuan = (n: number) => Math.round(n * 100);

export const seedGoodsConfig = async (tx: Tx): Promise<void> => {
  const idsOf = async (table: typeof product | typeof project | typeof card) =>
    new Map((await tx.select({ id: table.id, code: table.code }).from(table)).map((r) => [r.code, r.id]));
  const products = await idsOf(product);
  const projects = await idsOf(project);
  const cards = await idsOf(card);
  const must = (ids: Map<string, number>, code: string) => {
    const id = ids.get(code);
    if (id === undefined) throw new Error(`seed goods settings: ${code} missing`);
    return id;
  };
  const levels = new Map(
    (
      await tx
        .select({ id: masterItem.id, code: masterItem.code })
        .from(masterItem)
        .where(eq(masterItem.category, 'storeLevel'))
    ).map((l) => [l.code, l.id]),
  );
  const levelId = (code: string) => must(levels, code);

  await tx.insert(trialLimit).values(
    TRIAL_LIMITS.map(([code, maxTimes, period, storeScope, enabled, remark]) => ({
      projectId: must(projects, code),
      maxTimes,
      period,
      storeScope,
      enabled,
      remark,
    })),
  );

  // Trials taken in 2025 by demo members (phones 1390000xxxx) in the first open stores.
  const stores = (
    await tx.select({ id: store.id }).from(store).where(eq(store.status, 'open')).orderBy(asc(store.id)).limit(8)
  ).map((s) => s.id);
  const rng = prng(20250301);
  const uses = Array.from({ length: 24 }, (_, i) => {
    const trial = i % 3 === 0 ? 'J017' : 'J020';
    const month = rng.int(1, 11);
    const day = rng.int(1, 28);
    return {
      memberPhone: `1390000${String(1000 + i).slice(-4)}`,
      projectId: must(projects, trial),
      storeId: rng.pick(stores),
      usedAt: new Date(
        `2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${rng.int(10, 20)}:00:00+08:00`,
      ),
      ref: `XS2025${String(i + 1).padStart(6, '0')}`,
    };
  });
  if (stores.length) await tx.insert(trialUse).values(uses);

  await tx.insert(advanceVerification).values(
    ADVANCE_RULES.map(([code, days, lv, enabled]) => {
      const isCard = code.startsWith('C');
      return {
        goodsKind: isCard ? 'card' : 'project',
        projectId: isCard ? null : must(projects, code),
        cardId: isCard ? must(cards, code) : null,
        maxDaysEarly: days,
        storeScope: lv.length ? 'levels' : 'all',
        storeLevelIds: lv.map(levelId),
        enabled,
      };
    }),
  );

  await tx
    .insert(crossLevelDraw)
    .values(CROSS_LEVEL.map(([sold, draw]) => ({ soldLevelId: levelId(sold), drawLevelId: levelId(draw) })));

  await tx.insert(openCommodityRelation).values(
    OPEN_RELATIONS.map(([platform, platformGoodsId, platformGoodsName, price, code, sessions, enabled]) => {
      const isCard = code.startsWith('C');
      return {
        platform,
        platformGoodsId,
        platformGoodsName,
        voucherPrice: yuan(price),
        goodsKind: isCard ? 'card' : 'project',
        projectId: isCard ? null : must(projects, code),
        cardId: isCard ? must(cards, code) : null,
        sessionsPerVoucher: isCard ? 1 : sessions,
        enabled,
      };
    }),
  );

  await tx.insert(miniProgramItem).values(
    MINI_PROGRAM.map(([kind, code, tab, category, sort, recommended]) => ({
      goodsKind: kind,
      productId: kind === 'product' ? must(products, code) : null,
      projectId: kind === 'project' ? must(projects, code) : null,
      cardId: kind === 'card' ? must(cards, code) : null,
      tab,
      category,
      sort,
      recommended,
      visible: true,
    })),
  );
};
