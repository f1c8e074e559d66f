/**
 * The query reports over members, their cards and bills (contract reports/query.ts) and the views
 * of a member's account (contract reports/memberAccount.ts), bound to their facts for the report
 * engine (platform/report, docs/report-engine.md). Each fact query answers one row per fact with
 * the report's keys as its columns; the engine filters, scopes, groups, sorts and pages it.
 *
 * - 会员持卡: one row per member card (its store, product, state, what was paid at 开卡, its
 *   balances and sessions left).
 * - 卡项排行: one row per card sold in the period (开卡), and the period's 耗卡 from its rollup.
 * - 会员基本信息: one row per member with their cards counted and their valid stored balance (the
 *   member list's 储值余额: active, unexpired 储值卡, principal + bonus).
 * - 门店会员分析: one row per store with members registered by the period's last day: members,
 *   new, active and silent for the period and silence asked, from the per store × day rollup of
 *   joins and last bill days (member_store_day/_month) and the few members billed or joined after
 *   the period.
 * - 产品消耗: per day (month) and store, from the bill lines' rollup: a project's sessions × the
 *   project's usage of each product (goods project_product, the project's usage as it is now:
 *   usage is not recorded per bill), and each product sold directly.
 * - The member tabs: the member's combo cards by project, their stored-value cards, and a card's
 *   ledger; a member's cards are seen when the member's home store is in the caller's scope.
 */
import { CARD_LEDGER_VIEW, COMBO_CARD_VIEW, STORED_VALUE_CARD_VIEW } from '@zb/contract/reports/memberAccount';
import {
  CARD_RANKING_REPORT,
  MEMBER_BASIC_INFO_REPORT,
  MEMBER_CARD_REPORT,
  PRODUCT_CONSUMPTION_REPORT,
  SILENT_DAYS_DEFAULT,
  STORE_MEMBER_ANALYSIS_REPORT,
} from '@zb/contract/reports/query';
import { asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type BoundQuery,
  bindReport,
  bucketOf,
  col,
  type QueryInput,
  type Values,
} from '../../platform/report/binding';
import { storeScopeFilter } from '../../platform/scope';
import { region, store } from '../stores/schema';
import { member } from './schema';
import { refNo } from './service';

/** The first instant of a Beijing day given as a bound YYYY-MM-DD. */
const dayStart = (day: SQL) => sql`(${day}::date)::timestamp at time zone 'Asia/Shanghai'`;
/** The first instant after a Beijing day given as a bound YYYY-MM-DD. */
const dayEnd = (day: SQL) => sql`(${day}::date + 1)::timestamp at time zone 'Asia/Shanghai'`;

/** A card held is 已过期 past its expiry, whatever its status; else its status (正常, 冻结). */
const cardState = (mc: string) => sql.raw(`case when ${mc}.expires_at <= now() then 'expired' else ${mc}.status end`);

/** The key columns of member_card each of 会员持卡's dimensions comes from (names are joined last). */
const CARD_KEYS: Record<string, [string, string]> = {
  regionName: ['store_id', 'storeId'],
  storeName: ['store_id', 'storeId'],
  storeId: ['store_id', 'storeId'],
  cardName: ['card_id', 'cardId'],
  cardId: ['card_id', 'cardId'],
  kind: ['kind', 'kind'],
  state: ['state', 'state'],
};

/**
 * 会员持卡 grouped by ids first: the cards in the filters and scope (a month's from
 * member_card_opened_idx) added up per key of the grouping (store; card and kind; state) and
 * member — one row per member of a group, so a group's 持卡会员数 is its count of rows, and no
 * distinct count sorts the cards by names — then the names of the keys joined to those rows.
 * The engine adds the rows up per group (a hash over ids and names); the total 持卡会员数, a
 * distinct count over every group, is `cardTotals`'.
 */
const cardWhere = (q: QueryInput, mc: string): SQL => {
  const c = (name: string) => sql.raw(`${mc}.${name}`);
  const opened = c('opened_at');
  const conditions = [
    q.has('openedFrom') ? sql`${opened} >= ${dayStart(q.bind('openedFrom'))}` : undefined,
    q.has('openedTo') ? sql`${opened} < ${dayEnd(q.bind('openedTo'))}` : undefined,
    q.filter('storeId', c('store_id')),
    q.has('regionId')
      ? sql`${c('store_id')} in (select id from store where region_id = ${q.bind('regionId')}::int)`
      : undefined,
    q.filter('cardId', c('card_id')),
    q.filter('kind', c('kind')),
    q.filter('state', cardState(mc)),
    storeScopeFilter(q.scope, c('store_id') as never),
  ].filter((x): x is SQL => !!x);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
};

const cards: BoundQuery = {
  alias: 'c',
  query: (q: QueryInput) => {
    const keys = [...new Map(q.dims.map((d) => CARD_KEYS[d]!).map(([k, a]) => [k, a])).entries()];
    const keyOf = (k: string) => (k === 'state' ? cardState('mc') : sql.raw(`mc.${k}`));
    const perMember = sql.join(
      keys.map(([k]) => sql`${keyOf(k)} as ${sql.raw(k)}`),
      sql`, `,
    );
    const groupKeys = sql.raw(keys.map(([k]) => k).join(', '));
    const named = keys.map(([k, a]) => sql`g.${sql.raw(k)} as ${sql.identifier(a)}`);
    const has = (k: string) => keys.some(([x]) => x === k);
    const names = [
      has('store_id') ? sql`s.name as "storeName", r.name as "regionName"` : undefined,
      has('card_id') ? sql`k.name as "cardName"` : undefined,
    ].filter((x): x is SQL => !!x);
    return sql`
      select ${sql.join([...named, ...names], sql`, `)}, g.n as "cards", g.paid as "paid", g.balance as "balance",
        g.bonus as "bonusBalance", g.left as "sessionsLeft", g.total as "sessionsTotal"
      from (
        select ${perMember}, mc.member_id, count(*) as n, sum(mc.paid) as paid, sum(coalesce(mc.balance, 0)) as balance,
          sum(coalesce(mc.bonus_balance, 0)) as bonus, sum(mc.sessions_left) as left, sum(mc.sessions_total) as total
        from member_card mc where ${cardWhere(q, 'mc')}
        group by ${groupKeys}, mc.member_id
      ) g
      ${has('store_id') ? sql`join store s on s.id = g.store_id join region r on r.id = s.region_id` : sql.empty()}
      ${has('card_id') ? sql`join card k on k.id = g.card_id` : sql.empty()}`;
  },
};

export const memberCardReport = bindReport({
  decl: MEMBER_CARD_REPORT,
  from: cards,
  // Each row is one member of its group: a group's members are its rows.
  measures: { cards: sql`sum(${col('c', 'cards')})`, members: sql`count(*)` },
  // The members over every group: a distinct count of the same cards (a month's member ids from
  // member_card_opened_idx, unless a state is asked).
  totals: (q) => ({
    members: sql`select count(distinct mc.member_id) from member_card mc where ${cardWhere(q, 'mc')}`,
  }),
  filters: {
    opened: 'query',
    storeId: 'query',
    regionId: 'query',
    cardId: 'query',
    kind: 'query',
    state: 'query',
  },
  scope: { store: col('c', 'storeId'), inQuery: true },
});

/**
 * A day rollup and its month rollup (`<table>_day`, `<table>_month`: key columns, `n` facts and
 * the measures named) added up over the Beijing days [from, to] (bound YYYY-MM-DD): one row
 * per key and month, at the month's first instant, with the facts of the period in it (n > 0:
 * a key the period has no fact of is no row, as the facts would give none), and its facts `n`.
 * `byMonth: false` adds the months up too: one row per key, `at` null. A measure is a column of
 * the rollup or `[name, expression over its row]` (e.g. a column of some rows only).
 *
 * The rows read: the months from `from`'s through `to`'s, less the days of `to`'s month after
 * `to`; `from`'s month either whole less its days before `from`, or — when `to` is in a later
 * month and that reads fewer days — its days from `from` instead. So a chain-wide month reads at
 * most about a month of day rows (the last 30 days ending today: the current month whole and
 * the previous month's last few days), never the facts. The conditions on the period alone are
 * the plan's one-time filters: a branch not taken reads nothing.
 */
export const periodSums = (
  q: QueryInput,
  [fromKey, toKey]: [string, string],
  table: string,
  keys: string,
  measures: readonly (string | readonly [string, string])[],
  where: string | SQL = 'true',
  { byMonth = true }: { byMonth?: boolean } = {},
) => {
  const f = sql`${q.bind(fromKey)}::date`;
  const t = sql`${q.bind(toKey)}::date`;
  const fm = sql`date_trunc('month', ${f})::date`;
  const tm = sql`date_trunc('month', ${t})::date`;
  const whole = sql`(${fm} = ${tm} or ${f} - ${fm} <= (${fm} + interval '1 month')::date - ${f})`;
  const month = sql.raw(`${table}_month`);
  const day = sql.raw(`${table}_day`);
  // A measure is a column of the rollup, or [name, an expression over its row].
  const named = measures.map((m): readonly [string, string] => (typeof m === 'string' ? [m, m] : m));
  // No keys (a grouping by month alone): one row per month.
  const k = keys ? `${keys}, ` : '';
  const c = sql.raw(`${k}n, ${named.map(([k, e]) => (k === e ? k : `${e} as ${k}`)).join(', ')}`);
  const w = typeof where === 'string' ? sql.raw(where) : where;
  // Sums of 分 and counts as float8, cast back: exact (every partial sum stays far below 2^53) and
  // several times cheaper than the numeric PostgreSQL keeps for sum(bigint).
  const sum = (e: string) => `sum((${e})::float8)::bigint`;
  const group = [keys, byMonth ? `date_trunc('month', r.day::timestamp)` : ''].filter(Boolean);
  const at = byMonth ? `(date_trunc('month', r.day::timestamp) at time zone 'Asia/Shanghai')` : 'null::timestamptz';
  return sql`
    select ${sql.raw(k)}${sql.raw(at)} as at,
      ${sql.raw(named.map(([k]) => `${sum(`r.sign * r.${k}`)} as ${k}`).join(', '))}, ${sql.raw(sum('r.sign * r.n'))} as n
    from (
      select 1 as sign, month as day, ${c} from ${month} where ${w} and month > ${fm} and month <= ${tm}
      union all select 1, month, ${c} from ${month} where ${w} and month = ${fm} and ${whole}
      union all select -1, day, ${c} from ${day} where ${w} and day >= ${fm} and day < ${f} and ${whole}
      union all select 1, day, ${c} from ${day}
        where ${w} and day >= ${f} and day < (${fm} + interval '1 month')::date and not ${whole}
      union all select -1, day, ${c} from ${day} where ${w} and day > ${t} and day < (${tm} + interval '1 month')::date
    ) r
    ${sql.raw(group.length ? `group by ${group.join(', ')}` : '')}
    having sum(r.sign * r.n) > 0`;
};

/**
 * One row per card sold (opened) in the period, by the card's product and the store that sold
 * it (what was paid, the buyer), and the 耗卡 of the period by card product and the store drawn
 * at (sessions, 分), from the draw rollups (card_draw_day/_month, kept by the ledger's writer).
 */
const cardMoves: BoundQuery = {
  alias: 'cm',
  query: (q: QueryInput) => {
    const from = dayStart(q.bind('periodFrom'));
    const end = dayEnd(q.bind('periodTo'));
    return sql`
      select x.card_id as "cardId", k.name as "cardName", x.kind as "kind", x.store_id as "storeId",
        s.name as "storeName", s.region_id as "regionId", r.name as "regionName", x.at as "at",
        x.member_id as "memberId", x.sold as "sold", x.amount as "amount",
        x.draw_sessions as "drawSessions", x.draw_amount as "drawAmount"
      from (
        select o.card_id, o.kind, o.store_id, o.opened_at as at, o.member_id, 1 as sold, o.paid::bigint as amount,
          0::bigint as draw_sessions, 0::bigint as draw_amount
        from member_card o where o.opened_at >= ${from} and o.opened_at < ${end}
        union all
        select d.card_id, d.card_kind, d.store_id, d.at, null, 0, 0, d.sessions, d.amount
        from (${periodSums(q, ['periodFrom', 'periodTo'], 'card_draw', 'store_id, card_id, card_kind', ['sessions', 'amount'])}) d
      ) x
      join card k on k.id = x.card_id
      join store s on s.id = x.store_id
      join region r on r.id = s.region_id`;
  },
};

export const cardRankingReport = bindReport({
  decl: CARD_RANKING_REPORT,
  from: cardMoves,
  dims: { month: bucketOf(col('cm', 'at'), 'month') },
  measures: { members: sql`count(distinct ${col('cm', 'memberId')})` },
  filters: { period: 'query' },
  scope: { store: col('cm', 'storeId') },
});

/**
 * One row per member: their file, the lookups named, their cards counted and balances — as the
 * member row keeps them (cards_held, cards_valid, stored_valid, sessions_valid: recomputed from
 * the member's cards by a trigger when one changes, and by foldCardExpiries, which runs before
 * every report read, for the cards expired since).
 */
const members: BoundQuery = {
  alias: 'm',
  query: () => sql`
    select m.id as "memberId", m.code as "code", m.name as "name", m.phone as "phone",
      g.name as "genderName", lv.name as "levelName", src.name as "sourceName",
      m.level_id as "levelId", m.source_id as "sourceId", m.store_id as "storeId", s.name as "storeName",
      s.region_id as "regionId", r.name as "regionName", m.status as "status", m.joined_at as "joinedAt",
      m.cards_held as "cards", m.cards_valid as "validCards", m.stored_valid as "storedBalance",
      m.sessions_valid as "sessionsLeft"
    from member m
    join store s on s.id = m.store_id
    join region r on r.id = s.region_id
    left join master_item g on g.id = m.gender_id
    left join master_item lv on lv.id = m.level_id
    left join master_item src on src.id = m.source_id`,
};

export const memberBasicInfoReport = bindReport({
  decl: MEMBER_BASIC_INFO_REPORT,
  from: members,
  filters: { joined: { instant: col('m', 'joinedAt') } },
  id: col('m', 'memberId'),
  scope: { store: col('m', 'storeId') },
});

/**
 * The rows of member_store_day/_month (门店会员分析's rollup) adding up `measure` per store over
 * the Beijing days [a, b] (bound dates; a null end is open), in column `slot` of four: the months
 * wholly inside from the month table, the days at the edges (at most a month at each) from the
 * day table. The conditions on the bounds alone are the plan's one-time filters.
 */
const storeDaySpan = (measure: string, a: SQL | null, b: SQL | null, slot: number): SQL => {
  const cols = [0, 1, 2, 3].map((i) => (i === slot ? measure : '0')).join(', ');
  const pick = (table: string, where: SQL) =>
    sql`select store_id, ${sql.raw(cols)} from ${sql.raw(table)} where ${where}`;
  const am = a && sql`date_trunc('month', ${a})::date`;
  const bm = b && sql`date_trunc('month', ${b})::date`;
  if (!a && bm) {
    return sql`${pick('member_store_month', sql`month < ${bm}`)}
      union all ${pick('member_store_day', sql`day >= ${bm} and day <= ${b}`)}`;
  }
  if (a && am && !b) {
    return sql`${pick('member_store_day', sql`day >= ${a} and day < (${am} + interval '1 month')::date`)}
      union all ${pick('member_store_month', sql`month > ${am}`)}`;
  }
  return sql`${pick('member_store_day', sql`day >= ${a} and day <= ${b} and day < (${am} + interval '1 month')::date`)}
    union all ${pick('member_store_month', sql`month > ${am} and month < ${bm}`)}
    union all ${pick('member_store_day', sql`day >= ${bm} and day <= ${b} and ${bm} > ${am}`)}`;
};

/**
 * One row per store (the members' home store) with members registered by the period's last day:
 * how many (会员总数), new in the period, active (a bill at any store in the period) and silent (no
 * bill in the `silentDays` days up to the period's last day), from member_store_day/_month, which
 * count per store and day the members who joined and those whose last bill is that day.
 *
 * The members with a bill in [x, t] are those whose last bill is on or after x, less those of
 * them with no bill in [x, t] or not registered by t: each of those has a bill after t or joined
 * after t. 活跃 is that for x = the period's first day; 沉默 is 会员总数 less that for x = the
 * silence's first day. Which members those are is found one of two ways, chosen by the period's
 * end against today (values alone: the plan's one-time filters, the way not taken reads nothing):
 * - a period ending today or later: from the bills after the period (member_consume_at_idx) and
 *   the members who joined after it (member_joined_idx) — none, or the few of today's clock;
 * - a period ending before today: the members whose last bill is after t or who joined after t
 *   (one pass over member), each with their last bill before the period's end (one backward probe
 *   of member_consume_member_idx, index only) — not every bill since the period, which for a
 *   month a year ago is most of the bills there are.
 */
const storeMembers: BoundQuery = {
  alias: 'sm',
  query: (q: QueryInput) => {
    const f = sql`${q.bind('periodFrom')}::date`;
    const t = sql`${q.bind('periodTo')}::date`;
    const days = q.has('silentDays') ? sql`${q.bind('silentDays')}::int` : sql.raw(String(SILENT_DAYS_DEFAULT));
    const quiet = sql`(${q.bind('periodTo')}::date + 1 - ${days})`;
    const end = dayEnd(q.bind('periodTo'));
    const since = (x: SQL) => sql`(${x})::timestamp at time zone 'Asia/Shanghai'`;
    const billedSince = (x: SQL) => sql`exists (select 1 from member_consume c where c.member_id = m.id
      and c.consumed_at >= ${since(x)} and c.consumed_at < ${end})`;
    const unbilled = (x: SQL, billed: (x: SQL) => SQL) =>
      sql`count(*) filter (where m.last_visit_day >= ${x} and not (m.joined_at < ${end} and ${billed(x)}))::int`;
    const lastBefore = (x: SQL) => sql`coalesce(b.last >= ${since(x)}, false)`;
    // Today (Beijing) from the database's clock: the statement is prepared once per shape, so a
    // day computed here would be the first request's. A one-time filter in every plan; either
    // way is exact for any period, the day only chooses the faster.
    const current = sql`${t} >= (now() at time zone 'Asia/Shanghai')::date`;
    return sql`
      with a as (
        select store_id, sum(m)::int as members, sum(n)::int as new, sum(la)::int as la, sum(ls)::int as ls
        from (
          ${storeDaySpan('joined', null, t, 0)}
          union all ${storeDaySpan('joined', f, t, 1)}
          union all ${storeDaySpan('last_visits', f, null, 2)}
          union all ${storeDaySpan('last_visits', quiet, null, 3)}
        ) x (store_id, m, n, la, ls)
        group by store_id),
      later as (
        select m.store_id, ${unbilled(f, billedSince)} as ca, ${unbilled(quiet, billedSince)} as cs
        from member m
        where ${current} and m.id in (select id from member where joined_at >= ${end}
          union select member_id from member_consume where consumed_at >= ${end})
        group by m.store_id
        union all
        select m.store_id, ${unbilled(f, lastBefore)}, ${unbilled(quiet, lastBefore)}
        from member m
        left join lateral (select max(c.consumed_at) as last from member_consume c
          where c.member_id = m.id and c.consumed_at < ${end}) b on true
        where not ${current} and (m.last_visit_day > ${t} or m.joined_at >= ${end})
        group by m.store_id)
      select a.store_id as "storeId", s.name as "storeName", s.region_id as "regionId", r.name as "regionName",
        a.members as "members", a.new as "newMembers", a.la - coalesce(l.ca, 0) as "active",
        a.members - (a.ls - coalesce(l.cs, 0)) as "silent"
      from a
      join store s on s.id = a.store_id
      join region r on r.id = s.region_id
      left join later l on l.store_id = a.store_id
      where a.members > 0`;
  },
};

export const storeMemberAnalysisReport = bindReport({
  decl: STORE_MEMBER_ANALYSIS_REPORT,
  from: storeMembers,
  filters: { period: 'query', silentDays: 'query' },
  scope: { store: col('sm', 'storeId') },
});

/**
 * Whether 产品消耗 needs the store of its rows: the grouping shows it, a store or region filter
 * asks for it, or the caller sees less than the whole chain. Else it reads the chain's rollups
 * (consume_item_chain_day/_month: a few thousand rows a month), not the store × item ones.
 */
const consumptionNeedsStore = (q: QueryInput) =>
  q.dims.includes('storeId') ||
  q.dims.includes('storeName') ||
  q.dims.includes('regionName') ||
  q.has('storeId') ||
  q.has('regionId') ||
  q.scope.level !== 'hq';

/**
 * The products consumed in the period, from the bill lines' rollups (consume_item_day/_month,
 * kept by the ledger's writer; consume_item_chain_day/_month when nothing needs the store): per
 * day (or month) and store (or the whole chain), each project's sessions × the project's usage of
 * each product (in ml or pieces; the usage as it is now — it is not recorded per bill), and each
 * product sold directly.
 */
const consumption: BoundQuery = {
  alias: 'pc',
  query: (q: QueryInput) => {
    const byStore = consumptionNeedsStore(q);
    const items = (kind: string) =>
      periodSums(
        q,
        ['consumedFrom', 'consumedTo'],
        byStore ? 'consume_item' : 'consume_item_chain',
        byStore ? 'store_id, item_id' : 'item_id',
        ['quantity', 'amount'],
        `item_kind = '${kind}'`,
      );
    const where = byStore
      ? {
          cols: sql`i.store_id as "storeId", s.name as "storeName", s.region_id as "regionId", r.name as "regionName"`,
          join: sql`join store s on s.id = i.store_id join region r on r.id = s.region_id`,
        }
      : {
          cols: sql`null::int as "storeId", null::text as "storeName", null::int as "regionId", null::text as "regionName"`,
          join: sql``,
        };
    const facts = (select: SQL, join: SQL, kind: string) => sql`
      select ${where.cols}, i.at as "consumedAt", p.id as "productId", p.code as "productCode", p.name as "productName",
        ${select}
      from (${items(kind)}) i
      ${join}
      ${where.join}`;
    return sql`${facts(
      sql`'project' as "way", case pp.unit when 'ml' then '毫升' else '件' end as "unit",
        i.quantity * pp.quantity as "quantity", i.quantity as "services", 0 as "amount"`,
      sql`join project_product pp on pp.project_id = i.item_id join product p on p.id = pp.product_id`,
      'project',
    )}
    union all
    ${facts(
      sql`'product' as "way", p.unit as "unit", i.quantity as "quantity", 0 as "services", i.amount as "amount"`,
      sql`join product p on p.id = i.item_id`,
      'product',
    )}`;
  },
};

export const productConsumptionReport = bindReport({
  decl: PRODUCT_CONSUMPTION_REPORT,
  from: consumption,
  dims: { month: bucketOf(col('pc', 'consumedAt'), 'month') },
  filters: { consumed: 'query' },
  scope: { store: col('pc', 'storeId') },
});

// ── The member account's views ─────────────────────────────────────────────

/**
 * The conformance test's and the bench's member (or card): the one with the most rows of the view
 * in the demo data, of a store outside 华东大区 (the region the conformance test's regional user
 * sees, so that user's answer shows the scope cutting the member off).
 */
const exampleOf = async (db: Db, key: 'memberId' | 'memberCardId', rows: SQL): Promise<Values> => {
  const id = sql<number>`x.id`;
  const [row] = await db
    .select({ id })
    .from(sql`(${rows}) as x`)
    .innerJoin(member, eq(member.id, sql`x.member_id`))
    .innerJoin(store, eq(store.id, member.storeId))
    .innerJoin(region, eq(region.id, store.regionId))
    .where(ne(region.name, '华东大区'))
    .groupBy(id)
    .orderBy(desc(count()), asc(id))
    .limit(1);
  return row ? { [key]: row.id } : {};
};

/** The columns every card row of a member tab carries. */
const cardColumns = sql`mc.id as "memberCardId", mc.card_no as "cardNo", k.name as "cardName",
  s.name as "storeName", mc.opened_at as "openedAt", mc.expires_at as "expiresAt", ${cardState('mc')} as "state",
  mc.member_id as "memberId", m.store_id as "homeStoreId"`;

const cardJoins = sql.raw(`join card k on k.id = mc.card_id
  join store s on s.id = mc.store_id
  join member m on m.id = mc.member_id`);

/** A member's combo cards: one row per project of each, with its sessions. */
const comboCards: BoundQuery = {
  alias: 'cc',
  query: () => sql`
    select ${cardColumns}, x.project_id as "projectId", p.name as "projectName", mc.paid as "paid",
      x.total as "total", x.total - x.remaining as "used", x.remaining as "remaining"
    from member_card mc
    ${cardJoins}
    join member_card_session x on x.member_card_id = mc.id
    join project p on p.id = x.project_id
    where mc.kind = 'combo'`,
};

export const comboCardView = bindReport({
  decl: COMBO_CARD_VIEW,
  from: comboCards,
  example: (db) =>
    exampleOf(
      db,
      'memberId',
      sql`select mc.member_id as id, mc.member_id from member_card mc
        join member_card_session x on x.member_card_id = mc.id where mc.kind = 'combo'`,
    ),
  id: sql`${col('cc', 'memberCardId')} * 1000000 + ${col('cc', 'projectId')}`,
  scope: { store: col('cc', 'homeStoreId') },
});

/** A member's stored-value cards, with what was topped up and the balances. */
const storedCards: BoundQuery = {
  alias: 'sc',
  query: () => sql`
    select ${cardColumns}, mc.paid as "paid",
      coalesce((select sum(t.amount) from card_top_up t where t.member_card_id = mc.id), 0)::int as "toppedUp",
      mc.balance as "balance", mc.bonus_balance as "bonusBalance", mc.balance + mc.bonus_balance as "totalBalance"
    from member_card mc
    ${cardJoins}
    where mc.kind = 'stored'`,
};

export const storedValueCardView = bindReport({
  decl: STORED_VALUE_CARD_VIEW,
  from: storedCards,
  example: (db) =>
    exampleOf(db, 'memberId', sql`select member_id as id, member_id from member_card where kind = 'stored'`),
  id: col('sc', 'memberCardId'),
  scope: { store: col('sc', 'homeStoreId') },
});

/** One card's ledger rows, with the number of the business record each belongs to. */
const ledger: BoundQuery = {
  alias: 'cl',
  query: () => sql`
    select card_ledger.id as "id", card_ledger.member_card_id as "memberCardId", card_ledger.at as "at",
      card_ledger.kind as "kind", mc.kind as "cardKind", p.name as "projectName", ${refNo()} as "refNo",
      s.name as "storeName", u.nickname as "createdByName", card_ledger.amount as "amount",
      card_ledger.bonus_amount as "bonusAmount", card_ledger.balance_after as "balanceAfter",
      card_ledger.bonus_after as "bonusAfter", card_ledger.sessions as "sessions",
      card_ledger.sessions_after as "sessionsAfter", m.store_id as "homeStoreId"
    from card_ledger
    join member_card mc on mc.id = card_ledger.member_card_id
    join member m on m.id = card_ledger.member_id
    join store s on s.id = card_ledger.store_id
    left join project p on p.id = card_ledger.project_id
    left join user_account u on u.id = card_ledger.created_by`,
};

export const cardLedgerView = bindReport({
  decl: CARD_LEDGER_VIEW,
  from: ledger,
  example: (db) => exampleOf(db, 'memberCardId', sql`select member_card_id as id, member_id from card_ledger`),
  id: col('cl', 'id'),
  scope: { store: col('cl', 'homeStoreId') },
});

export const memberReportBindings = [
  memberCardReport,
  memberBasicInfoReport,
  cardRankingReport,
  storeMemberAnalysisReport,
  productConsumptionReport,
  comboCardView,
  storedValueCardView,
  cardLedgerView,
];
