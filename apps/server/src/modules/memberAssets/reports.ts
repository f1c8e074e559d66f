/**
 * 会员资产 (contract reports/memberAssets.ts) on the report engine.
 *
 * /asstes reads the member-finance rollups per selling store (member_store_flow_day/_month and
 * member_store_balance_month, modules/members/rollups.ts) through the very rows /MemberBalance reads
 * (`ledgerRows` of members/reportBindings.ts: the last closed month's balances, the months after it,
 * the days at the period's edges), so 期初 and 期末 never sum the ledger from its beginning and the
 * two reports agree to the 分. Only the columns differ: the ledger's kinds grouped as ASSET_MOVES.
 *
 * /asstesDetail lists one store's cards (member_card_store_idx) with the same columns summed from
 * each card's own ledger rows (card_ledger_card_idx): the cards behind a store's figures.
 */
import {
  ABNORMAL_CARDS,
  ASSET_FIGURES,
  ASSET_MOVES,
  CARD_CLOSURES,
  MEMBER_ASSET_CARDS,
  MEMBER_ASSETS,
} from '@zb/contract/reports/memberAssets';
import { eq, type SQL, sql } from 'drizzle-orm';
import { bindReport, col, type QueryInput } from '../../platform/report/binding';
import { storeScopeFilter } from '../../platform/scope';
import { floatSums, ledgerRows, periodOf, total } from '../members/reportBindings';
import { ROLLUP_FAMILIES } from '../members/rollups';
import { region, store } from '../stores/schema';
import { foldCardAnomalies } from './anomalies';

const raw = (s: string) => sql.raw(s);
const FIGURE_COLUMN = { Amount: 'amount', Bonus: 'bonus', Sessions: 'sessions' } as const;
const kindList = (kinds: readonly string[]) => kinds.map((k) => `'${k}'`).join(', ');

/** /asstes's columns over ledgerRows' rows `x` (so: adds to 期初, sf: to the period's flows). */
const ROLLUP_COLUMNS = raw(
  [
    ...ASSET_FIGURES.map((f) => `${total(`x.so * x.${FIGURE_COLUMN[f.key]}`)} as "opening${f.key}"`),
    ...ASSET_MOVES.flatMap((m) =>
      ASSET_FIGURES.map(
        (f) =>
          `${total(`${m.sign < 0 ? '-' : ''}x.sf * x.${FIGURE_COLUMN[f.key]}`, kindList(m.kinds))} as "${m.key}${f.key}"`,
      ),
    ),
    ...ASSET_FIGURES.map((f) => `${total(`(x.so + x.sf) * x.${FIGURE_COLUMN[f.key]}`)} as "closing${f.key}"`),
  ].join(', '),
);

const byStore = ROLLUP_FAMILIES[1]!;

export const memberAssetsBinding = bindReport({
  decl: MEMBER_ASSETS,
  from: {
    alias: 'q',
    query: (input: QueryInput) => {
      const { from, until } = periodOf(input);
      const inRegion = input.has('regionId')
        ? sql`where x.store_id in (select id from store where region_id = ${input.bind('regionId')}::int)`
        : sql``;
      return sql`select x.store_id as "storeId", ${ROLLUP_COLUMNS}
        from (${ledgerRows(byStore, from, until, input)}) x ${inRegion} group by x.store_id`;
    },
  },
  joins: [
    { table: store, on: eq(store.id, col('q', 'storeId')), inner: true },
    { table: region, on: eq(region.id, store.regionId) },
  ],
  dims: { storeName: store.name, regionId: store.regionId, regionName: region.name },
  measures: floatSums(MEMBER_ASSETS),
  filters: { period: 'query', storeId: 'query', regionId: 'query' },
  scope: { store: col('q', 'storeId') },
});

/** A ledger figure of card `l` summed over the rows `when` selects (signed as its column shows it). */
const ledgerSum = (figure: string, when: SQL, sign = 1) => {
  const e = figure === 'sessions' ? 'coalesce(l.sessions, 0)' : figure === 'bonus' ? 'l.bonus_amount' : 'l.amount';
  return sql`(${raw(sign < 0 ? '-' : '')}coalesce(sum(${raw(e)}) filter (where ${when}), 0))::bigint`;
};

export const memberAssetCardsBinding = bindReport({
  decl: MEMBER_ASSET_CARDS,
  from: {
    alias: 'q',
    query: (input: QueryInput) => {
      const { from, until } = periodOf(input);
      const fromAt = sql`(${from})::timestamp at time zone 'Asia/Shanghai'`;
      const untilAt = sql`(${until})::timestamp at time zone 'Asia/Shanghai'`;
      const before = sql`l.at < ${fromAt}`;
      const within = sql`l.at >= ${fromAt}`;
      const cols = [
        ...ASSET_FIGURES.map(
          (f) => sql`${ledgerSum(FIGURE_COLUMN[f.key], before)} as ${sql.identifier(`opening${f.key}`)}`,
        ),
        ...ASSET_MOVES.flatMap((m) =>
          ASSET_FIGURES.map(
            (f) =>
              sql`${ledgerSum(FIGURE_COLUMN[f.key], sql`${within} and l.kind in (${raw(kindList(m.kinds))})`, m.sign)} as ${sql.identifier(`${m.key}${f.key}`)}`,
          ),
        ),
        ...ASSET_FIGURES.map(
          (f) => sql`${ledgerSum(FIGURE_COLUMN[f.key], sql`true`)} as ${sql.identifier(`closing${f.key}`)}`,
        ),
      ];
      const scope = storeScopeFilter(input.scope, raw('mc.store_id') as never);
      return sql`select mc.id as "memberCardId", mc.member_id as "memberId", mc.card_no as "cardNo",
          m.name as "memberName", k.name as "cardName", mc.kind as "cardKind", mc.store_id as "storeId",
          s.name as "storeName", ${sql.join(cols, sql`, `)}
        from member_card mc
        join card_ledger l on l.member_card_id = mc.id and l.at < ${untilAt}
        join member m on m.id = mc.member_id
        join card k on k.id = mc.card_id
        join store s on s.id = mc.store_id
        where mc.store_id = ${input.bind('storeId')}::int${scope ? sql` and ${scope}` : sql``}
        group by mc.id, m.name, k.name, s.name
        having bool_or(${within}) or sum(l.amount) filter (where ${before}) <> 0
          or sum(l.bonus_amount) filter (where ${before}) <> 0 or sum(l.sessions) filter (where ${before}) <> 0`;
    },
  },
  filters: { period: 'query', storeId: 'query' },
  id: col('q', 'memberCardId'),
  scope: { store: col('q', 'storeId'), inQuery: true },
  // The store selling the most cards in the last region: a user of another region (the
  // conformance test's, of the first) sees none of its rows.
  example: async (db) => {
    const [row] = await db
      .execute<{ id: number }>(
        sql`select c.store_id as id from member_card c join store s on s.id = c.store_id
          where s.region_id = (select max(region_id) from store)
          group by c.store_id order by count(*) desc, c.store_id limit 1`,
      )
      .then((r) => (r as { rows?: { id: number }[] }).rows ?? (r as unknown as { id: number }[]));
    return row ? { storeId: row.id } : {};
  },
});

/**
 * The cards breaking ABNORMAL_RULES, from their findings (card_anomaly, anomalies.ts: checked
 * again for every card changed since the last read, before this one), narrowed by the caller's
 * scope; the names by key (left joins, so the count and the totals read the findings alone).
 */
const abnormalQuery = (input: QueryInput): SQL => {
  const scope = storeScopeFilter(input.scope, raw('a.store_id') as never);
  return sql`select a.member_card_id * 10 + a.place as "rowId", a.member_card_id as "memberCardId", a.card_no as "cardNo",
      a.rule as "rule", a.evidence as "evidence", m.name as "memberName", k.name as "cardName", a.kind as "cardKind",
      a.store_id as "storeId", s.name as "storeName", a.status as "status", a.expires_at as "expiresAt",
      a.balance as "balance", a.bonus_balance as "bonusBalance", a.sessions_left as "sessionsLeft"
    from card_anomaly a
    left join member m on m.id = a.member_id
    left join card k on k.id = a.card_id
    left join store s on s.id = a.store_id${scope ? sql` where ${scope}` : sql``}`;
};

export const abnormalCardsBinding = bindReport({
  decl: ABNORMAL_CARDS,
  from: { alias: 'a', query: abnormalQuery },
  before: foldCardAnomalies,
  id: col('a', 'rowId'),
  scope: { store: col('a', 'storeId'), inQuery: true },
});

/** 补卡注销: the applications with their card, member, new card and who applied and decided. */
export const cardClosuresBinding = bindReport({
  decl: CARD_CLOSURES,
  from: {
    alias: 'cc',
    query: () =>
      raw(`select x.id as "id", x.member_id as "memberId", a.sp_no as "spNo", x.kind as "kind", x.status as "status",
        c.card_no as "cardNo", m.name as "memberName", m.phone as "phone", m.name || ' ' || m.phone as "member",
        k.name as "cardName", x.store_id as "storeId", s.name as "storeName", x.new_card_no as "newCardNo",
        n.card_no as "newSystemCardNo", x.rule as "rule", x.reason as "reason", ua.nickname as "applicantName",
        x.created_at as "createdAt", ud.nickname as "deciderName", x.decided_at as "decidedAt",
        x.amount as "amount", x.bonus as "bonus", x.sessions as "sessions", x.refund_amount as "refundAmount"
      from card_closure x
      join member_card c on c.id = x.member_card_id
      join member m on m.id = x.member_id
      join card k on k.id = c.card_id
      join store s on s.id = x.store_id
      left join member_card n on n.id = x.new_member_card_id
      left join approval a on a.id = x.approval_id
      left join user_account ua on ua.id = x.created_by
      left join user_account ud on ud.id = x.decided_by`),
  },
  filters: { period: { instant: col('cc', 'createdAt') } },
  id: col('cc', 'id'),
  scope: { store: col('cc', 'storeId') },
});

export const MEMBER_ASSET_BINDINGS = [
  memberAssetsBinding,
  memberAssetCardsBinding,
  abnormalCardsBinding,
  cardClosuresBinding,
] as const;
