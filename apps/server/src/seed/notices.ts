/**
 * Demo payment notices (欠款通知 / 付款通知) for the bell and /taskCenterBoss. Deterministic:
 * fixed texts, amounts and times, so a fresh database always holds the same notices.
 */
import { NOTICE_TYPE_ARREARS, NOTICE_TYPE_PAYMENT } from '@zb/contract/constants';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { notice } from '../modules/notices/schema';
import { store } from '../modules/stores/schema';

/** [store code, type, amount in 分, title, content]; cycled to give each user their count. */
const TEMPLATES: readonly [string, number, number, string, string][] = [
  [
    'SH001',
    NOTICE_TYPE_ARREARS,
    1_286_050,
    '上海徐汇店 货款欠款提醒',
    '上海徐汇店本月订货款尚有欠款，请督促门店在月底前结清。',
  ],
  ['GZ001', NOTICE_TYPE_PAYMENT, 560_000, '广州天河店 加盟费到账', '广州天河店已支付年度加盟管理费，请财务核对入账。'],
  ['HZ001', NOTICE_TYPE_ARREARS, 89_990, '杭州西湖店 物料款欠款提醒', '杭州西湖店物料订货款逾期未付，请联系店长处理。'],
  ['BJ001', NOTICE_TYPE_PAYMENT, 2_350_000, '北京朝阳店 季度货款到账', '北京朝阳店第三季度货款已到账，可安排发货。'],
  [
    'CD001',
    NOTICE_TYPE_ARREARS,
    432_100,
    '成都锦江店 跨店结算欠款',
    '成都锦江店跨店结算差额未结清，请在结算周期内处理。',
  ],
  ['SH002', NOTICE_TYPE_PAYMENT, 120_000, '上海静安店 保证金到账', '上海静安店新店保证金已支付，请确认合同归档。'],
  [
    'CS001',
    NOTICE_TYPE_ARREARS,
    65_500,
    '长沙芙蓉店 系统服务费欠款',
    '长沙芙蓉店系统服务费未按期支付，请提醒门店续费。',
  ],
  ['SZ001', NOTICE_TYPE_PAYMENT, 998_800, '深圳南山店 订货款到账', '深圳南山店本期订货款已到账，请仓库按单备货。'],
];

/** How many notices each demo user gets, and how many of the oldest are already read. */
const PLAN: readonly { login: string; total: number; read: number }[] = [
  { login: '13800000001', total: 24, read: 8 },
  { login: '13800000002', total: 6, read: 2 },
  { login: 'admin', total: 5, read: 1 },
];

/** Notices are spaced three hours apart, newest first, ending at this fixed time (Beijing 2026-03-31 18:00). */
const NEWEST = Date.UTC(2026, 2, 31, 10, 0, 0);
const STEP_MS = 3 * 60 * 60_000;

export const seedNotices = async (tx: Tx): Promise<void> => {
  const users = await tx
    .select({ id: userAccount.id, loginName: userAccount.loginName })
    .from(userAccount)
    .where(
      inArray(
        userAccount.loginName,
        PLAN.map((p) => p.login),
      ),
    );
  const stores = await tx.select({ id: store.id, code: store.code }).from(store);
  const rows: (typeof notice.$inferInsert)[] = [];
  for (const plan of PLAN) {
    const user = users.find((u) => u.loginName === plan.login);
    if (!user) continue;
    for (let i = 0; i < plan.total; i++) {
      const [code, type, amount, msgName, content] = TEMPLATES[i % TEMPLATES.length]!;
      const createdAt = new Date(NEWEST - i * STEP_MS);
      const read = i >= plan.total - plan.read;
      rows.push({
        userId: user.id,
        storeId: stores.find((s) => s.code === code)?.id ?? null,
        type,
        msgName: i < TEMPLATES.length ? msgName : `${msgName}（第 ${Math.floor(i / TEMPLATES.length) + 1} 期）`,
        content,
        amount: amount + i * 100,
        isRead: read,
        readAt: read ? new Date(createdAt.getTime() + 60 * 60_000) : null,
        createdAt,
      });
    }
  }
  if (rows.length) await tx.insert(notice).values(rows);
};
