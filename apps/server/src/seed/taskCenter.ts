/**
 * 消息中心 demo (issue 17): task templates (one of them 停用, SPEC's pre-disabled template),
 * messages to whole regions and to every store, partly read, and tasks with deadlines: one
 * answered by every store, one past its deadline with stores still owing (their overdue notice
 * counted as sent, so the job does not raise demo notices), one open. Times are relative to `now`.
 */
import { TASK_KIND_MESSAGE, TASK_KIND_TASK } from '@zb/contract/api/taskCenter';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { region, store } from '../modules/stores/schema';
import { taskMsg, taskMsgStore, taskTemplete } from '../modules/taskCenter/schema';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

const TEMPLETES = [
  {
    name: '月度门店卫生自查',
    msgType: 4,
    content: '请按《门店卫生标准》完成自查，拍照上传并填写整改情况。',
    enabled: true,
  },
  { name: '新品培训确认', msgType: 3, content: '请组织全体技师学习新品护理流程，完成后回复参训人数。', enabled: true },
  { name: '节假日排班报备', msgType: 2, content: '请在截止时间前报备节假日期间的排班与营业时间。', enabled: true },
  // SPEC §2.12: /taskTemplete carries a template disabled in advance.
  {
    name: '消防安全检查（已停用）',
    msgType: 4,
    content: '请检查灭火器有效期与安全通道，回复检查结果。',
    enabled: false,
  },
] as const;

interface Plan {
  kind: number;
  msgType: number;
  title: string;
  content: string;
  by: string;
  /** Which stores: region names, or all. */
  regions: readonly string[] | 'all';
  ageDays: number;
  /** Tasks: the deadline from now, in days (negative: past). */
  deadlineDays?: number;
  /** The share of stores that read it, then answered it (by order). */
  read: number;
  answered?: number;
  templete?: string;
}

const PLANS: readonly Plan[] = [
  {
    kind: TASK_KIND_MESSAGE,
    msgType: 1,
    title: '关于调整会员卡积分规则的通知',
    content: '自下月起，会员消费每满 1 元积 1 分，积分有效期调整为 24 个月，请各门店做好会员解释工作。',
    by: 'admin',
    regions: 'all',
    ageDays: 6,
    read: 0.7,
  },
  {
    kind: TASK_KIND_MESSAGE,
    msgType: 2,
    title: '华东大区周末促销活动提醒',
    content: '本周末华东大区开展头皮护理体验活动，请各店提前准备物料并安排人员。',
    by: '13800000001',
    regions: ['华东大区'],
    ageDays: 2,
    read: 0.34,
  },
  {
    kind: TASK_KIND_MESSAGE,
    msgType: 3,
    title: '新版收银系统培训资料',
    content: '新版收银系统操作手册已上传，请店长组织学习。',
    by: 'admin',
    regions: ['华北大区', '华南大区'],
    ageDays: 1,
    read: 0,
  },
  {
    kind: TASK_KIND_TASK,
    msgType: 4,
    title: '十一月门店卫生自查',
    content: '请按《门店卫生标准》完成自查，拍照上传并填写整改情况。',
    by: 'admin',
    regions: ['华南大区'],
    ageDays: 10,
    deadlineDays: -3,
    read: 1,
    answered: 1,
    templete: '月度门店卫生自查',
  },
  {
    kind: TASK_KIND_TASK,
    msgType: 3,
    title: '秋季新品护理培训确认',
    content: '请组织全体技师学习新品护理流程，完成后回复参训人数。',
    by: 'admin',
    regions: ['华北大区', '西南大区'],
    ageDays: 8,
    deadlineDays: -1,
    read: 0.8,
    answered: 0.4,
    templete: '新品培训确认',
  },
  {
    kind: TASK_KIND_TASK,
    msgType: 2,
    title: '元旦假期排班报备',
    content: '请在截止时间前报备元旦假期期间的排班与营业时间。',
    by: '13800000001',
    regions: 'all',
    ageDays: 1,
    deadlineDays: 30,
    read: 0.5,
    answered: 0.2,
    templete: '节假日排班报备',
  },
];

const RESULTS = ['已完成，照片已上传', '已完成，参训 6 人', '已报备，元旦正常营业', '已完成整改，详见附件'];

export const seedTaskCenter = async (tx: Tx, now: Date): Promise<void> => {
  const templetes = await tx
    .insert(taskTemplete)
    .values(TEMPLETES.map((t) => ({ ...t, updatedAt: new Date(now.getTime() - 20 * DAY) })))
    .returning({ id: taskTemplete.id, name: taskTemplete.name });
  const users = await tx.select({ id: userAccount.id, loginName: userAccount.loginName }).from(userAccount);
  const stores = await tx
    .select({ id: store.id, regionName: region.name })
    .from(store)
    .innerJoin(region, eq(region.id, store.regionId))
    .where(sql`${store.status} <> 'closed'`)
    .orderBy(asc(region.sort), asc(store.code));
  for (const p of PLANS) {
    const chosen = stores.filter((s) => p.regions === 'all' || p.regions.includes(s.regionName)).slice(0, 40);
    if (chosen.length === 0) continue;
    const createdAt = new Date(now.getTime() - p.ageDays * DAY);
    const deadline = p.deadlineDays === undefined ? null : new Date(now.getTime() + p.deadlineDays * DAY);
    const reads = Math.round(chosen.length * p.read);
    const answers = Math.round(chosen.length * (p.answered ?? 0));
    const [task] = await tx
      .insert(taskMsg)
      .values({
        kind: p.kind,
        msgType: p.msgType,
        title: p.title,
        content: p.content,
        deadline,
        templeteId: templetes.find((t) => t.name === p.templete)?.id ?? null,
        createdBy: users.find((u) => u.loginName === p.by)?.id ?? null,
        storeCount: chosen.length,
        readCount: Math.max(reads, answers),
        answerCount: answers,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: taskMsg.id });
    await tx.insert(taskMsgStore).values(
      chosen.map((s, i) => {
        const answered = i < answers;
        const read = answered || i < reads;
        const overdue = !answered && deadline !== null && deadline < now;
        return {
          taskId: task!.id,
          storeId: s.id,
          readAt: read ? new Date(createdAt.getTime() + (i + 1) * HOUR) : null,
          answeredAt: answered ? new Date(createdAt.getTime() + (i + 2) * HOUR) : null,
          result: answered ? RESULTS[i % RESULTS.length]! : null,
          // As if the job had told the creator already: the demo raises no notices of its own.
          overdueNoticedAt: overdue ? deadline : null,
        };
      }),
    );
  }
};
