/**
 * 会员标签's rules and holders. A rule tag is evaluated into member_tag_member (source 'rule') by
 * one statement per direction — members no longer matching leave, members newly matching join —
 * on save, on 立即计算 and every night (job memberTags); a manual tag's holders are given and
 * removed by hand in the caller's data scope. Every write keeps member_tag.member_count in the
 * same transaction. The rule's conditions read the member's own data, each by its index:
 * - 近 N 天到店次数 / 消费金额: the member's completed bills of the period (member_consume_member_idx);
 * - 储值余额: member.stored_valid (kept by the card trigger; expiries folded before an evaluation);
 * - 最近到店: member.last_visit_day (kept by the bill trigger).
 */

import type { Page } from '@zb/contract/api/paging';
import {
  type MemberTagBrief,
  type TagAssigned,
  type TagCondition,
  type TagEvaluated,
  type TagMemberDto,
  type TagRule,
  type tagAssignBody,
  type tagMembersQuery,
  tagRule,
} from '@zb/contract/entities/memberCare';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import { type DataScope, storeScopeFilter } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { foldCardExpiries } from '../members/rollups';
import { member } from '../members/schema';
import { store } from '../stores/schema';
import { memberTag, memberTagMember } from './schema';

/** Today, the Beijing day, in SQL. */
const TODAY = sql`(now() at time zone 'Asia/Shanghai')::date`;
/** The instant the Beijing day `n - 1` days before today starts: 近 n 天 includes today. */
const since = (days: number) => sql`((${TODAY} - ${days - 1}::int)::timestamp at time zone 'Asia/Shanghai')`;

const inRange = (v: SQL, r: { min?: number | null; max?: number | null }): SQL =>
  and(r.min != null ? sql`${v} >= ${r.min}` : undefined, r.max != null ? sql`${v} <= ${r.max}` : undefined) as SQL;

const conditionSql = (c: TagCondition): SQL => {
  switch (c.kind) {
    case 'visits':
      return inRange(
        sql`(select count(distinct (c.consumed_at at time zone 'Asia/Shanghai')::date) from member_consume c
          where c.member_id = ${member.id} and c.status = 'completed' and c.consumed_at >= ${since(c.days)})`,
        c.count,
      );
    case 'spend':
      return inRange(
        sql`(select coalesce(sum(c.total - c.refunded), 0) from member_consume c
          where c.member_id = ${member.id} and c.status = 'completed' and c.consumed_at >= ${since(c.days)})`,
        c.amount,
      );
    case 'balance':
      return inRange(sql`${member.storedValid}`, c.amount);
    case 'lastVisit':
      return and(
        sql`${member.lastVisitDay} is not null`,
        c.days.max != null ? sql`${member.lastVisitDay} >= ${TODAY} - ${c.days.max}::int` : undefined,
        c.days.min != null ? sql`${member.lastVisitDay} <= ${TODAY} - ${c.days.min}::int` : undefined,
      ) as SQL;
  }
};

/** The members a rule selects: all its conditions hold (且). */
export const ruleWhere = (rule: TagRule): SQL => and(...rule.conditions.map(conditionSql)) as SQL;

/** A rule tag's rule, checked: the field error of its first problem otherwise. */
export const ruleOrRefuse = (value: unknown): TagRule => {
  if (value === null || value === undefined) throw fieldError('rule', '规则标签须填写规则');
  const parsed = tagRule.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fieldError('rule', issue.message);
  }
  return parsed.data;
};

const refreshCount = (tx: Tx, tagId: number) =>
  tx
    .update(memberTag)
    .set({ memberCount: sql`(select count(*)::int from member_tag_member t where t.tag_id = ${tagId})` })
    .where(eq(memberTag.id, tagId))
    .returning({ memberCount: memberTag.memberCount });

const tagOrRefuse = async (tx: Tx | Db, id: number) => {
  const [tag] = await tx.select().from(memberTag).where(eq(memberTag.id, id));
  if (!tag) throw new BizError(ERR.RECORD_NOT_FOUND, '该会员标签不存在');
  return tag;
};

/** Evaluates a rule tag in the caller's transaction: its holders become exactly the members its rule selects. */
export const evaluateTag = async (tx: Tx, id: number): Promise<TagEvaluated> => {
  const tag = await tagOrRefuse(tx, id);
  if (tag.kind !== 'rule' || !tag.rule) throw new BizError(ERR.TAG_KIND_MISMATCH, '手动标签没有规则，不能计算');
  if (!tag.enabled) throw new BizError(ERR.TAG_KIND_MISMATCH, `标签「${tag.name}」已停用，启用后再计算`);
  const where = ruleWhere(tag.rule);
  const removed = rowsOf(
    await tx.execute(sql`delete from member_tag_member t where t.tag_id = ${id}
      and not exists (select 1 from ${member} where ${member.id} = t.member_id and ${where}) returning t.member_id`),
  ).length;
  const added = rowsOf(
    await tx.execute(sql`insert into member_tag_member (tag_id, member_id, source)
      select ${id}, ${member.id}, 'rule' from ${member} where ${where}
      on conflict (tag_id, member_id) do nothing returning member_id`),
  ).length;
  await tx.update(memberTag).set({ evaluatedAt: sql`now()` }).where(eq(memberTag.id, id));
  const [row] = await refreshCount(tx, id);
  return { memberCount: row?.memberCount ?? 0, added, removed };
};

/** 立即计算 (POST /rest/memberTag/evaluate/:id): head office only, logged. */
export const evaluateTagNow = async (db: Db, auth: Auth, id: number): Promise<TagEvaluated> => {
  await foldCardExpiries(db);
  return db.transaction(async (tx) => {
    const done = await evaluateTag(tx, id);
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'memberTag.evaluate',
      target: `memberTag:${id}`,
      after: { memberCount: done.memberCount, added: done.added, removed: done.removed },
    });
    return done;
  });
};

/** The nightly job: every enabled rule tag, each in its own transaction. */
export const evaluateAllTags = async (db: Db): Promise<string> => {
  await foldCardExpiries(db);
  const tags = await db
    .select({ id: memberTag.id })
    .from(memberTag)
    .where(and(eq(memberTag.kind, 'rule'), eq(memberTag.enabled, true)))
    .orderBy(asc(memberTag.id));
  let added = 0;
  let removed = 0;
  for (const t of tags) {
    const done = await db.transaction((tx) => evaluateTag(tx, t.id));
    added += done.added;
    removed += done.removed;
  }
  return `计算规则标签 ${tags.length} 个，新增会员 ${added} 人次，移除 ${removed} 人次`;
};

const manualOrRefuse = async (tx: Tx, id: number) => {
  const tag = await tagOrRefuse(tx, id);
  if (tag.kind !== 'manual') {
    throw new BizError(ERR.TAG_KIND_MISMATCH, `「${tag.name}」是规则标签，由规则计算，不能手动打上或移除`);
  }
  return tag;
};

/** 打标签: a manual, enabled tag to members of the caller's scope, named by id or by phone / 会员编号. */
export const assignTag = (db: Db, auth: Auth, body: z.output<typeof tagAssignBody>): Promise<TagAssigned> =>
  db.transaction(async (tx) => {
    const tag = await manualOrRefuse(tx, body.tagId);
    if (!tag.enabled) throw new BizError(ERR.TAG_KIND_MISMATCH, `标签「${tag.name}」已停用，不能再打给会员`);
    const keys = [...new Set(body.memberKeys)];
    const byKey = keys.length
      ? await tx
          .select({ id: member.id, phone: member.phone, code: member.code })
          .from(member)
          .where(
            or(
              inArray(member.phone, keys),
              inArray(
                member.code,
                keys.map((k) => k.toUpperCase()),
              ),
            ),
          )
      : [];
    const unknown = keys.find((k) => !byKey.some((m) => m.phone === k || m.code === k.toUpperCase()));
    if (unknown !== undefined) throw fieldError('memberKeys', `会员 ${unknown} 不存在`);
    const ids = [...new Set([...body.memberIds, ...byKey.map((m) => m.id)])];
    const seen = await tx
      .select({ id: member.id })
      .from(member)
      .where(and(inArray(member.id, ids), storeScopeFilter(auth.scope, member.storeId)));
    if (seen.length !== ids.length) {
      const bad = ids.find((id) => !seen.some((s) => s.id === id));
      throw fieldError(body.memberIds.includes(bad!) ? 'memberIds' : 'memberKeys', '会员不存在或不在您的数据范围内');
    }
    const inserted = await tx
      .insert(memberTagMember)
      .values(ids.map((memberId) => ({ tagId: tag.id, memberId, source: 'manual', assignedBy: auth.user.id })))
      .onConflictDoNothing()
      .returning({ memberId: memberTagMember.memberId });
    await refreshCount(tx, tag.id);
    const answer = { added: inserted.length, already: ids.length - inserted.length };
    if (inserted.length) {
      await recordOperation(tx, {
        userId: auth.user.id,
        action: 'memberTag.tagMembers',
        target: `memberTag:${tag.id}`,
        after: { memberIds: inserted.map((r) => r.memberId), ...answer },
      });
    }
    return answer;
  });

/** 移除: a manual tag from members of the caller's scope. */
export const unassignTag = (
  db: Db,
  auth: Auth,
  body: { tagId: number; memberIds: number[] },
): Promise<{ removed: number }> =>
  db.transaction(async (tx) => {
    const tag = await manualOrRefuse(tx, body.tagId);
    const gone = await tx
      .delete(memberTagMember)
      .where(
        and(
          eq(memberTagMember.tagId, tag.id),
          inArray(memberTagMember.memberId, [...new Set(body.memberIds)]),
          sql`${memberTagMember.memberId} in (select ${member.id} from ${member} where ${
            storeScopeFilter(auth.scope, member.storeId) ?? sql`true`
          })`,
        ),
      )
      .returning({ memberId: memberTagMember.memberId });
    await refreshCount(tx, tag.id);
    if (gone.length) {
      await recordOperation(tx, {
        userId: auth.user.id,
        action: 'memberTag.untagMembers',
        target: `memberTag:${tag.id}`,
        before: { memberIds: gone.map((r) => r.memberId) },
        after: { removed: gone.length },
      });
    }
    return { removed: gone.length };
  });

const masked = sql<string>`left(${member.phone}, 3) || '****' || right(${member.phone}, 4)`;

/** A tag's members of the caller's scope, newest first; `keyword` finds a name, phone or 会员编号. */
export const tagMembers = async (
  db: Db,
  scope: DataScope,
  q: z.output<typeof tagMembersQuery>,
): Promise<Page<TagMemberDto>> => {
  await tagOrRefuse(db, q.tagId);
  const kw = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(memberTagMember.tagId, q.tagId),
    storeScopeFilter(scope, member.storeId),
    kw
      ? or(sql`${member.name} like ${kw}`, sql`${member.phone} like ${kw}`, sql`${member.code} like ${kw}`)
      : undefined,
  );
  const base = () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberTagMember)
      .innerJoin(member, eq(member.id, memberTagMember.memberId));
  const [list, [total]] = await Promise.all([
    db
      .select({
        memberId: member.id,
        memberCode: member.code,
        memberName: member.name,
        phone: masked,
        storeName: store.name,
        source: memberTagMember.source,
        assignedAt: memberTagMember.assignedAt,
        assignedByName: userAccount.nickname,
      })
      .from(memberTagMember)
      .innerJoin(member, eq(member.id, memberTagMember.memberId))
      .innerJoin(store, eq(store.id, member.storeId))
      .leftJoin(userAccount, eq(userAccount.id, memberTagMember.assignedBy))
      .where(where)
      .orderBy(desc(memberTagMember.assignedAt), asc(member.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    base().where(where),
  ]);
  return {
    list: list.map((r) => ({
      ...r,
      source: r.source as TagMemberDto['source'],
      assignedAt: r.assignedAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
};

/** A member's tags (the member must be of the caller's scope: RECORD_NOT_FOUND otherwise). */
export const tagsOfMember = async (db: Db, memberId: number): Promise<MemberTagBrief[]> => {
  const rows = await db
    .select({
      id: memberTag.id,
      name: memberTag.name,
      kind: memberTag.kind,
      color: memberTag.color,
      source: memberTagMember.source,
      assignedAt: memberTagMember.assignedAt,
    })
    .from(memberTagMember)
    .innerJoin(memberTag, eq(memberTag.id, memberTagMember.tagId))
    .where(eq(memberTagMember.memberId, memberId))
    .orderBy(asc(memberTag.name));
  return rows.map((r) => ({
    ...r,
    kind: r.kind as MemberTagBrief['kind'],
    source: r.source as MemberTagBrief['source'],
    assignedAt: r.assignedAt.toISOString(),
  }));
};

/**
 * A manual tag on or off for one member, by a system sync (SCRM's WeCom tags), in the caller's
 * transaction; answers whether it changed. Logged as 打标签 / 移除标签 by no user.
 */
export const setManualTag = async (tx: Tx, tagId: number, memberId: number, on: boolean): Promise<boolean> => {
  const changed = on
    ? await tx
        .insert(memberTagMember)
        .values({ tagId, memberId, source: 'manual', assignedBy: null })
        .onConflictDoNothing()
        .returning({ memberId: memberTagMember.memberId })
    : await tx
        .delete(memberTagMember)
        .where(and(eq(memberTagMember.tagId, tagId), eq(memberTagMember.memberId, memberId)))
        .returning({ memberId: memberTagMember.memberId });
  if (!changed.length) return false;
  await refreshCount(tx, tagId);
  await recordOperation(tx, {
    userId: null,
    action: on ? 'memberTag.tagMembers' : 'memberTag.untagMembers',
    target: `memberTag:${tagId}`,
    ...(on
      ? { after: { memberIds: [memberId], added: 1 } }
      : { before: { memberIds: [memberId] }, after: { removed: 1 } }),
  });
  return true;
};
