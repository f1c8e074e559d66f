/**
 * Demo data of members as people (modules/memberCare, issue 17), all made through the module's
 * own paths so every figure equals its rows:
 * - tags through the resource engine as head office: manual ones given to members by hand
 *   (打标签), rule ones (high spend, frequent, big balance, asleep) evaluated on save;
 * - member files for members of the first stores, with hair, scalp and preferences;
 * - follow-ups after recent visits sent as the stores send them (BJ001's POS key for its own
 *   store, the mini-program's for the others): done, due and overdue; recall follow-ups;
 * - stores' remarks on members.
 */
import { describeTagRule, type TagRule } from '@zb/contract/entities/memberCare';
import { formatDate } from '@zb/contract/time';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { openFollowUp, openFollowUpResult, openMemberRemark } from '../modules/memberCare/follow';
import { memberFileBinding, memberTagBinding } from '../modules/memberCare/resource';
import { assignTag } from '../modules/memberCare/tags';
import { member, memberConsume } from '../modules/members/schema';
import { openClient } from '../modules/openApi/schema';
import type { OpenCaller } from '../modules/openApi/types';
import { staff } from '../modules/staff/schema';
import { store } from '../modules/stores/schema';
import { posTerminal } from '../modules/storesMore/schema';
import type { Auth } from '../platform/context';
import { createRow } from '../platform/resource/write';
import { HQ_SCOPE } from '../platform/scope';

const DAY = 86_400_000;

const RULE_TAGS: { name: string; color: string; description: string; rule: TagRule }[] = [
  {
    name: '高消费会员',
    color: 'gold',
    description: '近 90 天消费满 1000 元',
    rule: { conditions: [{ kind: 'spend', days: 90, amount: { min: 100_000 } }] },
  },
  {
    name: '常客',
    color: 'green',
    description: '近 30 天到店 3 次及以上',
    rule: { conditions: [{ kind: 'visits', days: 30, count: { min: 3 } }] },
  },
  {
    name: '储值大户',
    color: 'purple',
    description: '储值余额 2000 元以上',
    rule: { conditions: [{ kind: 'balance', amount: { min: 200_000 } }] },
  },
  {
    name: '沉睡会员',
    color: 'red',
    description: '60 天以上未到店且仍有储值',
    rule: {
      conditions: [
        { kind: 'lastVisit', days: { min: 60 } },
        { kind: 'balance', amount: { min: 1 } },
      ],
    },
  },
];

const MANUAL_TAGS = [
  { name: 'VIP关怀', color: 'orange', description: '总部重点关怀的会员' },
  { name: '敏感头皮', color: 'cyan', description: '护理时需使用温和产品' },
  { name: '投诉过', color: 'red', description: '曾有投诉，服务时多加注意' },
  { name: '老带新', color: 'blue', description: '推荐过新会员（已停用，改用渠道统计）', enabled: false },
] as const;

const HAIR = ['straight', 'fine', 'damaged', 'coarse', 'wavy'] as const;
const SCALP = ['oily', 'normal', 'sensitive', 'dry', 'mixed'] as const;
const TIMES = ['evening', 'weekend', 'afternoon', 'morning', 'any'] as const;
const CONCERNS = ['脱发、发量少', '头屑多、头皮痒', '头皮出油快', '发尾干枯分叉', '白发增多'];
const PREFS = ['按摩力度轻一些', '喜欢无香型产品', '不喜欢推销，安静护理', '希望固定护理师', '周末下午时间方便'];
const RESULTS = [
  '会员反馈头皮舒适，约下周再来',
  '已电话回访，对护理效果满意',
  '会员表示近期较忙，下月再约',
  '微信回访，推荐了防脱疗程，会员考虑中',
];
const REMARKS = [
  '会员对香味敏感，护理时使用无香产品',
  '习惯晚上 7 点后到店，提前一天确认预约',
  '曾对洗发水温度提出意见，水温偏低为宜',
  '家中有老人也需要护理，可推荐家庭卡',
];

export const seedMemberCare = async (tx: Tx, now: Date): Promise<void> => {
  const [admin] = await tx.select().from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const [mini] = await tx.select().from(openClient).where(eq(openClient.kind, 'mini')).limit(1);
  const [pos] = await tx
    .select({ id: openClient.id, name: openClient.name, storeId: posTerminal.storeId })
    .from(openClient)
    .innerJoin(posTerminal, eq(posTerminal.id, openClient.posTerminalId))
    .where(eq(openClient.kind, 'pos'))
    .limit(1);
  if (!admin || !mini) return;
  const auth: Auth = { sessionId: 'seed', user: admin, role: null, scope: HQ_SCOPE, codes: null };
  const miniCaller: OpenCaller = { clientId: mini.id, kind: 'mini', name: mini.name, storeId: null };
  const posCaller: OpenCaller | null = pos
    ? { clientId: pos.id, kind: 'pos', name: pos.name, storeId: pos.storeId }
    : null;
  const callerFor = (storeId: number) => (posCaller && posCaller.storeId === storeId ? posCaller : miniCaller);

  // Tags.
  for (const t of RULE_TAGS) {
    await createRow(tx, memberTagBinding, auth, {
      name: t.name,
      kind: 'rule',
      color: t.color,
      rule: t.rule,
      enabled: true,
      description: `${t.description}（${describeTagRule(t.rule)}）`,
    });
  }
  const manual = new Map<string, number>();
  for (const t of MANUAL_TAGS) {
    const id = await createRow(tx, memberTagBinding, auth, {
      name: t.name,
      kind: 'manual',
      color: t.color,
      enabled: true,
      description: t.description,
    });
    manual.set(t.name, id);
  }

  const stores = await tx.select({ id: store.id, code: store.code }).from(store).orderBy(asc(store.code)).limit(4);
  const members = await tx
    .select({ id: member.id, phone: member.phone, storeId: member.storeId })
    .from(member)
    .where(
      inArray(
        member.storeId,
        stores.map((s) => s.id),
      ),
    )
    .orderBy(asc(member.id))
    .limit(40);
  if (members.length === 0) return;

  await assignTag(tx, auth, {
    tagId: manual.get('VIP关怀')!,
    memberIds: members.slice(0, 8).map((m) => m.id),
    memberKeys: [],
  });
  await assignTag(tx, auth, {
    tagId: manual.get('敏感头皮')!,
    memberIds: members.filter((_, i) => i % 5 === 2).map((m) => m.id),
    memberKeys: [],
  });
  await assignTag(tx, auth, { tagId: manual.get('投诉过')!, memberIds: [], memberKeys: [members[3]!.phone] });
  await assignTag(tx, auth, {
    tagId: manual.get('老带新')!,
    memberIds: [members[1]!.id, members[9]!.id],
    memberKeys: [],
  });
  // 老带新 then 停用: its holders stay, it can no longer be given.
  await tx.execute(sql`update member_tag set enabled = false where id = ${manual.get('老带新')!}`);

  // Member files of the first 24 members.
  for (const [i, m] of members.slice(0, 24).entries()) {
    await createRow(tx, memberFileBinding, auth, {
      memberId: m.id,
      hairType: HAIR[i % HAIR.length],
      scalpType: SCALP[i % SCALP.length],
      concerns: CONCERNS[i % CONCERNS.length],
      allergies: i % 6 === 0 ? '对含酒精产品过敏' : null,
      preferredTime: TIMES[i % TIMES.length],
      preferences: PREFS[i % PREFS.length],
      remark: i % 4 === 0 ? '老会员，注意维护' : null,
    });
  }

  // Follow-ups after the last visits at these stores: 3 days after each bill.
  const bills = await tx
    .select({
      billNo: memberConsume.billNo,
      memberId: memberConsume.memberId,
      phone: member.phone,
      storeId: memberConsume.storeId,
      consumedAt: memberConsume.consumedAt,
    })
    .from(memberConsume)
    .innerJoin(member, eq(member.id, memberConsume.memberId))
    .where(
      and(
        inArray(
          memberConsume.storeId,
          stores.map((s) => s.id),
        ),
        eq(memberConsume.status, 'completed'),
        sql`${memberConsume.consumedAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(memberConsume.consumedAt), desc(memberConsume.id))
    .limit(36);
  const staffOf = new Map<number, string>();
  for (const s of stores) {
    const [st] = await tx
      .select({ phone: staff.phone })
      .from(staff)
      .where(and(eq(staff.storeId, s.id), inArray(staff.status, ['active', 'probation'])))
      .orderBy(asc(staff.id))
      .limit(1);
    if (st) staffOf.set(s.id, st.phone);
  }
  const codeOf = new Map(stores.map((s) => [s.id, s.code]));
  const today = formatDate(now);
  for (const [i, b] of bills.entries()) {
    const due = formatDate(new Date(b.consumedAt.getTime() + 3 * DAY));
    const caller = callerFor(b.storeId);
    const outerNo = `FU-${b.billNo}`;
    await openFollowUp(tx, caller, {
      outerNo,
      storeCode: codeOf.get(b.storeId)!,
      member: b.phone,
      staffPhone: staffOf.get(b.storeId),
      kind: 'afterVisit',
      dueDate: due,
      billNo: b.billNo,
      content: '到店护理后回访：询问头皮感受与居家护理情况',
    });
    // Past due: most done (some late), every fourth left open (已逾期). Not yet due: open (待跟进).
    if (due < today && i % 4 !== 1) {
      const doneAt = new Date(Math.min(new Date(`${due}T11:00:00+08:00`).getTime() + (i % 3) * DAY, now.getTime()));
      await openFollowUpResult(tx, caller, outerNo, {
        doneAt: doneAt.toISOString(),
        channel: i % 2 ? 'wechat' : 'phone',
        result: RESULTS[i % RESULTS.length]!,
        staffPhone: staffOf.get(b.storeId),
      });
    }
  }
  // Recall follow-ups of members holding value who have not come for long, due in the coming week.
  const asleep = await tx
    .select({ phone: member.phone, storeId: member.storeId })
    .from(member)
    .where(
      and(
        inArray(
          member.storeId,
          stores.map((s) => s.id),
        ),
        sql`${member.storedValid} > 0`,
        sql`${member.lastVisitDay} < ${today}::date - 45`,
      ),
    )
    .orderBy(asc(member.id))
    .limit(6);
  for (const [i, m] of asleep.entries()) {
    await openFollowUp(tx, callerFor(m.storeId), {
      outerNo: `RC-${m.phone}`,
      storeCode: codeOf.get(m.storeId)!,
      member: m.phone,
      staffPhone: staffOf.get(m.storeId),
      kind: 'recall',
      dueDate: formatDate(new Date(now.getTime() + (i - 2) * DAY)),
      content: '久未到店，电话邀约体验新护理项目',
    });
  }

  // Stores' remarks.
  for (const [i, m] of members.slice(0, 10).entries()) {
    await openMemberRemark(tx, callerFor(m.storeId), {
      storeCode: codeOf.get(m.storeId)!,
      member: m.phone,
      staffPhone: staffOf.get(m.storeId),
      remark: REMARKS[i % REMARKS.length]!,
      at: new Date(now.getTime() - (i + 1) * DAY).toISOString(),
    });
  }
};
