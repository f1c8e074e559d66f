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
import { ROLLUP_STATE } from './rollups';

const raw = (s: string) => sql.raw(s);

/** The rollups' rows narrowed early to the caller's scope and the store asked for. */
const narrow = (input: QueryInput, table: string): SQL => {
  const column = raw(`${table}.store_id`) as unknown as AnyPgColumn;
  const scope = storeScopeFilter(input.scope, column);
  const parts = [scope ?? sql`true`];
  if (input.has('storeId')) parts.push(sql`${column} = ${input.bind('storeId')}::int`);
  return sql.join(parts, sql` and `);
};

const THROUGH = raw(`(select through from member_rollup_state where name = '${ROLLUP_STATE}')`);

/** The last closed month before the month of `day` (null: none closed yet). */
const closedBefore = (day: SQL) =>
  sql`(case when ${THROUGH} is null then null else least(${THROUGH}, (date_trunc('month', ${day}) - interval '1 month')::date) end)`;

const FLOW_COLS = ['n', 'amount', 'bonus', 'sessions', 'paid'];

/**
 * Flow rows of the days [a, b) of the month starting `month` (a ≥ month, b ≤ the next month):
 * up to 15 days, their day rows; more, the month's row less the day rows outside [a, b) (rows
 * with every measure negated), so an edge of a period never reads more than 15 days of day rows.
 */
const partialMonth = (month: SQL, a: SQL, b: SQL, input: QueryInput): SQL => {
  const big = sql`(${b} - ${a}) > 15`;
  const next = sql`(${month} + interval '1 month')::date`;
  const cols = (sign: string, t: string) =>
    raw(
      `${t}.store_id, ${t}.card_id, ${t}.card_kind, ${t}.kind, ${FLOW_COLS.map((c) => `${sign}${t}.${c} as ${c}`).join(', ')}`,
    );
  return sql`select ${cols('', 'd')} from member_flow_day d
      where d.day >= ${a} and d.day < ${b} and not ${big} and ${narrow(input, 'd')}
    union all select ${cols('', 'm')} from member_flow_month m
      where m.month = ${month} and ${a} < ${b} and ${big} and ${narrow(input, 'm')}
    union all select ${cols('-', 'd')} from member_flow_day d
      where d.day >= ${month} and d.day < ${a} and ${big} and ${narrow(input, 'd')}
    union all select ${cols('-', 'd')} from member_flow_day d
      where d.day >= ${b} and d.day < ${next} and ${big} and ${narrow(input, 'd')}`;
};

/**
 * Rows (store_id, card_id, card_kind, amount, bonus, sessions, cards) whose sums are the balances
 * at the start of `day`: the closed month's balances, the month flows after it, the flows of the
 * day's month before the day.
 */
const balanceAt = (day: SQL, input: QueryInput): SQL => {
  const closed = closedBefore(day);
  const month = sql`date_trunc('month', ${day})::date`;
  return sql`select b.store_id, b.card_id, b.card_kind, b.amount, b.bonus, b.sessions, b.cards
      from member_balance_month b where b.month = ${closed} and ${narrow(input, 'b')}
    union all select m.store_id, m.card_id, m.card_kind, m.amount, m.bonus, m.sessions,
        case when m.kind = 'open' then m.n else 0 end
      from member_flow_month m where m.month > coalesce(${closed}, '1900-01-01'::date) and m.month < ${month}
        and ${narrow(input, 'm')}
    union all select p.store_id, p.card_id, p.card_kind, p.amount, p.bonus, p.sessions,
        case when p.kind = 'open' then p.n else 0 end
      from (${partialMonth(month, month, day, input)}) p`;
};

/**
 * Flow rows (store_id, card_id, card_kind, kind, n, amount, bonus, sessions, paid) of the days
 * [from, until): the whole months inside from member_flow_month, each partial month at an edge
 * by partialMonth.
 */
const flowsBetween = (from: SQL, until: SQL, input: QueryInput): SQL => {
  const fromMonth = sql`date_trunc('month', ${from})::date`;
  const firstFull = sql`(case when ${from} = ${fromMonth} then ${from}
    else (${fromMonth} + interval '1 month')::date end)`;
  const endFull = sql`date_trunc('month', ${until})::date`;
  const cols = FLOW_COLS.join(', ');
  return sql`select store_id, card_id, card_kind, kind, ${raw(cols)} from member_flow_month m
      where m.month >= ${firstFull} and m.month < ${endFull} and ${narrow(input, 'm')}
    union all select * from (${partialMonth(fromMonth, from, sql`least(${firstFull}, ${until})`, input)}) h
    union all select * from (${partialMonth(endFull, sql`greatest(${endFull}, ${firstFull})`, until, input)}) t`;
};

const periodOf = (input: QueryInput) => ({
  from: sql`${input.bind('periodFrom')}::date`,
  until: sql`(${input.bind('periodTo')}::date + 1)`,
});

/** The balance report's columns from one row of `x` (k: 'opening' or a ledger kind). */
const BALANCE_COLUMNS = (() => {
  const when = (kinds: string, e: string) => `case when x.k in (${kinds}) then ${e} else 0 end`;
  const cols: [string, string][] = [
    ['openingAmount', when("'opening'", 'x.amount')],
    ['openingBonus', when("'opening'", 'x.bonus')],
    ['openingSessions', when("'opening'", 'x.sessions')],
    ['openN', when("'open'", 'x.n')],
    ['openPaid', when("'open'", 'x.paid')],
    ['openAmount', when("'open'", 'x.amount')],
    ['openBonus', when("'open'", 'x.bonus')],
    ['openSessions', when("'open'", 'x.sessions')],
    ['topUpN', when("'topUp'", 'x.n')],
    ['topUpAmount', when("'topUp'", 'x.amount')],
    ['topUpBonus', when("'topUp'", 'x.bonus')],
    ['consumeN', when("'consume'", 'x.n')],
    ['consumeAmount', when("'consume'", '-x.amount')],
    ['consumeBonus', when("'consume'", '-x.bonus')],
    ['consumeSessions', when("'consume'", '-x.sessions')],
    ['otherN', when("'refund', 'adjust'", 'x.n')],
    ['otherAmount', when("'refund', 'adjust'", 'x.amount')],
    ['otherBonus', when("'refund', 'adjust'", 'x.bonus')],
    ['otherSessions', when("'refund', 'adjust'", 'x.sessions')],
    ['closingAmount', 'x.amount'],
    ['closingBonus', 'x.bonus'],
    ['closingSessions', 'x.sessions'],
  ];
  return raw(cols.map(([k, e]) => `${e} as "${k}"`).join(', '));
})();

/** 期初 and the period's flows per store × card product, at the grain of the rollup rows. */
const balanceQuery = {
  alias: 'q',
  query: (input: QueryInput) => {
    const { from, until } = periodOf(input);
    return sql`select x.store_id as "storeId", x.card_id as "cardId", x.card_kind as "cardKind", ${BALANCE_COLUMNS}
      from (
        select store_id, card_id, card_kind, 'opening' as k, 0 as n, amount, bonus, sessions, 0 as paid
          from (${balanceAt(from, input)}) o
        union all select store_id, card_id, card_kind, kind as k, n, amount, bonus, sessions, paid
          from (${flowsBetween(from, until, input)}) f
      ) x`;
  },
};

const storeAndCard = {
  joins: [
    { table: store, on: eq(store.id, col('q', 'storeId')) },
    { table: card, on: eq(card.id, col('q', 'cardId')) },
  ],
  dims: { storeName: store.name, cardName: card.name },
  filters: { period: 'query' as const },
  scope: { store: col('q', 'storeId') },
};

export const memberBalanceBinding = bindReport({ decl: MEMBER_BALANCE, from: balanceQuery, ...storeAndCard });
export const memberBalanceByCardBinding = bindReport({
  decl: MEMBER_BALANCE_BY_CARD,
  from: balanceQuery,
  ...storeAndCard,
});

/** Balances at the end of the period's last day. */
export const currentMemberBalanceBinding = bindReport({
  decl: CURRENT_MEMBER_BALANCE,
  from: {
    alias: 'q',
    query: (input) => {
      const { until } = periodOf(input);
      return sql`select store_id as "storeId", card_id as "cardId", card_kind as "cardKind",
          cards, amount, bonus, sessions from (${balanceAt(until, input)}) b`;
    },
  },
  ...storeAndCard,
});

/**
 * Month × store over the months the period touches: the month flows per store, and 期末 as 期初 of
 * the first month plus a running sum of the flows (a window); 期初 of each month is its 期末 less
 * its flows.
 */
export const monthlyMemberBalanceBinding = bindReport({
  decl: MONTHLY_MEMBER_BALANCE,
  from: {
    alias: 'q',
    query: (input) => {
      const first = sql`date_trunc('month', ${input.bind('periodFrom')}::date)::date`;
      const last = sql`date_trunc('month', ${input.bind('periodTo')}::date)::date`;
      const kinds: [string, string][] = [
        ['open', "'open'"],
        ['topUp', "'topUp'"],
        ['consume', "'consume'"],
        ['other', "'refund', 'adjust'"],
      ];
      const names = kinds.flatMap(([k]) => ['N', 'Amount', 'Bonus', 'Sessions', 'Paid'].map((m) => `${k}${m}`));
      const sums = kinds.flatMap(([k, list]) =>
        ['n', 'amount', 'bonus', 'sessions', 'paid'].map((m) => {
          const sign = k === 'consume' && m !== 'n' && m !== 'paid' ? '-' : '';
          return `coalesce(${sign}sum(${m}) filter (where kind in (${list})), 0) as "${k}${m[0]!.toUpperCase()}${m.slice(1)}"`;
        }),
      );
      return sql`with o as (
          select store_id, sum(amount) as amount, sum(bonus) as bonus, sum(sessions) as sessions
          from (${balanceAt(first, input)}) b group by 1),
        f as (
          select month, store_id, ${raw(sums.join(', '))},
            sum(amount) as all_amount, sum(bonus) as all_bonus, sum(sessions) as all_sessions
          from (
            select month, store_id, kind, sum(n) as n, sum(amount) as amount, sum(bonus) as bonus,
              sum(sessions) as sessions, sum(paid) as paid
            from member_flow_month m where m.month >= ${first} and m.month <= ${last} and ${narrow(input, 'm')}
            group by 1, 2, 3) mk
          group by 1, 2),
        k as (select store_id from o union select store_id from f),
        g as (select gs::date as month, k.store_id from k
          cross join generate_series(${first}, ${last}, interval '1 month') gs),
        r as (
          select g.month, g.store_id, ${raw(names.map((n) => `coalesce(f."${n}", 0) as "${n}"`).join(', '))},
            coalesce(f.all_amount, 0) as a, coalesce(f.all_bonus, 0) as b, coalesce(f.all_sessions, 0) as s,
            coalesce(o.amount, 0) + sum(coalesce(f.all_amount, 0)) over w as "closingAmount",
            coalesce(o.bonus, 0) + sum(coalesce(f.all_bonus, 0)) over w as "closingBonus",
            coalesce(o.sessions, 0) + sum(coalesce(f.all_sessions, 0)) over w as "closingSessions"
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
  filters: { period: 'query' },
  scope: { store: col('q', 'storeId') },
});

const changesQuery = {
  alias: 'q',
  query: (input: QueryInput) => {
    const { from, until } = periodOf(input);
    // A month's row less its days outside the period can net to nothing: such keys had no change.
    return sql`select store_id as "storeId", card_id as "cardId", card_kind as "cardKind", kind,
        sum(n) as n, sum(amount) as amount, sum(bonus) as bonus, sum(sessions) as sessions, sum(paid) as paid
      from (${flowsBetween(from, until, input)}) f
      group by store_id, card_id, card_kind, kind having sum(n) <> 0`;
  },
};

export const cardChangeBinding = bindReport({ decl: CARD_CHANGE, from: changesQuery, ...storeAndCard });
export const cardChangeReportBinding = bindReport({ decl: CARD_CHANGE_REPORT, from: changesQuery, ...storeAndCard });

export const MEMBER_REPORT_BINDINGS = [
  memberBalanceBinding,
  memberBalanceByCardBinding,
  currentMemberBalanceBinding,
  monthlyMemberBalanceBinding,
  cardChangeBinding,
  cardChangeReportBinding,
] as const;
