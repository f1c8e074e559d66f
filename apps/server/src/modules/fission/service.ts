/**
 * 裂变活动 (contract entities/fission.ts): the activities on the resource engine, their life through
 * the approval center (approvals/campaigns.ts), the nightly end of activities past their end day,
 * the sharing tree, and the open API's registration of a friend: the friend's node placed under
 * the sharer's, the welcome coupon and the sharer's every-N-th reward issued in its transaction.
 */
import {
  FISSION_ACT,
  FISSION_NODE,
  FISSION_TREE_MAX,
  type FissionTree,
  type FissionTreeNode,
  type OpenFissionAnswer,
  type OpenFissionBody,
} from '@zb/contract/entities/fission';
import { ERR } from '@zb/contract/errcodes';
import { formatDate } from '@zb/contract/time';
import { and, asc, count, eq, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, type Values } from '../../platform/resource/binding';
import { campaignLifecycle, campaignReads, checkCampaignDays } from '../approvals/campaigns';
import { issueCoupons } from '../coupons/ledger';
import { couponTemplate } from '../coupons/schema';
import { uniqueViolation } from '../hierarchy/dbErrors';
import { member, memberConsume } from '../members/schema';
import type { OpenCaller } from '../openApi/types';
import { fissionAct, fissionNode } from './schema';

const invalid = (msg: string) => new BizError(ERR.FISSION_INVALID, msg);

const checkRule = async (tx: Tx, v: Values) => {
  checkCampaignDays(v);
  for (const key of ['friendCouponTemplateId', 'sharerCouponTemplateId'] as const) {
    if (!v[key]) continue;
    const [t] = await tx
      .select({ id: couponTemplate.id })
      .from(couponTemplate)
      .where(eq(couponTemplate.id, Number(v[key])));
    if (!t) throw fieldError(key, '所选优惠券不存在');
  }
  if (!v.friendCouponTemplateId && !v.sharerCouponTemplateId) {
    throw fieldError('sharerCouponTemplateId', '请至少设置一项奖励：新会员礼券或分享奖励券');
  }
};

export const fissionLifecycle = campaignLifecycle({
  type: 'fissionAct',
  title: '裂变活动',
  detailPage: '/fissionActDetail',
  ...campaignReads(fissionAct),
  setStatus: async (tx, id, status, approvalId) => {
    await tx
      .update(fissionAct)
      .set({ status, ...(approvalId ? { approvalId } : {}) })
      .where(eq(fissionAct.id, id));
  },
  check: async (tx, id) => {
    const [a] = await tx.select().from(fissionAct).where(eq(fissionAct.id, id));
    await checkRule(tx, a as unknown as Values);
  },
});

const friendCoupon = alias(couponTemplate, 'friend_coupon');
const sharerCoupon = alias(couponTemplate, 'sharer_coupon');
const nodes = (expr: string) =>
  sql<number>`${sql.raw(`(select coalesce(${expr}, 0) from fission_node n where n.act_id = "fission_act"."id")`)}`;

export const fissionActBinding = bindResource({
  decl: FISSION_ACT,
  table: fissionAct,
  id: fissionAct.id,
  columns: {
    friendCouponName: friendCoupon.name,
    sharerCouponName: sharerCoupon.name,
    sharers: nodes('count(distinct n.sharer_id)::int'),
    friends: nodes('count(*)::int'),
    sharerRewards: nodes('(count(*) filter (where n.sharer_rewarded))::int'),
    friendRewards: nodes('(count(*) filter (where n.friend_coupon))::int'),
    depth: nodes('max(n.level)'),
  },
  joins: [
    { table: friendCoupon, on: eq(friendCoupon.id, fissionAct.friendCouponTemplateId) },
    { table: sharerCoupon, on: eq(sharerCoupon.id, fissionAct.sharerCouponTemplateId) },
  ],
  service: {
    create: async ({ tx, auth }, values) => {
      await checkRule(tx, values);
      const [row] = await tx
        .insert(fissionAct)
        .values({ ...(values as typeof fissionAct.$inferInsert), createdBy: auth.user.id })
        .returning({ id: fissionAct.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      await fissionLifecycle.editable(tx, id);
      await checkRule(tx, { ...before, ...values });
      await tx.update(fissionAct).set(values).where(eq(fissionAct.id, id));
    },
    remove: async ({ tx }, id) => {
      await fissionLifecycle.editable(tx, id);
      const [used] = await tx
        .select({ id: fissionNode.id })
        .from(fissionNode)
        .where(eq(fissionNode.actId, id))
        .limit(1);
      if (used) throw new BizError(ERR.RECORD_IN_USE, '该裂变活动已有注册记录，不能删除');
      await tx.delete(fissionAct).where(eq(fissionAct.id, id));
    },
  },
});

const friend = alias(member, 'friend');
const sharer = alias(member, 'sharer');

export const fissionNodeBinding = bindResource({
  decl: FISSION_NODE,
  table: fissionNode,
  id: fissionNode.id,
  columns: {
    memberName: friend.name,
    memberPhone: friend.phone,
    sharerName: sharer.name,
    sharerPhone: sharer.phone,
    invited: sql<number>`(select count(*)::int from fission_node c where c.act_id = ${fissionNode.actId}
      and c.sharer_id = ${fissionNode.memberId})`,
    reward: sql<string>`concat_ws('；',
      case when ${fissionNode.friendCoupon} then '好友获新会员礼券' end,
      case when ${fissionNode.sharerRewarded} then '分享人获奖励券' end,
      ${fissionNode.note})`,
  },
  joins: [
    { table: friend, on: eq(friend.id, fissionNode.memberId), inner: true },
    { table: sharer, on: eq(sharer.id, fissionNode.sharerId), inner: true },
  ],
});

export const fissionCoupons = (db: Db) =>
  db
    .select({ id: couponTemplate.id, name: couponTemplate.name })
    .from(couponTemplate)
    .where(ne(couponTemplate.status, 'draft'))
    .orderBy(asc(couponTemplate.name));

/** The scheduled job: activities past their end day end (their tree stays). */
export const endFissionActs = async (db: Db, now: Date): Promise<number> => {
  const rows = await db
    .update(fissionAct)
    .set({ status: 'ended' })
    .where(and(eq(fissionAct.status, 'active'), lt(fissionAct.endDay, formatDate(now))))
    .returning({ id: fissionAct.id });
  return rows.length;
};

/**
 * The sharing tree: the first sharers (who came through no share of this activity) as roots, each
 * friend under who shared with them, nearest the roots first, at most FISSION_TREE_MAX nodes.
 */
export const fissionTree = async (db: Db, actId: number): Promise<FissionTree> => {
  const rows = rowsOf<{ member_id: number; sharer_id: number; level: number; name: string; phone: string }>(
    await db.execute(sql`select n.member_id, n.sharer_id, n.level, m.name, m.phone from fission_node n
      join member m on m.id = n.member_id where n.act_id = ${actId} order by n.level, n.at, n.id`),
  );
  const joined = new Set(rows.map((r) => Number(r.member_id)));
  const rootIds = [...new Set(rows.map((r) => Number(r.sharer_id)).filter((id) => !joined.has(id)))];
  const people = rootIds.length
    ? rowsOf<{ id: number; name: string; phone: string }>(
        await db.execute(
          sql`select id, name, phone from member where id in (${sql.join(
            rootIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
      )
    : [];
  const invited = new Map<number, number>();
  for (const r of rows) invited.set(Number(r.sharer_id), (invited.get(Number(r.sharer_id)) ?? 0) + 1);
  const byMember = new Map<number, FissionTreeNode>();
  const make = (id: number, name: string, phone: string): FissionTreeNode => {
    const n = { memberId: id, name, phone, invited: invited.get(id) ?? 0, children: [] };
    byMember.set(id, n);
    return n;
  };
  const roots = rootIds.map((id) => {
    const p = people.find((x) => Number(x.id) === id);
    return make(id, p?.name ?? '', p?.phone ?? '');
  });
  let kept = roots.length;
  let omitted = 0;
  for (const r of rows) {
    const parent = byMember.get(Number(r.sharer_id));
    if (!parent || kept >= FISSION_TREE_MAX) {
      omitted++;
      continue;
    }
    parent.children.push(make(Number(r.member_id), r.name, r.phone));
    kept++;
  }
  return { roots, omitted };
};

// ── The open API: a friend registered through a share ─────────────────────────

/** Issues one coupon in a savepoint: true when given, else the coupon side's reason. */
const giveCoupon = async (tx: Tx, templateId: number, memberId: number, label: string, at: Date) => {
  try {
    const r = await tx.transaction((sp) =>
      issueCoupons(sp, { templateId, memberIds: [memberId], source: 'fission', label, userId: null, at }),
    );
    return r.issued > 0 ? true : (r.failures[0]?.reason ?? '发放失败');
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
};

/** POST /open/v1/fissions: the same fissionNo again answers the first result and writes nothing. */
export const registerFission = async (
  db: Db,
  caller: OpenCaller,
  body: OpenFissionBody,
): Promise<OpenFissionAnswer> => {
  const replay = async () => {
    const [r] = await db
      .select({ n: fissionNode, code: fissionAct.code })
      .from(fissionNode)
      .innerJoin(fissionAct, eq(fissionAct.id, fissionNode.actId))
      .where(and(eq(fissionNode.clientId, caller.clientId), eq(fissionNode.fissionNo, body.fissionNo)));
    return r
      ? {
          fissionNo: r.n.fissionNo,
          actCode: r.code,
          level: r.n.level,
          friendCoupon: r.n.friendCoupon,
          sharerRewarded: r.n.sharerRewarded,
          replayed: true,
        }
      : null;
  };
  const first = await replay();
  if (first) return first;
  try {
    return await db.transaction(async (tx) => {
      const [a] = await tx.select().from(fissionAct).where(eq(fissionAct.code, body.actCode.toUpperCase()));
      if (!a) throw invalid(`裂变活动 ${body.actCode} 不存在`);
      const at = new Date(body.at);
      const day = formatDate(at);
      if (a.status !== 'active' || day < a.startDay || day > a.endDay) {
        throw new BizError(ERR.FISSION_NOT_ACTIVE, `裂变活动「${a.name}」未在进行中（${a.startDay} 至 ${a.endDay}）`);
      }
      const [m] = await tx.select({ id: member.id }).from(member).where(eq(member.phone, body.member));
      if (!m) throw invalid('好友尚未注册会员，请先完成注册');
      const [s] = await tx.select({ id: member.id }).from(member).where(eq(member.phone, body.sharer));
      if (!s) throw invalid('分享人不是会员');
      if (s.id === m.id) throw invalid('不能通过自己的分享注册');
      const [bill] = await tx
        .select({ id: memberConsume.id })
        .from(memberConsume)
        .where(eq(memberConsume.memberId, m.id))
        .limit(1);
      if (bill) throw invalid('该会员已有消费记录，不是新会员');
      // The sharer's rewards are counted one registration at a time.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fission:${a.id}`}), ${s.id})`);
      const [parent] = await tx
        .select({ id: fissionNode.id, level: fissionNode.level })
        .from(fissionNode)
        .where(and(eq(fissionNode.actId, a.id), eq(fissionNode.memberId, s.id)));
      const [made] = await tx
        .insert(fissionNode)
        .values({
          actId: a.id,
          clientId: caller.clientId,
          fissionNo: body.fissionNo,
          memberId: m.id,
          sharerId: s.id,
          parentId: parent?.id ?? null,
          level: (parent?.level ?? 0) + 1,
          at,
        })
        .returning({ id: fissionNode.id, level: fissionNode.level });
      const notes: string[] = [];
      let friendCoupon = false;
      if (a.friendCouponTemplateId) {
        const r = await giveCoupon(tx, a.friendCouponTemplateId, m.id, a.name, at);
        if (r === true) friendCoupon = true;
        else notes.push(`新会员礼券未发放：${r}`);
      }
      let sharerRewarded = false;
      if (a.sharerCouponTemplateId) {
        const [mine] = await tx
          .select({ n: count(), rewarded: sql<number>`(count(*) filter (where ${fissionNode.sharerRewarded}))::int` })
          .from(fissionNode)
          .where(and(eq(fissionNode.actId, a.id), eq(fissionNode.sharerId, s.id)));
        const n = Number(mine?.n ?? 0);
        if (n % a.sharerEvery === 0 && Number(mine?.rewarded ?? 0) < a.sharerMax) {
          const r = await giveCoupon(tx, a.sharerCouponTemplateId, s.id, a.name, at);
          if (r === true) sharerRewarded = true;
          else notes.push(`分享奖励券未发放：${r}`);
        }
      }
      await tx
        .update(fissionNode)
        .set({ friendCoupon, sharerRewarded, note: notes.join('；') || null })
        .where(eq(fissionNode.id, made!.id));
      return {
        fissionNo: body.fissionNo,
        actCode: a.code,
        level: made!.level,
        friendCoupon,
        sharerRewarded,
        replayed: false,
      };
    });
  } catch (e) {
    const key = uniqueViolation(e);
    if (key === 'fission_node_no_uq') {
      const again = await replay();
      if (again) return again;
    }
    if (key === 'fission_node_member_uq') throw invalid('该会员已通过本活动的分享注册过');
    throw e;
  }
};
