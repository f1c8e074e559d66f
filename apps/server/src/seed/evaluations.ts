/**
 * Demo 评价 (modules/evaluations): four dimensions, the settings (差评 notify the administrator),
 * and members' evaluations of real demo bills of the last four weeks sent as the mini-program's
 * key sends them — mostly good, some 中评, some 差评 — with the stores' replies, and the 差评
 * handled in every state (待处理, 处理中, 已回复, 已关闭), all through the module's services.
 */

import { EVA_SETTING_DEFAULTS } from '@zb/contract/entities/evaluation';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { billShare } from '../modules/bills/schema';
import { evaDimension, evaluation } from '../modules/evaluations/schema';
import {
  assignEvaluation,
  closeEvaluation,
  openEvaluate,
  replyEvaluation,
  saveSetting,
} from '../modules/evaluations/service';
import { memberConsume } from '../modules/members/schema';
import { openClient } from '../modules/openApi/schema';
import type { OpenCaller } from '../modules/openApi/types';
import type { Auth } from '../platform/context';
import { HQ_SCOPE } from '../platform/scope';

const DAY = 86_400_000;

export const EVA_DEMO_DIMENSIONS = [
  { code: 'service', name: '服务态度', description: '接待、沟通与服务过程', sort: 1 },
  { code: 'skill', name: '专业技能', description: '护理师的手法与专业建议', sort: 2 },
  { code: 'environment', name: '门店环境', description: '卫生、舒适与安静程度', sort: 3 },
  { code: 'effect', name: '护理效果', description: '本次护理的效果与感受', sort: 4 },
] as const;

/** Scores by pattern (service, skill, environment, effect) and a comment. */
const PATTERNS: { scores: number[]; comment: string; images?: string[] }[] = [
  { scores: [5, 5, 5, 5], comment: '护理师很专业，头皮清爽了很多，下次还来。' },
  { scores: [5, 4, 5, 5], comment: '环境干净，服务热情。' },
  { scores: [4, 5, 4, 4], comment: '效果不错，就是等了一会儿。' },
  { scores: [5, 5, 4, 5], comment: '', images: ['/demo/eva/scalp-after.jpg'] },
  { scores: [3, 4, 3, 3], comment: '一般般，效果还要再看看。' },
  { scores: [1, 2, 3, 2], comment: '等了四十分钟没人接待，护理过程也很敷衍。', images: ['/demo/eva/wait.jpg'] },
  { scores: [5, 5, 5, 4], comment: '店长推荐的项目很适合我。' },
  { scores: [4, 1, 4, 3], comment: '护理师手法太重，头皮有点疼。' },
];

export const seedEvaluations = async (tx: Tx, now: Date): Promise<void> => {
  const [admin] = await tx.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const [mini] = await tx.select().from(openClient).where(eq(openClient.kind, 'mini')).limit(1);
  if (!admin || !mini) return;
  const db = tx as unknown as Db;
  const auth: Auth = { sessionId: 'seed', user: admin, role: null, scope: HQ_SCOPE, codes: null };
  const caller: OpenCaller = { clientId: mini.id, kind: 'mini', name: mini.name, storeId: null };

  await tx.insert(evaDimension).values([...EVA_DEMO_DIMENSIONS]);
  await saveSetting(db, auth, { ...EVA_SETTING_DEFAULTS, notifyUserIds: [admin.id] });

  // Completed bills of the last four weeks that staff served, spread over the stores.
  const bills = await tx
    .select({ billNo: memberConsume.billNo, consumedAt: memberConsume.consumedAt })
    .from(memberConsume)
    .where(
      and(
        eq(memberConsume.status, 'completed'),
        gte(memberConsume.consumedAt, new Date(now.getTime() - 28 * DAY)),
        lte(memberConsume.consumedAt, new Date(Math.min(now.getTime(), Date.now()) - 3 * 3600_000)),
        sql`exists (select 1 from ${billShare} where ${billShare.consumeId} = ${memberConsume.id})`,
      ),
    )
    .orderBy(sql`md5(${memberConsume.id}::text)`, asc(memberConsume.id))
    .limit(48);

  const bad: number[] = [];
  const others: number[] = [];
  for (const [i, b] of bills.entries()) {
    const p = PATTERNS[i % PATTERNS.length]!;
    const at = new Date(Math.min(b.consumedAt.getTime() + (2 + (i % 20)) * 3600_000, Date.now() - 60_000));
    const answer = await openEvaluate(db, caller, {
      outerNo: `MINI-EVA-${String(i + 1).padStart(4, '0')}`,
      billNo: b.billNo,
      scores: EVA_DEMO_DIMENSIONS.map((d, k) => ({ dimension: d.code, score: p.scores[k]! })),
      comment: p.comment || undefined,
      images: p.images ?? [],
      at: at.toISOString(),
    });
    const [row] = await tx.select({ id: evaluation.id }).from(evaluation).where(eq(evaluation.evaNo, answer.evaNo));
    const id = row!.id;
    (answer.level === 'bad' ? bad : others).push(id);
  }

  // The stores' replies to some good reviews.
  for (const id of others.filter((_, k) => k % 3 === 0)) {
    await replyEvaluation(db, auth, { id, reply: '感谢您的认可，期待您再次光临！' });
  }
  // 差评 in every state: the first stays 待处理; then 处理中, 已回复, 已关闭 in turn.
  // Assigned to the administrator (a handler other than the assigner would be notified too).
  const handler = admin;
  for (const [k, id] of bad.entries()) {
    if (k === 0) continue;
    await assignEvaluation(db, auth, { id, handlerId: handler.id, note: '请联系会员了解情况' });
    if (k % 3 === 1) continue;
    await replyEvaluation(db, auth, {
      id,
      reply: '非常抱歉给您带来不好的体验，店长已与您电话沟通，下次到店为您免费补做一次护理。',
    });
    if (k % 3 === 2) continue;
    await closeEvaluation(db, auth, { id, reason: '已电话回访会员，赠送补做护理一次，会员表示满意' });
  }
};
