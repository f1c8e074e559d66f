/**
 * The member-finance reports (SPEC §2.10: 会员余额表, 当前会员余额, 月度会员余额, 卡变动), read from
 * the rollups of rollups.ts, never from raw card_ledger rows (except the live counts of
 * /CurrentMemberBalance, which read the cards themselves). The store of every figure is the
 * card's selling store, the one holding the balance: per store, 期初 + 开卡 + 充值 + 消费 + 其他
 * (退款/调整) = 期末, each signed (消费 is negative), for the principal, the bonus and the sessions.
 *
 * Periods are Beijing days 'YYYY-MM-DD', both ends included; money is integer 分.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { addMonths, monthOf, nextDay, ROLLUP_STATE } from './rollups';

type Reader = Db | Tx;

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** The stores a caller may see; undefined: all. */
export type StoreFilter = readonly number[] | undefined;

const storeWhere = (stores: StoreFilter): SQL =>
  stores === undefined
    ? sql`true`
    : stores.length === 0
      ? sql`false`
      : sql`store_id in (${sql.join(
          stores.map((s) => sql`${s}::int`),
          sql`, `,
        )})`;

const readThrough = async (db: Reader): Promise<string | null> =>
  rowsOf<{ through: string | null }>(
    await db.execute(sql`select through::text as through from member_rollup_state where name = ${ROLLUP_STATE}`),
  )[0]?.through ?? null;

const FLOW_COLS = sql.raw('store_id, card_id, card_kind, kind, n, amount, bonus, sessions, paid');

/**
 * Flow rollup rows of the days [from, until) (until exclusive): whole months from
 * member_flow_month, the days at either edge from member_flow_day.
 */
export const flowRows = (from: string, until: string, stores: StoreFilter): SQL => {
  const where = storeWhere(stores);
  const firstFull = from === monthOf(from) ? from : addMonths(from, 1);
  const endFull = monthOf(until);
  if (firstFull >= endFull) {
    return sql`select ${FLOW_COLS} from member_flow_day where day >= ${from}::date and day < ${until}::date and ${where}`;
  }
  return sql`select ${FLOW_COLS} from member_flow_month where month >= ${firstFull}::date and month < ${endFull}::date and ${where}
    union all select ${FLOW_COLS} from member_flow_day
      where ((day >= ${from}::date and day < ${firstFull}::date) or (day >= ${endFull}::date and day < ${until}::date)) and ${where}`;
};

/**
 * Balances at the start of `day` per store × card product: the closing of the last closed month
 * before `day`'s month, plus the flows after it up to `day`.
 */
export const balanceRows = (day: string, through: string | null, stores: StoreFilter): SQL => {
  const before = addMonths(day, -1);
  const closed = through === null ? null : through < before ? through : before;
  const flows = flowRows(closed === null ? '1900-01-01' : addMonths(closed, 1), day, stores);
  const opening =
    closed === null
      ? sql``
      : sql`select store_id, card_id, card_kind, amount, bonus, sessions, cards
          from member_balance_month where month = ${closed}::date and ${storeWhere(stores)} union all `;
  return sql`${opening}select store_id, card_id, card_kind, amount, bonus, sessions,
      case when kind = 'open' then n else 0 end as cards from (${flows}) f`;
};

// ── 会员余额表 (/MemberBalance, /MemberBalance4) ────────────────────────────────

export interface Money3 {
  amount: number;
  bonus: number;
  sessions: number;
}
export interface Flow extends Money3 {
  /** Card changes (one per card per business record). */
  n: number;
}

export interface BalanceRow {
  storeId: number | null;
  storeName: string | null;
  cardId: number | null;
  cardName: string | null;
  /** 'stored' 储值卡 or 'combo' 套餐卡; null when grouped by store. */
  cardKind: string | null;
  opening: Money3;
  /** 开卡 (with `paid`: 分 paid for the cards), 充值, 消费 (negative), 其他 = 退款 + 调整. */
  open: Flow & { paid: number };
  topUp: Flow;
  consume: Flow;
  other: Flow;
  closing: Money3;
}

export type BalanceBy = 'store' | 'card' | 'cardKind';

export interface BalanceQuery {
  from: string;
  to: string;
  by: BalanceBy;
  stores?: StoreFilter;
}

const num = (v: unknown): number => Number(v ?? 0);

const DIMS: Record<BalanceBy, { cols: string; join: string; group: string }> = {
  store: {
    cols: 'x.store_id, s.name as store_name, null::int as card_id, null::text as card_name, null::text as card_kind',
    join: 'join store s on s.id = x.store_id',
    group: 'x.store_id, s.name, s.code order by s.code, x.store_id',
  },
  card: {
    cols: 'null::int as store_id, null::text as store_name, x.card_id, c.name as card_name, x.card_kind',
    join: 'join card c on c.id = x.card_id',
    group: 'x.card_id, c.name, c.code, x.card_kind order by x.card_kind desc, c.code, x.card_id',
  },
  cardKind: {
    cols: 'null::int as store_id, null::text as store_name, null::int as card_id, null::text as card_name, x.card_kind',
    join: '',
    group: 'x.card_kind order by x.card_kind desc',
  },
};

const flowSums = (k: string, kinds: string) =>
  ['n', 'amount', 'bonus', 'sessions', 'paid']
    .map((m) => `coalesce(sum(x.${m}) filter (where x.k in (${kinds})), 0) as ${k}_${m}`)
    .join(', ');

/** 会员余额表: 期初, the flows by kind and 期末 per store (or card product, or card kind). */
export const memberBalance = async (db: Reader, q: BalanceQuery): Promise<BalanceRow[]> => {
  const through = await readThrough(db);
  const dim = DIMS[q.by];
  const opening = balanceRows(q.from, through, q.stores);
  const flows = flowRows(q.from, nextDay(q.to), q.stores);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select ${sql.raw(dim.cols)},
      coalesce(sum(x.amount) filter (where x.k = 'opening'), 0) as opening_amount,
      coalesce(sum(x.bonus) filter (where x.k = 'opening'), 0) as opening_bonus,
      coalesce(sum(x.sessions) filter (where x.k = 'opening'), 0) as opening_sessions,
      ${sql.raw(
        [
          flowSums('open', "'open'"),
          flowSums('top_up', "'topUp'"),
          flowSums('consume', "'consume'"),
          flowSums('other', "'refund', 'adjust'"),
        ].join(', '),
      )}
    from (
      select store_id, card_id, card_kind, 'opening' as k, 0 as n, amount, bonus, sessions, 0 as paid from (${opening}) o
      union all select store_id, card_id, card_kind, kind as k, n, amount, bonus, sessions, paid from (${flows}) f
    ) x ${sql.raw(dim.join)}
    group by ${sql.raw(dim.group)}`),
  );
  return rows.map((r) => {
    const flow = (k: string): Flow => ({
      n: num(r[`${k}_n`]),
      amount: num(r[`${k}_amount`]),
      bonus: num(r[`${k}_bonus`]),
      sessions: num(r[`${k}_sessions`]),
    });
    const opening = {
      amount: num(r.opening_amount),
      bonus: num(r.opening_bonus),
      sessions: num(r.opening_sessions),
    };
    const open = { ...flow('open'), paid: num(r.open_paid) };
    const topUp = flow('top_up');
    const consume = flow('consume');
    const other = flow('other');
    const close = (m: keyof Money3) => opening[m] + open[m] + topUp[m] + consume[m] + other[m];
    return {
      storeId: r.store_id === null ? null : num(r.store_id),
      storeName: (r.store_name as string | null) ?? null,
      cardId: r.card_id === null ? null : num(r.card_id),
      cardName: (r.card_name as string | null) ?? null,
      cardKind: (r.card_kind as string | null) ?? null,
      opening,
      open,
      topUp,
      consume,
      other,
      closing: { amount: close('amount'), bonus: close('bonus'), sessions: close('sessions') },
    };
  });
};

// ── 当前会员余额 (/CurrentMemberBalance) ─────────────────────────────────────

export interface CurrentBalanceRow {
  storeId: number;
  storeName: string;
  /** Cards sold by the store up to the day. */
  cards: number;
  amount: number;
  bonus: number;
  sessions: number;
  /** Now only (null for a past day): cards still holding money or sessions, and their members. */
  cardsWithBalance: number | null;
  membersWithBalance: number | null;
}

/**
 * Balances per store at the end of `day` (default: now). The live counts (cards and members still
 * holding something) are read from the cards themselves and only for now.
 */
export const currentMemberBalance = async (
  db: Reader,
  q: { day?: string; stores?: StoreFilter; today: string },
): Promise<CurrentBalanceRow[]> => {
  const through = await readThrough(db);
  const day = q.day ?? q.today;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select b.store_id, s.name as store_name, sum(b.cards) as cards, sum(b.amount) as amount,
        sum(b.bonus) as bonus, sum(b.sessions) as sessions
      from (${balanceRows(nextDay(day), through, q.stores)}) b join store s on s.id = b.store_id
      group by b.store_id, s.name, s.code order by s.code, b.store_id`),
  );
  const live = new Map<number, { cards: number; members: number }>();
  if (q.day === undefined) {
    const counts = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select c.store_id, count(*) as cards, count(distinct c.member_id) as members
        from member_card c
        where ${storeWhere(q.stores)} and (coalesce(c.balance, 0) + coalesce(c.bonus_balance, 0) > 0
          or exists (select 1 from member_card_session x where x.member_card_id = c.id and x.remaining > 0))
        group by c.store_id`),
    );
    for (const r of counts) live.set(num(r.store_id), { cards: num(r.cards), members: num(r.members) });
  }
  return rows.map((r) => ({
    storeId: num(r.store_id),
    storeName: r.store_name as string,
    cards: num(r.cards),
    amount: num(r.amount),
    bonus: num(r.bonus),
    sessions: num(r.sessions),
    cardsWithBalance: q.day === undefined ? (live.get(num(r.store_id))?.cards ?? 0) : null,
    membersWithBalance: q.day === undefined ? (live.get(num(r.store_id))?.members ?? 0) : null,
  }));
};

// ── 月度会员余额 (/MonthlyMemberBalance) ─────────────────────────────────────

export interface MonthlyBalanceRow
  extends Omit<BalanceRow, 'cardId' | 'cardName' | 'cardKind' | 'storeId' | 'storeName'> {
  /** 'YYYY-MM'. */
  month: string;
  storeId: number;
  storeName: string;
}

/** Month × store: 期初, the month's flows by kind, 期末 (each month's 期初 is the month before's 期末). */
export const monthlyMemberBalance = async (
  db: Reader,
  q: { fromMonth: string; toMonth: string; stores?: StoreFilter },
): Promise<MonthlyBalanceRow[]> => {
  const first = `${q.fromMonth}-01`;
  const last = `${q.toMonth}-01`;
  const through = await readThrough(db);
  const names = new Map<number, string>();
  const opening = new Map<number, Money3>();
  for (const r of rowsOf<Record<string, unknown>>(
    await db.execute(sql`select b.store_id, sum(b.amount) as amount, sum(b.bonus) as bonus, sum(b.sessions) as sessions
      from (${balanceRows(first, through, q.stores)}) b group by b.store_id`),
  )) {
    opening.set(num(r.store_id), { amount: num(r.amount), bonus: num(r.bonus), sessions: num(r.sessions) });
  }
  const flows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select to_char(month, 'YYYY-MM') as month, store_id,
        case when kind in ('refund', 'adjust') then 'other' else kind end as k,
        sum(n) as n, sum(amount) as amount, sum(bonus) as bonus, sum(sessions) as sessions, sum(paid) as paid
      from member_flow_month where month >= ${first}::date and month <= ${last}::date and ${storeWhere(q.stores)}
      group by 1, 2, 3`),
  );
  const byKey = new Map<string, Record<string, unknown>>();
  for (const r of flows) byKey.set(`${r.month}|${r.store_id}|${r.k}`, r);
  const storeIds = new Set<number>([...opening.keys(), ...flows.map((r) => num(r.store_id))]);
  if (storeIds.size === 0) return [];
  for (const r of rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`select id, name, code from store where id in (${sql.join(
        [...storeIds].map((id) => sql`${id}::int`),
        sql`, `,
      )}) order by code, id`,
    ),
  )) {
    names.set(num(r.id), r.name as string);
  }
  const out: MonthlyBalanceRow[] = [];
  const held = new Map<number, Money3>(opening);
  for (let m = first; m <= last; m = addMonths(m, 1)) {
    const month = m.slice(0, 7);
    for (const storeId of names.keys()) {
      const flow = (k: string): Flow & { paid: number } => {
        const r = byKey.get(`${month}|${storeId}|${k}`);
        return {
          n: num(r?.n),
          amount: num(r?.amount),
          bonus: num(r?.bonus),
          sessions: num(r?.sessions),
          paid: num(r?.paid),
        };
      };
      const start = held.get(storeId) ?? { amount: 0, bonus: 0, sessions: 0 };
      const open = flow('open');
      const { paid: _t, ...topUp } = flow('topUp');
      const { paid: _c, ...consume } = flow('consume');
      const { paid: _o, ...other } = flow('other');
      const close = (k: keyof Money3) => start[k] + open[k] + topUp[k] + consume[k] + other[k];
      const closing = { amount: close('amount'), bonus: close('bonus'), sessions: close('sessions') };
      held.set(storeId, closing);
      out.push({
        month,
        storeId,
        storeName: names.get(storeId)!,
        opening: start,
        open,
        topUp,
        consume,
        other,
        closing,
      });
    }
  }
  return out;
};

// ── 卡变动 (/CardChange, /CardChangeReport) ──────────────────────────────────

export interface CardChangeRow {
  storeId: number;
  storeName: string;
  /** /CardChangeReport only: the card product. */
  cardId: number | null;
  cardName: string | null;
  cardKind: string | null;
  /** Ledger kind: open 开卡, topUp 充值, consume 消费, refund 退款, adjust 调整. */
  kind: string;
  n: number;
  amount: number;
  bonus: number;
  sessions: number;
  paid: number;
}

/** Card changes of a period per store (and card product) and ledger kind: counts, 分 and sessions. */
export const cardChanges = async (
  db: Reader,
  q: { from: string; to: string; byCard: boolean; stores?: StoreFilter },
): Promise<CardChangeRow[]> => {
  const flows = flowRows(q.from, nextDay(q.to), q.stores);
  const card = q.byCard;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select f.store_id, s.name as store_name,
        ${card ? sql`f.card_id, c.name as card_name, f.card_kind` : sql`null::int as card_id, null::text as card_name, null::text as card_kind`},
        f.kind, sum(f.n) as n, sum(f.amount) as amount, sum(f.bonus) as bonus, sum(f.sessions) as sessions, sum(f.paid) as paid
      from (${flows}) f join store s on s.id = f.store_id ${card ? sql`join card c on c.id = f.card_id` : sql``}
      group by f.store_id, s.name, s.code, f.kind${card ? sql`, f.card_id, c.name, c.code, f.card_kind` : sql``}
      order by s.code, f.store_id${card ? sql`, c.code, f.card_id` : sql``},
        array_position(array['open', 'topUp', 'consume', 'refund', 'adjust'], f.kind)`),
  );
  return rows.map((r) => ({
    storeId: num(r.store_id),
    storeName: r.store_name as string,
    cardId: r.card_id === null ? null : num(r.card_id),
    cardName: (r.card_name as string | null) ?? null,
    cardKind: (r.card_kind as string | null) ?? null,
    kind: r.kind as string,
    n: num(r.n),
    amount: num(r.amount),
    bonus: num(r.bonus),
    sessions: num(r.sessions),
    paid: num(r.paid),
  }));
};
