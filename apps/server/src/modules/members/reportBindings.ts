/**
 * The member-finance reports' bindings (contract reports/members.ts) on the report engine: bound
 * queries over the rollups of rollups.ts, written with the request's values as bound parameters
 * (one prepared statement per shape), so the choice of rollup rows — whole months from
 * member_flow_month, the days at a period's edges from member_flow_day, the last closed month's
 * balances from member_balance_month — is made by the SQL, not by the code. The engine groups the
 * rows by the chosen grouping, applies the filters and the data scope on their storeId.
 *
 * Identity: every row adds to 期末 what it adds to 期初 or to a change, so per store
 * 期初 + 开卡 + 充值 − 消费 + 其他 = 期末 (消费 columns are the negated signed change).
 */

import { LEDGER_OTHER_KINDS } from '@zb/contract/entities/member';
import type { AnyReport } from '@zb/contract/report/define';
import {
  CARD_CHANGE,
  CARD_CHANGE_REPORT,
  CURRENT_MEMBER_BALANCE,
  MEMBER_BALANCE,
  MEMBER_BALANCE_BY_CARD,
  MONTHLY_MEMBER_BALANCE,
} from '@zb/contract/reports/members';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bindReport, col, type QueryInput } from '../../platform/report/binding';
import { storeScopeFilter } from '../../platform/scope';
import { card } from '../goods/schema';
import { store } from '../stores/schema';
import { ROLLUP_FAMILIES, ROLLUP_STATE, type RollupFamily } from './rollups';

/** The 其他 column: every kind a bill or card sale does not write (a SQL list of literals). */
const OTHER_KINDS = LEDGER_OTHER_KINDS.map((k) => `'${k}'`).join(', ');

const raw = (s: string) => sql.raw(s);

/** The rollups' rows narrowed early to the caller's scope and the store asked for. */
const narrow = (input: QueryInput, table: string): SQL => {
  const column = raw(`${table}.store_id`) as unknown as AnyPgColumn;
  const scope = storeScopeFilter(input.scope, column);
  const parts = [scope ?? sql`true`];
  if (input.has('storeId')) parts.push(sql`${column} = ${input.bind('storeId')}::int`);
  return sql.join(parts, sql` and `);
};

/**
 * The rollup family a request reads (rollups.ts ROLLUP_FAMILIES): the store family when neither
 * the grouping nor a filter needs the card product, the card family when nothing needs the store
 * (the grouping, a store filter, a scope short of the whole chain), else the fine one. `exact`:
 * the family's members holding value (distinct at its grain) are the grouping's — each key the
 * family has is in the grouping or pinned by a filter to one value.
 */
const familyOf = (input: QueryInput): { family: RollupFamily; exact: boolean } => {
  const storeIn = input.dims.includes('storeId') || input.has('storeId');
  const cardIn = input.dims.includes('cardId') || input.has('cardId');
  const needStore = storeIn || storeScopeFilter(input.scope, store.id) !== undefined;
  const needCard = input.dims.includes('cardId') || input.dims.includes('cardKind') || cardIn || input.has('cardKind');
  const [fine, byStore, byCard] = ROLLUP_FAMILIES;
  if (needStore && needCard) return { family: fine!, exact: storeIn && cardIn };
  if (needStore) return { family: byStore!, exact: storeIn };
  return { family: byCard!, exact: cardIn };
};

const THROUGH = raw(`(select through from member_rollup_state where name = '${ROLLUP_STATE}')`);

/** The last closed month before the month `month` (null: none closed yet). */
const closedBefore = (month: SQL) =>
  sql`(case when ${THROUGH} is null then null else least(${THROUGH}, (${month} - interval '1 month')::date) end)`;

/**
 * The first day of the month of a date. Through timestamp (not timestamptz), so the month
 * arithmetic is immutable: a request's plan folds it, and drops the branches it rules out before
 * estimating the rows (else every branch's guess adds up and the aggregates plan to spill).
 */
const monthOfDay = (day: SQL) => sql`date_trunc('month', (${day})::timestamp)::date`;
const nextMonth = (month: SQL) => sql`(${month} + interval '1 month')::date`;

/**
 * A rollup row as the balance and change queries read it: its key, its ledger kind, and two signs,
 * `so` (what it adds to the balance at the period's start, 期初) and `sf` (to the period's flows).
 * Balance rows (the families' *_balance_month) come as kind 'open' with n = the cards opened so far.
 */
const FLOW_COLS = 'n, amount, bonus, sessions, paid, held, holders';
const rowsFrom = (t: string, so: number, sf: number) =>
  raw(
    `${t}.store_id, ${t}.card_id, ${t}.card_kind, ${t}.kind, ${so} as so, ${sf} as sf, ${FLOW_COLS.split(', ')
      .map((c) => `${t}.${c}`)
      .join(', ')}`,
  );

/**
 * The days of the month starting `month` cut at `a` ≤ `e`: A = [month, a) belongs to 期初, B = [a, e)
 * to the flows, C = [e, next month) to neither. Of the three, the two shortest are read as day
 * rows, each row once, and the longest as the month's row less those days (no month row when C is
 * the longest), so an edge of a period reads at most two thirds of a month of day rows, a balance
 * as of a day at most half a month. `opening` false: the flows only (B by day, or the month less
 * A and C, whichever reads fewer days).
 */
const monthEdge = (
  f: RollupFamily,
  month: SQL,
  a: SQL,
  e: SQL,
  input: QueryInput,
  opening: boolean,
  holds: SQL,
): SQL => {
  const next = nextMonth(month);
  const lenA = sql`(${a} - ${month})`;
  const lenB = sql`(${e} - ${a})`;
  const lenC = sql`(${next} - ${e})`;
  const days = (from: SQL, until: SQL, so: number, sf: number, when: SQL) =>
    sql`select ${rowsFrom('d', so, sf)} from ${raw(f.day)} d
      where d.day >= ${from} and d.day < ${until} and ${when} and ${narrow(input, 'd')}${holds}`;
  const whole = (so: number, sf: number, when: SQL) =>
    sql`select ${rowsFrom('m', so, sf)} from ${raw(f.month)} m where m.month = ${month} and ${when} and ${narrow(input, 'm')}${holds}`;
  if (!opening) {
    const byDay = sql`(${lenB} <= ${lenA} + ${lenC})`;
    return sql`${days(a, e, 0, 1, byDay)}
      union all ${whole(0, 1, sql`not ${byDay}`)}
      union all ${days(month, a, 0, -1, sql`not ${byDay}`)}
      union all ${days(e, next, 0, -1, sql`not ${byDay}`)}`;
  }
  // 1: A and B by day; 2: B is the longest (month − A − C); 3: A is the longest (month − B − C).
  const one = sql`(${lenC} >= ${lenA} and ${lenC} >= ${lenB})`;
  const two = sql`(not ${one} and ${lenB} > ${lenA})`;
  const three = sql`(not ${one} and not ${lenB} > ${lenA})`;
  return sql`${days(month, a, 1, 0, one)}
    union all ${days(a, e, 0, 1, one)}
    union all ${days(month, a, 1, -1, two)}
    union all ${days(e, next, 0, -1, two)}
    union all ${whole(0, 1, two)}
    union all ${days(a, e, -1, 1, three)}
    union all ${days(e, next, -1, 0, three)}
    union all ${whole(1, 0, three)}`;
};

/**
 * Rollup rows of a family (store_id, card_id, card_kind, kind, so, sf, FLOW_COLS) of the balance
 * at the start of `from` (so) and of the flows of the days [from, until) (sf): the last closed
 * month's balances, the month flows after it, the whole months of the period, and its edge
 * months by monthEdge. `until` null: the balance only; `opening` false: the flows only.
 */
export const ledgerRows = (f: RollupFamily, from: SQL, until: SQL | null, input: QueryInput, opening = true): SQL => {
  const m0 = monthOfDay(from);
  const closed = closedBefore(m0);
  // The 'hold' rows only for the balance as of a day (the holding counts); the flows skip them.
  const holds = until === null ? sql`` : raw(` and kind <> 'hold'`);
  const before = sql`select b.store_id, b.card_id, b.card_kind, 'open' as kind, 1 as so, 0 as sf,
        b.cards as n, b.amount, b.bonus, b.sessions, 0 as paid, b.held, b.holders
      from ${raw(f.balance)} b where b.month = ${closed} and ${narrow(input, 'b')}
    union all select ${rowsFrom('m', 1, 0)} from ${raw(f.month)} m
      where m.month > coalesce(${closed}, '1900-01-01'::date) and m.month < ${m0} and ${narrow(input, 'm')}${holds}
    union all `;
  if (until === null) return sql`${before}${monthEdge(f, m0, from, from, input, true, holds)}`;
  const m1 = monthOfDay(until);
  return sql`${opening ? before : sql``}${monthEdge(f, m0, from, sql`least(${until}, ${nextMonth(m0)})`, input, opening, holds)}
    union all select ${rowsFrom('m', 0, 1)} from ${raw(f.month)} m
      where m.month > ${m0} and m.month < ${m1} and ${narrow(input, 'm')}${holds}
    union all select * from (${monthEdge(f, m1, m1, until, input, false, holds)}) e where ${m1} > ${m0}`;
};

/**
 * A sum of integer 分 or counts as float8, cast back: exact (every partial sum stays far below
 * 2^53), and a float8 sum is several times cheaper than the numeric one PostgreSQL keeps for
 * bigint, which was most of a chain-wide report's time.
 */
export const total = (e: string, kinds?: string) =>
  `coalesce(sum((${e})::float8)${kinds ? ` filter (where x.kind in (${kinds}))` : ''}, 0)::bigint`;

/** ledgerRows summed per key and kind: the flows (n, amount, bonus, sessions, paid). */
const byKind = (rows: SQL) => sql`select x.store_id, x.card_id, x.card_kind, x.kind,
    ${raw(['n', 'amount', 'bonus', 'sessions', 'paid'].map((m) => `${total(`x.sf * x.${m}`)} as ${m}`).join(', '))}
  from (${rows}) x where x.sf <> 0 group by x.store_id, x.card_id, x.card_kind, x.kind`;

export const periodOf = (input: QueryInput) => ({
  from: sql`${input.bind('periodFrom')}::date`,
  until: sql`(${input.bind('periodTo')}::date + 1)`,
});

/** The balance report's columns per key, from ledgerRows' rows `x`. */
const BALANCE_COLUMNS = (() => {
  const flow = (m: string, kinds: string, sign = '') => total(`${sign}x.sf * x.${m}`, kinds);
  const cols: [string, string][] = [
    ['openingAmount', total('x.so * x.amount')],
    ['openingBonus', total('x.so * x.bonus')],
    ['openingSessions', total('x.so * x.sessions')],
    ['openN', flow('n', "'open'")],
    ['openPaid', flow('paid', "'open'")],
    ['openAmount', flow('amount', "'open'")],
    ['openBonus', flow('bonus', "'open'")],
    ['openSessions', flow('sessions', "'open'")],
    ['topUpN', flow('n', "'topUp'")],
    ['topUpAmount', flow('amount', "'topUp'")],
    ['topUpBonus', flow('bonus', "'topUp'")],
    ['consumeN', flow('n', "'consume'")],
    ['consumeAmount', flow('amount', "'consume'", '-')],
    ['consumeBonus', flow('bonus', "'consume'", '-')],
    ['consumeSessions', flow('sessions', "'consume'", '-')],
    ['otherN', flow('n', OTHER_KINDS)],
    ['otherAmount', flow('amount', OTHER_KINDS)],
    ['otherBonus', flow('bonus', OTHER_KINDS)],
    ['otherSessions', flow('sessions', OTHER_KINDS)],
    ['closingAmount', total('(x.so + x.sf) * x.amount')],
    ['closingBonus', total('(x.so + x.sf) * x.bonus')],
    ['closingSessions', total('(x.so + x.sf) * x.sessions')],
  ];
  return raw(cols.map(([k, e]) => `${e} as "${k}"`).join(', '));
})();

/** 期初 and the period's flows per store × card product (one row per key). */
const balanceQuery = {
  alias: 'q',
  query: (input: QueryInput) => {
    const { from, until } = periodOf(input);
    return sql`select x.store_id as "storeId", x.card_id as "cardId", x.card_kind as "cardKind", ${BALANCE_COLUMNS}
      from (${ledgerRows(familyOf(input).family, from, until, input)}) x group by x.store_id, x.card_id, x.card_kind`;
  },
};

/** The engine's sums of a bound query's columns, as float8 (see `total`). */
export const floatSums = (decl: AnyReport, skip: readonly string[] = []) =>
  Object.fromEntries(
    Object.keys(decl.measures)
      .filter((k) => !skip.includes(k))
      .map((k) => [k, raw(total(`q."${k}"`).replace(/x\.kind/g, 'q.kind'))]),
  );

const storeAndCard = {
  joins: [
    { table: store, on: eq(store.id, col('q', 'storeId')) },
    { table: card, on: eq(card.id, col('q', 'cardId')) },
  ],
  dims: { storeName: store.name, cardName: card.name },
  filters: { period: 'query' as const },
  scope: { store: col('q', 'storeId') },
};

export const memberBalanceBinding = bindReport({
  decl: MEMBER_BALANCE,
  from: balanceQuery,
  ...storeAndCard,
  measures: floatSums(MEMBER_BALANCE),
});
export const memberBalanceByCardBinding = bindReport({
  decl: MEMBER_BALANCE_BY_CARD,
  from: balanceQuery,
  ...storeAndCard,
  measures: floatSums(MEMBER_BALANCE_BY_CARD),
});

/** Balances at the end of the period's last day, per store × card product. */
export const currentMemberBalanceBinding = bindReport({
  decl: CURRENT_MEMBER_BALANCE,
  from: {
    alias: 'q',
    query: (input) => {
      const { until } = periodOf(input);
      const { family, exact } = familyOf(input);
      // Members are distinct at the family's grain: summed over finer keys they would count a
      // member twice, so they are left out (null) where the grouping is coarser than the family.
      return sql`select x.store_id as "storeId", x.card_id as "cardId", x.card_kind as "cardKind",
          ${raw(total('x.so * x.n', "'open'"))} as cards, ${raw(total('x.so * x.held'))} as "heldCards",
          ${exact ? raw(total('x.so * x.holders')) : sql`null::bigint`} as "members",
          ${raw(['amount', 'bonus', 'sessions'].map((m) => `${total(`x.so * x.${m}`)} as ${m}`).join(', '))}
        from (${ledgerRows(family, until, null, input)}) x group by x.store_id, x.card_id, x.card_kind`;
    },
  },
  ...storeAndCard,
});

/**
 * Month × store over the months the period touches, from the store family (its groupings need no
 * card product): the month flows per store, and 期末 as 期初 of the first month plus a running sum
 * of the flows (a window); 期初 of each month is its 期末 less its flows.
 */
export const monthlyMemberBalanceBinding = bindReport({
  decl: MONTHLY_MEMBER_BALANCE,
  from: {
    alias: 'q',
    query: (input) => {
      const byStore = ROLLUP_FAMILIES[1]!;
      const first = monthOfDay(sql`${input.bind('periodFrom')}::date`);
      const last = monthOfDay(sql`${input.bind('periodTo')}::date`);
      const kinds: [string, string][] = [
        ['open', "'open'"],
        ['topUp', "'topUp'"],
        ['consume', "'consume'"],
        ['other', OTHER_KINDS],
      ];
      const names = kinds.flatMap(([k]) => ['N', 'Amount', 'Bonus', 'Sessions', 'Paid'].map((m) => `${k}${m}`));
      const sums = kinds.flatMap(([k, list]) =>
        ['n', 'amount', 'bonus', 'sessions', 'paid'].map((m) => {
          const sign = k === 'consume' && m !== 'n' && m !== 'paid' ? '-' : '';
          return `${total(`${sign}x.${m}`, list)} as "${k}${m[0]!.toUpperCase()}${m.slice(1)}"`;
        }),
      );
      return sql`with o as (
          select x.store_id, ${raw(['amount', 'bonus', 'sessions'].map((m) => `${total(`x.so * x.${m}`)} as ${m}`).join(', '))}
          from (${ledgerRows(byStore, first, null, input)}) x group by 1),
        f as (
          select x.month, x.store_id, ${raw(sums.join(', '))},
            ${raw(['amount', 'bonus', 'sessions'].map((m) => `${total(`x.${m}`)} as all_${m}`).join(', '))}
          from ${raw(byStore.month)} x where x.month >= ${first} and x.month <= ${last} and ${narrow(input, 'x')}
            and x.kind <> 'hold'
          group by 1, 2),
        k as (select store_id from o union select store_id from f),
        g as (select gs::date as month, k.store_id from k
          cross join generate_series(${first}, ${last}, interval '1 month') gs),
        r as (
          select g.month, g.store_id, ${raw(names.map((n) => `coalesce(f."${n}", 0) as "${n}"`).join(', '))},
            coalesce(f.all_amount, 0) as a, coalesce(f.all_bonus, 0) as b, coalesce(f.all_sessions, 0) as s,
            coalesce(o.amount, 0) + (sum(coalesce(f.all_amount, 0)::float8) over w)::bigint as "closingAmount",
            coalesce(o.bonus, 0) + (sum(coalesce(f.all_bonus, 0)::float8) over w)::bigint as "closingBonus",
            coalesce(o.sessions, 0) + (sum(coalesce(f.all_sessions, 0)::float8) over w)::bigint as "closingSessions"
          from g left join f on f.month = g.month and f.store_id = g.store_id
          left join o on o.store_id = g.store_id
          window w as (partition by g.store_id order by g.month))
        select r.month as "month", r.store_id as "storeId",
          r."closingAmount" - r.a as "openingAmount", r."closingBonus" - r.b as "openingBonus",
          r."closingSessions" - r.s as "openingSessions",
          ${raw(names.map((n) => `r."${n}"`).join(', '))},
          r."closingAmount", r."closingBonus", r."closingSessions"
        from r`;
    },
  },
  joins: [{ table: store, on: eq(store.id, col('q', 'storeId')) }],
  dims: { storeName: store.name },
  measures: floatSums(MONTHLY_MEMBER_BALANCE),
  filters: { period: 'query' },
  scope: { store: col('q', 'storeId') },
});

const changesQuery = {
  alias: 'q',
  query: (input: QueryInput) => {
    const { from, until } = periodOf(input);
    // A month's row less its days outside the period can net to nothing: such keys had no change.
    return sql`select store_id as "storeId", card_id as "cardId", card_kind as "cardKind", kind, n, amount, bonus,
        sessions, paid
      from (${byKind(ledgerRows(familyOf(input).family, from, until, input, false))}) f where n <> 0`;
  },
};

export const cardChangeBinding = bindReport({
  decl: CARD_CHANGE,
  from: changesQuery,
  ...storeAndCard,
  measures: floatSums(CARD_CHANGE),
});
export const cardChangeReportBinding = bindReport({
  decl: CARD_CHANGE_REPORT,
  from: changesQuery,
  ...storeAndCard,
  measures: floatSums(CARD_CHANGE_REPORT),
});

export const MEMBER_REPORT_BINDINGS = [
  memberBalanceBinding,
  memberBalanceByCardBinding,
  currentMemberBalanceBinding,
  monthlyMemberBalanceBinding,
  cardChangeBinding,
  cardChangeReportBinding,
] as const;
