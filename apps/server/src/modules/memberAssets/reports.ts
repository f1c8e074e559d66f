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
  ABNORMAL_MANY_STORES,
  ABNORMAL_RECENT_DAYS,
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
  example: async (db) => {
    const [row] = await db
      .execute<{ id: number }>(
        sql`select store_id as id from member_card group by store_id order by count(*) desc, store_id limit 1`,
      )
      .then((r) => (r as { rows?: { id: number }[] }).rows ?? (r as unknown as { id: number }[]));
    return row ? { storeId: row.id } : {};
  },
});

/** 元 of 分 as text in SQL (evidence). */
const yuan = (e: string) => `to_char((${e}) / 100.0, 'FM999999990.00')`;
const bjDay = (e: string) => `to_char((${e}) at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

/**
 * The cards breaking ABNORMAL_RULES, one row per card and rule with its evidence in words. The
 * cards are narrowed first (the caller's scope, a store, a card asked for); the rules:
 * 余额与流水不符 — the card's balances (储值卡) or sessions left (套餐卡) are not the sums of its
 * ledger; 过期仍有余额 — past its expiry with value or sessions left; 单日多店消费 — consume rows at
 * ABNORMAL_MANY_STORES stores or more in one Beijing day of the last ABNORMAL_RECENT_DAYS days;
 * 冻结卡近期有消费 — frozen now, with consume rows in those days (card_ledger_at_idx).
 */
const abnormalQuery = (input: QueryInput): SQL => {
  const parts = [
    storeScopeFilter(input.scope, raw('c.store_id') as never),
    input.has('storeId') ? sql`c.store_id = ${input.bind('storeId')}::int` : undefined,
    input.has('memberCardId') ? sql`c.id = ${input.bind('memberCardId')}::int` : undefined,
  ].filter((x): x is SQL => !!x);
  const cards = parts.length ? sql.join(parts, sql` and `) : sql`true`;
  const since = raw(`now() - interval '${ABNORMAL_RECENT_DAYS} days'`);
  return sql`select x.id * 10 + x.r as "rowId", mc.id as "memberCardId", mc.card_no as "cardNo", x.rule as "rule",
      x.evidence as "evidence", m.name as "memberName", k.name as "cardName", mc.kind as "cardKind",
      mc.store_id as "storeId", s.name as "storeName", mc.status as "status", mc.expires_at as "expiresAt",
      mc.balance as "balance", mc.bonus_balance as "bonusBalance", mc.sessions_left as "sessionsLeft"
    from (
      select c.id, 1 as r, 'balanceMismatch' as rule,
        case when c.kind = 'stored' then ${raw(`'卡上本金 ' || ${yuan('coalesce(c.balance, 0)')} || ' 元、赠金 ' || ${yuan('coalesce(c.bonus_balance, 0)')} || ' 元；流水合计本金 ' || ${yuan('l.a')} || ' 元、赠金 ' || ${yuan('l.b')} || ' 元'`)}
          else '卡上剩余 ' || c.sessions_left || ' 次；流水合计 ' || l.s || ' 次' end as evidence
      from member_card c
      join (select member_card_id, sum(amount) as a, sum(bonus_amount) as b, coalesce(sum(sessions), 0) as s
        from card_ledger where member_card_id in (select c.id from member_card c where ${cards})
        group by member_card_id) l on l.member_card_id = c.id
      where ${cards} and ((c.kind = 'stored' and (coalesce(c.balance, 0) <> l.a or coalesce(c.bonus_balance, 0) <> l.b))
        or (c.kind = 'combo' and c.sessions_left <> l.s))
      union all
      select c.id, 2, 'expiredWithValue',
        ${raw(`'已于 ' || ${bjDay('c.expires_at')} || ' 过期，仍余' || case when c.kind = 'stored' then '本金 ' || ${yuan('coalesce(c.balance, 0)')} || ' 元、赠金 ' || ${yuan('coalesce(c.bonus_balance, 0)')} || ' 元' else ' ' || c.sessions_left || ' 次' end`)}
      from member_card c
      where ${cards} and c.expires_at <= now()
        and (coalesce(c.balance, 0) > 0 or coalesce(c.bonus_balance, 0) > 0 or c.sessions_left > 0)
      union all
      select d.id, 3, 'manyStores', string_agg(d.day || ' 在 ' || d.n || ' 家门店消费', '；' order by d.day)
      from (select l.member_card_id as id, ${raw(bjDay('l.at'))} as day, count(distinct l.store_id) as n
        from card_ledger l join member_card c on c.id = l.member_card_id
        where l.kind = 'consume' and l.at >= ${since} and ${cards}
        group by 1, 2 having count(distinct l.store_id) >= ${raw(String(ABNORMAL_MANY_STORES))}) d
      group by d.id
      union all
      select c.id, 4, 'frozenDrawn',
        ${raw(`'冻结中；近 ${ABNORMAL_RECENT_DAYS} 天消费 ' || count(*) || ' 笔，最近一笔 ' || ${bjDay('max(l.at)')}`)}
      from member_card c join card_ledger l on l.member_card_id = c.id
      where ${cards} and c.status = 'frozen' and l.kind = 'consume' and l.at >= ${since}
      group by c.id
    ) x
    join member_card mc on mc.id = x.id
    join member m on m.id = mc.member_id
    join card k on k.id = mc.card_id
    join store s on s.id = mc.store_id`;
};

export const abnormalCardsBinding = bindReport({
  decl: ABNORMAL_CARDS,
  from: { alias: 'a', query: abnormalQuery },
  filters: { storeId: 'query', memberCardId: 'query' },
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
