/**
 * 会员标签, 会员档案 and 跟进记录 on the resource engine (contract entities/memberCare.ts).
 * - Tags are head office's: every caller of the page reads them; only a 总部 role defines them.
 *   A rule tag's rule is checked and described on write, and the tag evaluated in the same
 *   transaction (tags.ts), so its holders and 会员数 are right as soon as it is saved.
 * - A member file is read in the member's data scope (their home store); created once per member.
 * - Follow-ups are the stores' (open API); the console only reads them, in the store's scope.
 */
import { describeTagRule, FOLLOW_UP, MEMBER_FILE, MEMBER_TAG } from '@zb/contract/entities/memberCare';
import { ERR } from '@zb/contract/errcodes';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, without } from '../../platform/resource/binding';
import { checkStoreInScope, OUT_OF_SCOPE_STORE } from '../../platform/scope';
import { member, memberConsume } from '../members/schema';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';
import { followUp, memberFile, memberTag } from './schema';
import { evaluateTag, ruleOrRefuse } from './tags';

/** Tags are defined for the whole chain: a region or store role reads them, does not change them. */
export const requireHq = (auth: Auth): void => {
  if (!auth.user.isAdmin && auth.scope.level !== 'hq') {
    throw new BizError(ERR.FORBIDDEN, '会员标签由总部维护，您的角色不能修改');
  }
};

export const memberTagBinding = bindResource({
  decl: MEMBER_TAG,
  table: memberTag,
  id: memberTag.id,
  uniques: { member_tag_name_uq: 'name' },
  service: {
    create: async ({ tx, auth }, values) => {
      requireHq(auth);
      const rule = values.kind === 'rule' ? ruleOrRefuse(values.rule) : null;
      if (values.kind === 'manual' && values.rule) throw fieldError('rule', '手动标签没有规则，请清空规则');
      const [row] = await tx
        .insert(memberTag)
        .values({
          ...without(values, 'rule'),
          rule,
          ruleText: rule ? describeTagRule(rule) : null,
          createdBy: auth.user.id,
        })
        .returning({ id: memberTag.id });
      const id = row!.id;
      if (rule && values.enabled !== false) await evaluateTag(tx, id);
      return id;
    },
    update: async ({ tx, auth }, id, values, before) => {
      requireHq(auth);
      let rule: typeof memberTag.$inferInsert.rule;
      if ('rule' in values) {
        if (before.kind === 'manual' && values.rule) throw fieldError('rule', '手动标签没有规则，请清空规则');
        if (before.kind === 'rule') rule = ruleOrRefuse(values.rule);
      }
      const set = { ...without(values, 'rule'), ...(rule ? { rule, ruleText: describeTagRule(rule) } : {}) };
      if (Object.keys(set).length) await tx.update(memberTag).set(set).where(eq(memberTag.id, id));
      const enabled = values.enabled ?? before.enabled;
      if (before.kind === 'rule' && enabled && (rule || values.enabled === true)) await evaluateTag(tx, id);
    },
    remove: async ({ tx, auth }, id) => {
      requireHq(auth);
      // Its holders go with it (member_tag_member cascades); crowds naming it keep the id and select no one by it.
      await tx.delete(memberTag).where(eq(memberTag.id, id));
    },
  },
});

/** The staff who served the member most (by bills with a line they served), at most three, as words. */
const servedBy = sql<string | null>`(select string_agg(x.name || '（' || x.n || ' 次）', '、' order by x.n desc, x.name)
  from (select st.name, count(distinct bs.consume_id)::int as n
    from member_consume c join bill_share bs on bs.consume_id = c.id join staff st on st.id = bs.staff_id
    where c.member_id = "member_file"."member_id" and c.status = 'completed'
    group by st.id, st.name order by n desc, st.name limit 3) x)`;

const refuseOutOfScope = async (tx: Tx, auth: Auth, memberId: number) => {
  const [m] = await tx.select({ storeId: member.storeId }).from(member).where(eq(member.id, memberId));
  if (!m) throw fieldError('memberId', '会员不存在');
  try {
    await checkStoreInScope(tx, auth.scope, m.storeId, 'memberId');
  } catch {
    throw fieldError('memberId', `该会员不在您的数据范围内（${OUT_OF_SCOPE_STORE}的会员）`);
  }
};

export const memberFileBinding = bindResource({
  decl: MEMBER_FILE,
  table: memberFile,
  id: memberFile.id,
  columns: {
    memberCode: member.code,
    memberName: member.name,
    memberPhone: member.phone,
    storeName: store.name,
    servedBy,
    lastVisitDay: member.lastVisitDay,
  },
  joins: [
    { table: member, on: eq(member.id, memberFile.memberId), inner: true },
    { table: store, on: eq(store.id, member.storeId) },
  ],
  scope: { store: member.storeId },
  uniques: { member_file_member_uq: 'memberId' },
  service: {
    create: async ({ tx, auth }, values) => {
      await refuseOutOfScope(tx, auth, values.memberId);
      const [row] = await tx
        .insert(memberFile)
        .values({ ...values, updatedBy: auth.user.id })
        .returning({ id: memberFile.id });
      return row!.id;
    },
    update: async ({ tx, auth }, id, values) => {
      await tx
        .update(memberFile)
        .set({ ...values, updatedBy: auth.user.id, updatedAt: sql`now()` })
        .where(eq(memberFile.id, id));
    },
  },
});

const followStaff = alias(staff, 'follow_staff');

/** 待跟进 / 已逾期 / 已完成: overdue is a due day before today (Beijing). */
export const followStateSql = sql<string>`case when "follow_up"."done_at" is not null then 'done'
  when "follow_up"."due_date" < (now() at time zone 'Asia/Shanghai')::date then 'overdue' else 'due' end`;

export const followUpBinding = bindResource({
  decl: FOLLOW_UP,
  table: followUp,
  id: followUp.id,
  columns: {
    memberName: member.name,
    memberPhone: member.phone,
    storeName: store.name,
    staffName: followStaff.name,
    state: followStateSql,
    billNo: memberConsume.billNo,
  },
  joins: [
    { table: member, on: eq(member.id, followUp.memberId) },
    { table: store, on: eq(store.id, followUp.storeId) },
    { table: followStaff, on: eq(followStaff.id, followUp.staffId) },
    { table: memberConsume, on: eq(memberConsume.id, followUp.consumeId) },
  ],
  scope: { store: followUp.storeId },
});
