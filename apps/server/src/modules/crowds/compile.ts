/**
 * A crowd's rule as one SQL condition over `member` (the members it selects), with the caller's
 * data scope: every value a parameter, never text built from input. Each condition kind reads
 * the cheapest correct source:
 * - 所属门店, 会员等级, 性别: member's own columns (member_store_idx, member_level_joined_idx);
 * - 最近到店: member.last_visit_day, kept by the bill trigger (member_last_visit_idx);
 * - 储值余额: member.stored_valid, the valid 储值卡's principal + bonus kept by the card trigger and
 *   folded for expiries (foldCardExpiries, run before every count);
 * - 近 N 天消费: the period's bills (member_consume_at_idx), summed per member — no per-member
 *   rollup exists, and the period's bills are what the figure is;
 * - 生日月份: extract(month from birthday) (member_birth_month_idx, the same expression);
 * - 持卡情况: member.cards_valid for 任意/无, the member's cards (member_card_member_idx) by product;
 * - 注册日期: member.joined_at from the Beijing day's start (member_joined_idx);
 * - 会员标签: the member's tags (member_tag_member by member, modules/memberCare), enabled tags only.
 */
import type { CrowdCondition, CrowdRule } from '@zb/contract/entities/crowd';
import { and, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type DataScope, storeScopeFilter } from '../../platform/scope';
import { SHANGHAI_TZ } from '../members/rollups';
import { member } from '../members/schema';

/** Today, the Beijing day, in SQL. */
const TODAY = sql`(now() at time zone ${SHANGHAI_TZ})::date`;
/** The instant a Beijing day starts. */
const dayStart = (day: SQL) => sql`((${day})::timestamp at time zone ${SHANGHAI_TZ})`;

const intRange = (col: SQL, r: { min?: number | null; max?: number | null }): SQL =>
  and(r.min != null ? sql`${col} >= ${r.min}` : undefined, r.max != null ? sql`${col} <= ${r.max}` : undefined) as SQL;

/** 近 N 天 (today included) net spend per member: the bills' total less what was refunded of them. */
const spendCondition = (c: Extract<CrowdCondition, { kind: 'spend' }>): SQL => {
  const since = dayStart(sql`${TODAY} - ${c.days - 1}::int`);
  const perMember = sql`select c.member_id from member_consume c
    where c.consumed_at >= ${since} and c.status = 'completed' group by c.member_id`;
  const lo = c.amount.min ?? 0;
  const hi = c.amount.max;
  if (lo > 0) {
    const having = intRange(sql`sum(c.total - c.refunded)`, { min: lo, max: hi });
    return sql`${member.id} in (${perMember} having ${having})`;
  }
  // From 0: members without a bill in the period count as 0, so exclude only those above the cap.
  if (hi == null) return sql`true`;
  return sql`${member.id} not in (${perMember} having sum(c.total - c.refunded) > ${hi})`;
};

export const conditionSql = (c: CrowdCondition): SQL => {
  switch (c.kind) {
    case 'store':
      return or(
        c.storeIds.length ? inArray(member.storeId, c.storeIds) : undefined,
        c.regionIds.length
          ? sql`${member.storeId} in (select s.id from store s where ${inArray(sql`s.region_id`, c.regionIds)})`
          : undefined,
      ) as SQL;
    case 'level':
      return inArray(member.levelId, c.levelIds);
    case 'gender':
      return inArray(member.genderId, c.genderIds);
    case 'lastVisit':
      // N days ago: the day is today - N, so a larger N is an earlier day.
      return and(
        sql`${member.lastVisitDay} is not null`,
        c.days.max != null ? sql`${member.lastVisitDay} >= ${TODAY} - ${c.days.max}::int` : undefined,
        c.days.min != null ? sql`${member.lastVisitDay} <= ${TODAY} - ${c.days.min}::int` : undefined,
      ) as SQL;
    case 'balance':
      return intRange(sql`${member.storedValid}`, c.amount);
    case 'spend':
      return spendCondition(c);
    case 'birthdayMonth':
      return inArray(sql`(extract(month from ${member.birthday})::int)`, c.months);
    case 'cards':
      if (c.mode === 'any') return sql`${member.cardsValid} > 0`;
      if (c.mode === 'none') return sql`${member.cardsValid} = 0`;
      return sql`exists (select 1 from member_card mc where mc.member_id = ${member.id}
        and ${inArray(sql`mc.card_id`, c.cardIds)} and mc.status = 'active' and mc.expires_at > now())`;
    case 'tag':
      return sql`exists (select 1 from member_tag_member mt join member_tag tg on tg.id = mt.tag_id
        where mt.member_id = ${member.id} and ${inArray(sql`mt.tag_id`, c.tagIds)} and tg.enabled)`;
    case 'joined':
      return and(
        c.from ? sql`${member.joinedAt} >= ${dayStart(sql`${c.from}::date`)}` : undefined,
        c.to ? sql`${member.joinedAt} < ${dayStart(sql`${c.to}::date + 1`)}` : undefined,
      ) as SQL;
  }
};

/** The members of the caller's stores the rule selects: (group 1's conditions) or (group 2's) …. */
export const crowdWhere = (rule: CrowdRule, scope: DataScope): SQL =>
  and(storeScopeFilter(scope, member.storeId), or(...rule.groups.map((g) => and(...g.map(conditionSql))))) as SQL;

/** The statement counting a rule's members (the bench prints its plan). */
export const crowdCountSql = (rule: CrowdRule, scope: DataScope): SQL =>
  sql`select count(*)::int as n from ${member} where ${crowdWhere(rule, scope)}`;
