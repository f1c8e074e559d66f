/**
 * The scheduled jobs. Adding one is one entry in JOBS: a unique name, a Chinese title, a default
 * cron expression (5 fields, Beijing time) and `run`, which answers a Chinese one-line result.
 * A job that throws ends 'failed' with its error's message, and a system event records it.
 */

import { scrmRunText } from '@zb/contract/entities/scrm';
import { shrRunText } from '@zb/contract/entities/shr';
import { loadConfig, notifyConfigOf, shrConfigOf } from '../../config';
import { purgeExpiredExports } from '../../platform/exports/purge';
import type { JobDef } from '../../platform/schedule/job';
import { purgeLogs, purgeRuns, purgeSessions, purgeUsedTickets } from '../../platform/schedule/purge';
import { readSetting, readSwitch } from '../../platform/settings';
import { scanAbnormalBills } from '../bills/abnormal';
import { foldBillRollups } from '../bills/rollups';
import { endBossGiftActs } from '../bossGifts/service';
import { expireCoupons } from '../coupons/ledger';
import { dailyVoucherSummary, runDailyVouchers } from '../erp/voucher';
import { endFissionActs } from '../fission/service';
import { endGiftPlans } from '../giftPlans/service';
import { jobGroupBuyEnv, pullReviews, reviewPullText } from '../groupBuy/reviews';
import { expireIntentDeposits } from '../intents/service';
import { endMallEvents } from '../mall/events';
import { failExpiredGroups } from '../mall/orders';
import { expirePoints } from '../memberAccount/points';
import { scanCardAnomalies } from '../memberAssets/anomalies';
import { evaluateAllTags } from '../memberCare/tags';
import { resumeLostImports } from '../memberImport/service';
import { runLifecycle } from '../memberLifecycle/lifecycle';
import { resumeLostClosures } from '../memberMoves/service';
import { closeMemberBalanceMonths, foldCardExpiries, foldRollupDeltas } from '../members/rollups';
import { noticeBirthdays, notifyClientsOf, sendDue, sendRunText } from '../notify/service';
import { endPromotions } from '../promotion/service';
import { endSales } from '../sales/service';
import { runScrmSync, scrmClientOf } from '../scrm/service';
import { scanWarnings } from '../security/warnings';
import { generateMonth, previousMonth } from '../settlement/service';
import { runShrSync, shrClientOf } from '../shr/service';
import { noticeOverdueStocktakes } from '../stocktaking/service';
import { noticeOverdueTasks } from '../taskCenter/service';
import { purgeSimulatorState } from '../wxwork/simulatorStore';

/** Finished runs kept per job. */
export const RUNS_KEPT_PER_JOB = 200;

export const JOBS: readonly JobDef[] = [
  {
    name: 'purgeSessions',
    title: '清理过期会话',
    defaultCron: '*/30 * * * *',
    run: async ({ db, now }) => `清理过期会话 ${await purgeSessions(db, now)} 条`,
  },
  {
    name: 'purgeUsedTickets',
    title: '清理过期的已用凭证',
    defaultCron: '15 * * * *',
    run: async ({ db, now }) => `清理过期凭证 ${await purgeUsedTickets(db, now)} 条`,
  },
  {
    name: 'purgeWxsim',
    title: '清理企业微信模拟器过期登录码',
    defaultCron: '20 * * * *',
    run: async ({ db, now }) => `清理过期登录码与令牌 ${await purgeSimulatorState(db, now)} 条`,
  },
  {
    name: 'purgeLogs',
    title: '清理过期操作日志与接口日志',
    defaultCron: '30 3 * * *',
    run: async ({ db, now }) => {
      const days = await readSetting(db, 'operationLogRetentionDays');
      const { op, api } = await purgeLogs(db, now, days);
      return `保留 ${days} 天：清理操作日志 ${op} 条、接口日志 ${api} 条`;
    },
  },
  {
    name: 'purgeExports',
    title: '清理过期导出文件',
    defaultCron: '0 4 * * *',
    run: async ({ db }) => {
      const days = await readSetting(db, 'exportRetentionDays');
      return `保留 ${days} 天：清理导出文件 ${await purgeExpiredExports(db)} 个`;
    },
  },
  {
    name: 'closeMemberBalanceMonths',
    title: '会员余额月结',
    defaultCron: '10 0 * * *',
    run: async ({ db, now }) => {
      const { from, through } = await closeMemberBalanceMonths(db, now);
      return from === through ? `已月结至 ${through.slice(0, 7)}，无新月份` : `月结至 ${through.slice(0, 7)}`;
    },
  },
  {
    name: 'foldRollupDeltas',
    title: '会员报表汇总增量合并',
    defaultCron: '* * * * *',
    run: async ({ db }) => `合并汇总增量 ${(await foldRollupDeltas(db)) + (await foldBillRollups(db))} 条`,
  },
  {
    name: 'foldCardExpiries',
    title: '会员有效卡到期刷新',
    defaultCron: '* * * * *',
    run: async ({ db }) => `刷新有效卡到期的会员 ${await foldCardExpiries(db)} 个`,
  },
  {
    name: 'scanAbnormalBills',
    title: '异常开单扫描',
    defaultCron: '*/5 * * * *',
    run: async ({ db, now }) => {
      const { read, flagged } = await scanAbnormalBills(db, now);
      return `扫描新单据与流水 ${read} 条，标出异常 ${flagged} 条`;
    },
  },
  {
    name: 'scanCardAnomalies',
    title: '异常卡全量检查',
    defaultCron: '40 3 * * *',
    run: async ({ db }) => {
      const { cards, found } = await scanCardAnomalies(db);
      return `检查会员卡 ${cards} 张，异常 ${found} 条`;
    },
  },
  {
    name: 'memberTags',
    title: '规则标签计算',
    defaultCron: '40 2 * * *',
    run: ({ db }) => evaluateAllTags(db),
  },
  {
    name: 'memberLifecycle',
    title: '会员生命周期计算',
    defaultCron: '*/5 * * * *',
    run: ({ db, now }) => runLifecycle(db, now),
  },
  {
    name: 'resumeMemberImports',
    title: '会员迁入中断续导',
    defaultCron: '* * * * *',
    run: async ({ db }) => {
      const { resumed, failed } = await resumeLostImports(db);
      return `续导中断的迁入批次 ${resumed.length} 个，标记失败 ${failed.length} 个`;
    },
  },
  {
    name: 'scanSecurityWarnings',
    title: '风险预警扫描',
    defaultCron: '*/5 * * * *',
    run: async ({ db, now }) => {
      const { read, found } = await scanWarnings(db, now);
      return `扫描新流水 ${read} 条，新增预警 ${found} 条`;
    },
  },
  {
    name: 'expireIntentDeposits',
    title: '意向金到期失效',
    defaultCron: '5 * * * *',
    run: async ({ db, now }) => {
      const { count, amount } = await expireIntentDeposits(db, now);
      return count === 0 ? '没有到期的意向金' : `到期失效意向金 ${count} 笔，共 ${(amount / 100).toFixed(2)} 元`;
    },
  },
  {
    name: 'expireCoupons',
    title: '优惠券到期失效',
    defaultCron: '10 0 * * *',
    run: async ({ db, now }) => {
      const n = await db.transaction((tx) => expireCoupons(tx, now));
      return n === 0 ? '没有到期的优惠券' : `到期失效优惠券 ${n} 张`;
    },
  },
  {
    name: 'expirePoints',
    title: '会员积分过期',
    defaultCron: '20 0 * * *',
    run: async ({ db, now }) => {
      const { members, points } = await expirePoints(db, now);
      return members === 0 ? '没有到期的积分' : `会员 ${members} 人的积分过期，共 ${points} 积分`;
    },
  },
  {
    name: 'erpDailyVouchers',
    title: 'EAS每日凭证',
    defaultCron: '30 1 * * *',
    run: async ({ db, now }) => dailyVoucherSummary(await runDailyVouchers(db, now)),
  },
  {
    name: 'generateCrossSettlement',
    title: '生成上月跨店结算单',
    defaultCron: '30 2 1 * *',
    run: async ({ db, now }) => {
      const r = await generateMonth(db, previousMonth(now), { kind: 'system' }, now);
      return `${r.month}：生成/更新结算单 ${r.written} 张（明细 ${r.lines} 行），保留已确认 ${r.kept} 张，删除 ${r.removed} 张`;
    },
  },
  {
    name: 'taskOverdueNotices',
    title: '任务逾期提醒',
    defaultCron: '*/5 * * * *',
    run: async ({ db, now }) => {
      const n = await noticeOverdueTasks(db, now);
      return n === 0 ? '没有新逾期的任务门店' : `逾期未完成的任务门店 ${n} 个，已通知任务创建人`;
    },
  },
  {
    name: 'purgeScheduleRuns',
    title: '清理定时任务执行记录',
    defaultCron: '45 3 * * *',
    run: async ({ db }) =>
      `每个任务保留最近 ${RUNS_KEPT_PER_JOB} 条：清理执行记录 ${await purgeRuns(db, RUNS_KEPT_PER_JOB)} 条`,
  },
  {
    name: 'shrSync',
    title: 'SHR员工同步',
    defaultCron: '30 2 * * *',
    run: async ({ db, now }) => {
      if (!(await readSwitch(db, 'shrSyncEnabled'))) return 'SHR定时同步已关闭（SHR对接配置），未同步';
      const cfg = shrConfigOf(process.env);
      const r = await runShrSync(db, shrClientOf(db, cfg), { trigger: 'job', operatorId: null, now });
      return shrRunText(r);
    },
  },
  {
    name: 'resumeClosures',
    title: '继续中断的闭店迁移',
    defaultCron: '*/5 * * * *',
    run: async ({ db }) => {
      const ids = await resumeLostClosures(db);
      return ids.length === 0 ? '没有中断的闭店迁移' : `继续并完成闭店迁移 ${ids.length} 单`;
    },
  },
  {
    name: 'endPromotions',
    title: '结束到期的推广方案',
    defaultCron: '5 0 * * *',
    run: async ({ db, now }) => `结束到期推广方案 ${await endPromotions(db, now)} 个`,
  },
  {
    name: 'endSales',
    title: '结束到期的折扣方案',
    defaultCron: '6 0 * * *',
    run: async ({ db, now }) => `结束到期折扣方案 ${await endSales(db, now)} 个`,
  },
  {
    name: 'endMallEvents',
    title: '结束到期的商城活动',
    defaultCron: '8 0 * * *',
    run: async ({ db, now }) => `结束到期商城活动 ${await endMallEvents(db, now)} 个`,
  },
  {
    name: 'failMallGroups',
    title: '关闭超时未成团的拼团',
    defaultCron: '*/10 * * * *',
    run: async ({ db, now }) => `关闭未成团的拼团 ${await failExpiredGroups(db, now)} 个，其订单已取消或退款`,
  },
  {
    name: 'endGiftPlans',
    title: '结束到期的赠送方案',
    defaultCron: '7 0 * * *',
    run: async ({ db, now }) => `结束到期赠送方案 ${await endGiftPlans(db, now)} 个`,
  },
  {
    name: 'endBossGiftActs',
    title: '结束到期的老板赠送活动',
    defaultCron: '8 0 * * *',
    run: async ({ db, now }) => `结束到期老板赠送活动 ${await endBossGiftActs(db, now)} 个`,
  },
  {
    name: 'endFissionActs',
    title: '结束到期的裂变活动',
    defaultCron: '9 0 * * *',
    run: async ({ db, now }) => `结束到期裂变活动 ${await endFissionActs(db, now)} 个`,
  },
  {
    name: 'stocktakeOverdue',
    title: '盘点逾期提醒',
    defaultCron: '20 0 * * *',
    run: async ({ db, now }) => {
      const n = await noticeOverdueStocktakes(db, now);
      return n === 0 ? '没有新逾期的盘点门店' : `逾期未盘点的门店 ${n} 个，已通知盘点通知创建人`;
    },
  },
  {
    name: 'notifySend',
    title: '发送会员通知（短信、微信）',
    defaultCron: '* * * * *',
    run: async ({ db, now }) => {
      const r = await sendDue(db, notifyClientsOf(db, notifyConfigOf(process.env)), now);
      return r.sent + r.failed + r.skipped + r.retrying === 0 ? '没有待发送的通知' : sendRunText(r);
    },
  },
  {
    name: 'birthdayNotice',
    title: '会员生日祝福',
    defaultCron: '0 9 * * *',
    run: async ({ db, now }) => `今天生日的会员 ${await noticeBirthdays(db, now)} 条通知待发送`,
  },
  {
    name: 'scrmSync',
    title: '同步企业微信客户与标签',
    defaultCron: '10 * * * *',
    run: async ({ db, now }) =>
      scrmRunText(await runScrmSync(db, scrmClientOf(db, loadConfig(process.env).wxwork), now)),
  },
  {
    name: 'groupBuyReviews',
    title: '拉取团购评价',
    defaultCron: '40 * * * *',
    run: async ({ db, now }) => reviewPullText(await pullReviews(db, await jobGroupBuyEnv(db), now)),
  },
];
