/**
 * The rollups of the card ledger that the member-finance reports read (会员余额表, 卡变动 …), so a
 * chain-wide month never sums raw ledger rows. Every rollup row belongs to the card's SELLING
 * store (member_card.store_id, the store holding the balance), its card product and card kind.
 *
 * - member_flow_day / member_flow_month: flows per Beijing day (month) × store × card product ×
 *   ledger kind. Kept through deltas: the writer (`applyLedger`, `writeLedgerEntries`) calls
 *   `addToRollups` in its transaction, which APPENDS its per-day changes to member_flow_delta
 *   (one statement, no row shared with another writer, so concurrent bills of one store and day
 *   never wait on each other); `foldRollupDeltas` deletes the committed deltas and adds them to
 *   the day and month rows in one statement (an advisory lock: one fold at a time). Every report
 *   read folds first (platform/report/query.ts beforeReportRead), as do the month close, the
 *   check, the rebuild (which drops them: it counts the facts) and the job foldRollupDeltas (every
 *   minute). So a report sees every bill committed before it, and the check still proves the
 *   rollups equal to the facts.
 * - member_balance_month: the balance at the end of each CLOSED month per store × card product,
 *   dense from a key's first month through the watermark member_rollup_state.through. Closing a
 *   month is the scheduled job `closeMemberBalanceMonths` (it needs every key carried forward,
 *   too much for a request); a write dated in a closed month (backdated) adds its change to that
 *   month and every later closed month in the writer's transaction. Writers read the watermark
 *   FOR SHARE and the job moves it FOR UPDATE, so a write is either before the close (and the
 *   close reads its flows) or after it (and sees the new watermark).
 *
 * - The same three per selling store (member_store_*: card_id 0, card_kind '') and per card product
 *   chain-wide (member_card_*: store_id 0), so a report grouped by store or by card product reads
 *   a few rows per store or product, not one per store × product. They are kept alongside, by the
 *   same statements.
 * - Rows of kind 'hold' carry, per day, the change of the cards holding value (本金, 赠金 or 次数
 *   above 0 at the day's end: `held`) and of the members holding value in a card of the key
 *   (`holders`: distinct at each family's grain, a member with two cards counts once). The writer
 *   works them out for the members it writes for (their cards' ledger before and after its rows,
 *   the members locked), so a backdated write moves them too.
 * - card_draw_day / card_draw_month: 耗卡 (consume ledger rows) per Beijing day (month) × the
 *   store drawn at (the bill's, not the card's) × card product; consume_item_day / _month: bill
 *   lines per day (month) × the bill's store × project or product (卡项排行, 产品消耗). Kept by the
 *   same writer in the same transaction and statement, through card_draw_delta and
 *   consume_item_delta, folded like the flows.
 *   A period of days reads them as `periodRows` says: the months it touches, less or plus the
 *   days at its edges, never more than about a month of day rows.
 *
 * A balance as of the start of day D is then: the closing of the last closed month before D's
 * month + the month flows after it + the day flows of D's month before D — a few thousand rows
 * per store at most, never the whole history. `rebuildMemberRollups` recomputes everything from
 * card_ledger and member_card; `checkMemberRollups` recomputes into temporary tables and
 * compares (npm run rollups -- --rebuild | --check).
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbHandle, rowsOf, type Tx } from '../../db/client';

/** A database, a transaction or a handle (the large-scale generator passes its handle). */
export type RollupDb = Db | Tx | DbHandle;

const dbOf = (d: RollupDb): Db | Tx => ('copyIn' in d ? d.db : d);

export const ROLLUP_STATE = 'member_balance_month';
export const SHANGHAI_TZ = 'Asia/Shanghai';

const DAY_MS = 86_400_000;
const SHANGHAI_MS = 8 * 3_600_000;

/** 'YYYY-MM-DD' Beijing day of an instant. */
export const shanghaiDay = (at: Date): string => new Date(at.getTime() + SHANGHAI_MS).toISOString().slice(0, 10);
/** First day of the month of a 'YYYY-MM-DD'. */
export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;
/** The first day of the month `n` months after the month of `day` (n may be negative). */
export const addMonths = (day: string, n: number): string => {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 + n;
  const d = new Date(Date.UTC(y, m, 1));
  return d.toISOString().slice(0, 10);
};
/** The day after. */
export const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
/** The last month that has ended as of `now` (Beijing). */
export const lastEndedMonth = (now: Date): string => addMonths(shanghaiDay(now), -1);

// ── Families ──────────────────────────────────────────────────────────────────

/** One grain's tables and how a card's key maps to its key. */
export interface RollupFamily {
  day: string;
  month: string;
  balance: string;
  key(storeId: number, cardId: number, cardKind: string): [number, number, string];
}

export const ROLLUP_FAMILIES: readonly RollupFamily[] = [
  {
    day: 'member_flow_day',
    month: 'member_flow_month',
    balance: 'member_balance_month',
    key: (s, c, k) => [s, c, k],
  },
  {
    day: 'member_store_flow_day',
    month: 'member_store_flow_month',
    balance: 'member_store_balance_month',
    key: (s) => [s, 0, ''],
  },
  {
    day: 'member_card_flow_day',
    month: 'member_card_flow_month',
    balance: 'member_card_balance_month',
    key: (_s, c, k) => [0, c, k],
  },
];
/** A family's key columns as SQL of a card's store_id, card_id, card_kind (`f` the family's index). */
const familyKeySql = (f: string, t: string) =>
  `case when ${f} = 2 then 0 else ${t}.store_id end as store_id, case when ${f} = 1 then 0 else ${t}.card_id end as card_id, case when ${f} = 1 then '' else ${t}.card_kind end as card_kind`;

const ALL_TABLES = ROLLUP_FAMILIES.flatMap((f) => [f.day, f.month, f.balance]);

// ── Kept by the writer ────────────────────────────────────────────────────────

/** One card ledger row as the rollups see it. */
export interface RollupChange {
  at: Date;
  /** The card's selling store, product and kind. */
  storeId: number;
  cardId: number;
  cardKind: string;
  /** Ledger kind. */
  kind: string;
  /** The first row of its card in its business record (counts one change). */
  first: boolean;
  amount: number;
  bonus: number;
  sessions: number;
  paid: number;
}

/** A change of the cards and members holding value, per family, key and Beijing day. */
export interface HoldChange {
  family: number;
  day: string;
  storeId: number;
  cardId: number;
  cardKind: string;
  held: number;
  holders: number;
}

interface Sums {
  n: number;
  amount: number;
  bonus: number;
  sessions: number;
  paid: number;
  held: number;
  holders: number;
}

const ZERO: Sums = { n: 0, amount: 0, bonus: 0, sessions: 0, paid: 0, held: 0, holders: 0 };

const sumInto = (map: Map<string, Sums>, key: string, c: Partial<Sums>) => {
  const s = map.get(key) ?? { ...ZERO };
  for (const k of Object.keys(ZERO) as (keyof Sums)[]) s[k] += c[k] ?? 0;
  map.set(key, s);
};

const ROWS_PER_STATEMENT = 1000;

/** The rows of an execute() answer: PGlite gives { rows }, postgres-js the array itself. */

/**
 * Per family, day and key: the change of the cards holding value (held) and of the members
 * holding value in a card of the key (holders), over the card ledger rows `where` selects
 * (`l` card_ledger, `c` member_card): a card holds value at a day's end when its rows up to
 * then sum to more than 0 本金, 赠金 or 次数; a member holds at a key while one of their cards of
 * that key does. Every row of a card (and of a member) must be selected for the figures to hold.
 */
const holdingSql = (where: SQL) => sql`with cd as (
    select l.member_card_id as mc, c.member_id, c.store_id, c.card_id, c.kind as card_kind,
      (l.at at time zone ${SHANGHAI_TZ})::date as day,
      sum(l.amount) as a, sum(l.bonus_amount) as b, coalesce(sum(l.sessions), 0) as s
    from card_ledger l join member_card c on c.id = l.member_card_id
    where ${where} group by 1, 2, 3, 4, 5, 6),
  ch as (select mc, member_id, store_id, card_id, card_kind, day,
      case when sum(a) over w > 0 or sum(b) over w > 0 or sum(s) over w > 0 then 1 else 0 end as h
    from cd window w as (partition by mc order by day)),
  ce as (select member_id, store_id, card_id, card_kind, day,
      h - coalesce(lag(h) over (partition by mc order by day), 0) as dc
    from ch),
  fd as (select f.fam, ce.member_id, ${sql.raw(familyKeySql('f.fam', 'ce'))}, ce.day, sum(ce.dc) as d
    from ce cross join (values (0), (1), (2)) as f(fam) where ce.dc <> 0
    group by 1, 2, 3, 4, 5, 6),
  fh as (select fam, member_id, store_id, card_id, card_kind, day, d,
      case when sum(d) over w > 0 then 1 else 0 end as h
    from fd window w as (partition by fam, member_id, store_id, card_id, card_kind order by day)),
  fe as (select fam, store_id, card_id, card_kind, day, d,
      h - coalesce(lag(h) over (partition by fam, member_id, store_id, card_id, card_kind order by day), 0) as dm
    from fh)
  select fam, day, store_id, card_id, card_kind, sum(d) as held, sum(dm) as holders from fe
  group by 1, 2, 3, 4, 5 having sum(d) <> 0 or sum(dm) <> 0`;

const holdingOf = async (tx: Tx, memberIds: readonly number[]): Promise<Map<string, HoldChange>> => {
  const out = new Map<string, HoldChange>();
  if (memberIds.length === 0) return out;
  const ids = sql.join(
    memberIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const r = await tx.execute(holdingSql(sql`l.member_id in (${ids})`));
  for (const row of rowsOf<Record<string, unknown>>(r)) {
    const h: HoldChange = {
      family: Number(row.fam),
      day: String(row.day instanceof Date ? row.day.toISOString() : row.day).slice(0, 10),
      storeId: Number(row.store_id),
      cardId: Number(row.card_id),
      cardKind: String(row.card_kind),
      held: Number(row.held),
      holders: Number(row.holders),
    };
    out.set(`${h.family}|${h.day}|${h.storeId}|${h.cardId}|${h.cardKind}`, h);
  }
  return out;
};

/**
 * Runs `write` (which writes card ledger rows of `memberIds`' cards) and answers how it moved the
 * cards and members holding value: their holding worked out from the ledger before and after,
 * the members locked first (sorted), so two writers for one member take turns.
 */
export const holdChangesOf = async (
  tx: Tx,
  memberIds: readonly number[],
  write: () => Promise<void>,
): Promise<HoldChange[]> => {
  const ids = [...new Set(memberIds)].sort((a, b) => a - b);
  if (ids.length > 0) {
    await tx.execute(
      sql`select id from member where id in (${sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )}) order by id for no key update`,
    );
  }
  const before = await holdingOf(tx, ids);
  await write();
  const after = await holdingOf(tx, ids);
  const out: HoldChange[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const a = after.get(key);
    const b = before.get(key);
    const h = { ...(a ?? b)! };
    h.held = (a?.held ?? 0) - (b?.held ?? 0);
    h.holders = (a?.holders ?? 0) - (b?.holders ?? 0);
    if (h.held !== 0 || h.holders !== 0) out.push(h);
  }
  return out;
};

/** The member_flow_delta rows of `changes` and `holds`: per family, key, kind and Beijing day. */
const flowDeltaRows = (changes: readonly RollupChange[], holds: readonly HoldChange[]): SQL[] => {
  const rows: SQL[] = [];
  for (const [fi, family] of ROLLUP_FAMILIES.entries()) {
    const days = new Map<string, Sums>();
    for (const c of changes) {
      const rest = `${family.key(c.storeId, c.cardId, c.cardKind).join('|')}|${c.kind}`;
      sumInto(days, `${shanghaiDay(c.at)}|${rest}`, {
        n: c.first ? 1 : 0,
        amount: c.amount,
        bonus: c.bonus,
        sessions: c.sessions,
        paid: c.paid,
      });
    }
    for (const h of holds) {
      if (h.family === fi) sumInto(days, `${h.day}|${h.storeId}|${h.cardId}|${h.cardKind}|hold`, h);
    }
    for (const key of [...days.keys()].sort()) {
      const [day, store, card, cardKind, kind] = key.split('|');
      const s = days.get(key)!;
      rows.push(
        sql`(${fi}::smallint, ${day}::date, ${Number(store)}::int, ${Number(card)}::int, ${cardKind}::text, ${kind}::text, ${s.n}::int, ${s.amount}::bigint, ${s.bonus}::bigint, ${s.sessions}::bigint, ${s.paid}::bigint, ${s.held}::int, ${s.holders}::int)`,
      );
    }
  }
  return rows;
};

/**
 * For rows dated in a closed month (backdated): their change added to that month's closed
 * balances and every later closed one, per family (dense rows). Kept by the writer directly
 * (rare, and the month close must find them there).
 */
const closedBalanceStatements = (
  changes: readonly RollupChange[],
  holds: readonly HoldChange[],
  through: string,
): SQL[] => {
  const out: SQL[] = [];
  for (const [fi, family] of ROLLUP_FAMILIES.entries()) {
    const closed = new Map<string, Sums>();
    for (const c of changes) {
      const month = monthOf(shanghaiDay(c.at));
      if (month > through) continue;
      const key = `${month}|${family.key(c.storeId, c.cardId, c.cardKind).join('|')}`;
      sumInto(closed, key, {
        n: c.kind === 'open' && c.first ? 1 : 0,
        amount: c.amount,
        bonus: c.bonus,
        sessions: c.sessions,
      });
    }
    for (const h of holds) {
      const month = monthOf(h.day);
      if (h.family !== fi || month > through) continue;
      sumInto(closed, `${month}|${h.storeId}|${h.cardId}|${h.cardKind}`, { held: h.held, holders: h.holders });
    }
    const keys = [...closed.keys()].sort();
    for (let i = 0; i < keys.length; i += ROWS_PER_STATEMENT) {
      const values = keys.slice(i, i + ROWS_PER_STATEMENT).map((key) => {
        const [month, store, card, cardKind] = key.split('|');
        const s = closed.get(key)!;
        return sql`(${month}::date, ${Number(store)}::int, ${Number(card)}::int, ${cardKind}::text, ${s.amount}::bigint, ${s.bonus}::bigint, ${s.sessions}::bigint, ${s.n}::bigint, ${s.held}::bigint, ${s.holders}::bigint)`;
      });
      const t = sql.raw(family.balance);
      out.push(sql`insert into ${t} (month, store_id, card_id, card_kind, amount, bonus, sessions, cards, held, holders)
        select g.m::date, v.store_id, v.card_id, v.card_kind, sum(v.amount), sum(v.bonus), sum(v.sessions), sum(v.cards),
          sum(v.held), sum(v.holders)
        from (values ${sql.join(values, sql`, `)}) as v(month, store_id, card_id, card_kind, amount, bonus, sessions, cards, held, holders)
        cross join lateral generate_series(v.month, ${through}::date, interval '1 month') as g(m)
        group by 1, 2, 3, 4
        order by 1, 2, 3, 4
        on conflict (month, store_id, card_id, card_kind) do update set
          amount = ${t}.amount + excluded.amount, bonus = ${t}.bonus + excluded.bonus,
          sessions = ${t}.sessions + excluded.sessions, cards = ${t}.cards + excluded.cards,
          held = ${t}.held + excluded.held, holders = ${t}.holders + excluded.holders`);
    }
  }
  return out;
};

/** Appended rows of one delta table: its name, columns and rows. */
interface DeltaRows {
  table: string;
  columns: string;
  rows: SQL[];
}

/** The watermark, read FOR SHARE: the month close waits for this transaction, or it for the close. */
const WATERMARK_FOR_SHARE = sql`select through::text as through from member_rollup_state where name = ${ROLLUP_STATE} for share`;

/**
 * Appends delta rows with as few statements as fit: the tables' inserts side by side in one
 * statement (data-modifying CTEs) while it holds at most ROWS_PER_STATEMENT rows, more
 * statements past that. With `watermark`, the first statement also reads the watermark FOR
 * SHARE (answered; else null).
 */
const appendDeltas = async (tx: Tx, parts: readonly DeltaRows[], watermark: boolean): Promise<string | null> => {
  const inserts: { rows: number; statement: SQL }[] = [];
  for (const p of parts) {
    for (let i = 0; i < p.rows.length; i += ROWS_PER_STATEMENT) {
      const rows = p.rows.slice(i, i + ROWS_PER_STATEMENT);
      inserts.push({
        rows: rows.length,
        statement: sql`insert into ${sql.raw(p.table)} (${sql.raw(p.columns)}) values ${sql.join(rows, sql`, `)}`,
      });
    }
  }
  let through: string | null = null;
  let read = !watermark;
  let group: SQL[] = [];
  let held = 0;
  const flush = async () => {
    if (group.length === 0 && read) return;
    const ctes = group.map((s, i) => sql`${sql.raw(`d${i}`)} as (${s})`);
    if (!read) {
      ctes.unshift(sql`w as (${WATERMARK_FOR_SHARE})`);
      const r = await tx.execute(sql`with ${sql.join(ctes, sql`, `)} select (select through from w) as through`);
      through = rowsOf<{ through: string | null }>(r)[0]?.through ?? null;
      read = true;
    } else {
      const last = group[group.length - 1]!;
      await tx.execute(ctes.length > 1 ? sql`with ${sql.join(ctes.slice(0, -1), sql`, `)} ${last}` : last);
    }
    group = [];
    held = 0;
  };
  for (const x of inserts) {
    if (held + x.rows > ROWS_PER_STATEMENT) await flush();
    group.push(x.statement);
    held += x.rows;
  }
  await flush();
  return through;
};

const FLOW_DELTA_COLUMNS =
  'fam, day, store_id, card_id, card_kind, kind, n, amount, bonus, sessions, paid, held, holders';

/**
 * Adds card ledger rows just written (and the holding changes they made, holdChangesOf) — and,
 * from a bill, its 耗卡 and lines (`bill`, see addToBillRollups) — to the rollups, in the
 * writer's transaction: appended as deltas (member_flow_delta, card_draw_delta,
 * consume_item_delta; one statement for a bill's all), which `foldRollupDeltas` adds into the
 * rollup rows; so no two writers wait on one rollup row. Rows dated in a closed month also go
 * into the closed balances at once (closedBalanceStatements).
 */
export const addToRollups = async (
  tx: Tx,
  changes: readonly RollupChange[],
  holds: readonly HoldChange[] = [],
  bill: { draws: readonly DrawChange[]; items: readonly ItemChange[] } = { draws: [], items: [] },
): Promise<void> => {
  const parts = [
    { table: 'member_flow_delta', columns: FLOW_DELTA_COLUMNS, rows: flowDeltaRows(changes, holds) },
    ...billDeltaParts(bill.draws, bill.items),
  ];
  if (parts.every((p) => p.rows.length === 0)) return;
  // Ledger rows read the watermark FOR SHARE in the same statement (the month close waits for
  // this transaction, or this statement for the close and then sees its new watermark).
  const flows = changes.length > 0 || holds.length > 0;
  const through = await appendDeltas(tx, parts, flows);
  if (!flows || through === null) return;
  const backdated =
    changes.some((c) => monthOf(shanghaiDay(c.at)) <= through) || holds.some((h) => monthOf(h.day) <= through);
  if (backdated) for (const s of closedBalanceStatements(changes, holds, through)) await tx.execute(s);
};

// ── The bill rollups, kept by the writer ──────────────────────────────────────

/** One 耗卡 ledger row: where it was drawn, the card's product and kind, what was drawn (positive). */
export interface DrawChange {
  at: Date;
  storeId: number;
  cardId: number;
  cardKind: string;
  sessions: number;
  amount: number;
}

/** One bill line: the bill's store, the project or product, its quantity and amount (分). */
export interface ItemChange {
  at: Date;
  storeId: number;
  itemKind: string;
  itemId: number;
  quantity: number;
  amount: number;
}

type Triple = [number, number, number];

const addOne = (map: Map<string, Triple>, key: string, a: number, b: number) => {
  const s = map.get(key) ?? [0, 0, 0];
  s[0] += 1;
  s[1] += a;
  s[2] += b;
  map.set(key, s);
};

/** The card_draw_delta and consume_item_delta rows of 耗卡 rows and bill lines, per Beijing day. */
const billDeltaParts = (draws: readonly DrawChange[], items: readonly ItemChange[]): DeltaRows[] => {
  const drawDays = new Map<string, Triple>();
  for (const d of draws)
    addOne(drawDays, `${shanghaiDay(d.at)}|${d.storeId}|${d.cardId}|${d.cardKind}`, d.sessions, d.amount);
  const itemDays = new Map<string, Triple>();
  for (const x of items)
    addOne(itemDays, `${shanghaiDay(x.at)}|${x.storeId}|${x.itemKind}|${x.itemId}`, x.quantity, x.amount);
  const rows = (sums: Map<string, Triple>, row: (k: string[], m: SQL) => SQL) =>
    [...sums.keys()].sort().map((key) => {
      const [n, a, b] = sums.get(key)!;
      return row(key.split('|'), sql`${n}::int, ${a}::bigint, ${b}::bigint`);
    });
  return [
    {
      table: 'card_draw_delta',
      columns: 'day, store_id, card_id, card_kind, n, sessions, amount',
      rows: rows(
        drawDays,
        ([p, x, y, z], m) => sql`(${p}::date, ${Number(x)}::int, ${Number(y)}::int, ${z}::text, ${m})`,
      ),
    },
    {
      table: 'consume_item_delta',
      columns: 'day, store_id, item_kind, item_id, n, quantity, amount',
      rows: rows(
        itemDays,
        ([p, x, y, z], m) => sql`(${p}::date, ${Number(x)}::int, ${y}::text, ${Number(z)}::int, ${m})`,
      ),
    },
  ];
};

/** Adds 耗卡 rows and bill lines just written to the bill rollups (as deltas, see addToRollups). */
export const addToBillRollups = (tx: Tx, draws: readonly DrawChange[], items: readonly ItemChange[]): Promise<void> =>
  addToRollups(tx, [], [], { draws, items });

// ── The fold: deltas into the rollups ─────────────────────────────────────────

/** The advisory lock key the folds take (one fold at a time; writers never take it). */
const FOLD_LOCK = 0x726f6c6c; // 'roll'

/** The delta tables, every one folded by `foldIn`. */
export const DELTA_TABLES = [
  'member_flow_delta',
  'card_draw_delta',
  'consume_item_delta',
  'member_store_delta',
  'staff_share_delta',
] as const;

const FLOW_MEASURES = ['n', 'amount', 'bonus', 'sessions', 'paid', 'held', 'holders'];

/** An additive upsert of `select` (grouped rows of `key` + `measures`) into `table`. */
const upsertFrom = (table: string, key: string[], measures: string[], select: string) =>
  `insert into ${table} (${[...key, ...measures].join(', ')})
    ${select}
    on conflict (${key.join(', ')}) do update set ${measures.map((m) => `${m} = ${table}.${m} + excluded.${m}`).join(', ')}`;

/** Day rows of a CTE (`from`, already summed per key) and its month rows (summed again per month). */
const dayAndMonth = (
  name: string,
  from: string,
  day: string,
  month: string,
  key: string[],
  measures: string[],
  where = '',
) => {
  const cols = [...key, ...measures].join(', ');
  const order = key.map((_, i) => String(i + 2)).join(', ');
  return [
    `${name}_d as (${upsertFrom(day, ['day', ...key], measures, `select day, ${cols} from ${from} ${where} order by 1, ${order}`)})`,
    `${name}_m as (${upsertFrom(
      month,
      ['month', ...key],
      measures,
      `select date_trunc('month', day)::date, ${key.join(', ')}, ${measures.map((m) => `sum(${m})`).join(', ')}
        from ${from} ${where} group by 1, ${order} order by 1, ${order}`,
    )})`,
  ];
};

const MEMBER_STORE_MEASURES = ['joined', 'last_visits'];
// ── The chain's item rollups (s9-staffrep) ────────────────────────────────────
// consume_item_chain_day/_month: consume_item_day/_month without the store, so 产品消耗 chain-wide
// (grouped by product or month, no store filter, the whole chain in scope) reads a few thousand
// rows a month instead of every store × item row. They have no delta table: the fold adds the
// same consume_item_delta rows, summed over the stores, in the same statement.

/** The chain-level item rollups, day table then month table. */
export const CHAIN_ITEM_ROLLUPS = ['consume_item_chain_day', 'consume_item_chain_month'] as const;

const ITEM_MEASURES = ['n', 'quantity', 'amount'];

/** The fold's part for the chain rollups: `iss` (the folded item deltas, per day × store × item) summed over the stores. */
const CHAIN_ITEM_FOLD_CTES = [
  `isc as (select day, item_kind, item_id, ${ITEM_MEASURES.map((m) => `sum(${m}) as ${m}`).join(', ')}
    from iss group by day, item_kind, item_id)`,
  ...dayAndMonth('ic', 'isc', CHAIN_ITEM_ROLLUPS[0], CHAIN_ITEM_ROLLUPS[1], ['item_kind', 'item_id'], ITEM_MEASURES),
];

/** Fills the chain rollups (named by `prefix`) from the store-level ones just built. */
const buildChainItemRollups = async (db: Db | Tx, prefix: string): Promise<void> => {
  for (const [from, to, at] of [
    ['consume_item_day', CHAIN_ITEM_ROLLUPS[0], 'day'],
    ['consume_item_month', CHAIN_ITEM_ROLLUPS[1], 'month'],
  ] as const) {
    await db.execute(
      sql.raw(`insert into ${prefix}${to} (${at}, item_kind, item_id, n, quantity, amount)
      select ${at}, item_kind, item_id, sum(n), sum(quantity), sum(amount)
      from ${prefix}${from} group by 1, 2, 3`),
    );
  }
};

// ── The staff share rollups (s9-staffrep) ────────────────────────────────────
// staff_share_day/_month: the staff reports' figures (员工业绩, 业绩提成, 售卡排行) per Beijing day
// (month) × the bill's store × staff × line kind over the bills that stand, with rows of staff 0
// (any staff) and line kind '' (any kind): each row adds up the shares at its grain and counts the
// distinct bills (服务单数), so a report reads the coarsest rows its grouping and filters allow (by
// store or chain-wide totals: a few rows per store and day, not one per staff). The writers append a bill's contribution to staff_share_delta in its transaction:
// +1 × its shares after the bill service wrote them, −1 × before and +1 × after a refund changes
// its lines, −1 × when it is closed (`addStaffShareDelta`); the fold adds them up with the rest.

/** The staff share rollups, day table then month table. */
export const STAFF_SHARE_ROLLUPS = ['staff_share_day', 'staff_share_month'] as const;

const STAFF_KEY = ['store_id', 'staff_id', 'line_kind'];
const STAFF_MEASURES = ['n', 'line_amount', 'line_refunded', 'performance', 'commission', 'bills'];

/** A share's figure less its line's refunds in proportion, as the staff reports count it. */
const netOfRefunds = (v: string) =>
  `(b.${v} - coalesce(round(b.${v}::numeric * l.refunded / nullif(l.amount, 0)), 0)::int)`;

/**
 * The staff rollup rows (day, key, measures, times `sign`) of the shares of the bills `where`
 * selects (alias c; with `standing`, only bills not closed). Per bill first (so the bill counts
 * are plain counts), then per day × store × staff × kind, with the rows of any staff and any kind.
 */
const staffShareRows = (where: SQL, sign: 1 | -1, standing = true) => {
  const s = sql.raw(String(sign));
  return sql`select day, store_id, staff_id, line_kind, ${s} * sum(n), ${s} * sum(line_amount), ${s} * sum(line_refunded),
      ${s} * sum(performance), ${s} * sum(commission), ${s} * count(*)
    from (select c.id, (c.consumed_at at time zone ${SHANGHAI_TZ})::date as day, c.store_id,
        coalesce(b.staff_id, 0) as staff_id, coalesce(l.item_kind, '') as line_kind, count(*) as n,
        sum(l.amount) as line_amount,
        sum(l.refunded) as line_refunded,
        sum(${sql.raw(netOfRefunds('performance'))}) as performance,
        sum(${sql.raw(netOfRefunds('commission'))}) as commission
      from member_consume c
      join bill_share b on b.consume_id = c.id
      join member_consume_line l on l.consume_id = b.consume_id and l.line = b.line
      where ${where}${standing ? sql` and c.status <> 'closed'` : sql``}
      group by grouping sets ((c.id, c.consumed_at, c.store_id, b.staff_id, l.item_kind), (c.id, c.consumed_at, c.store_id, b.staff_id),
        (c.id, c.consumed_at, c.store_id, l.item_kind), (c.id, c.consumed_at, c.store_id))) x
    group by day, store_id, staff_id, line_kind`;
};

/**
 * Appends to staff_share_delta the shares of the bills `where` selects (alias c: the bill), as
 * they stand now, times `sign`, in the writer's transaction: +1 after a bill's shares are written;
 * −1 before and +1 after its lines' refunds change; −1 right after it is closed (`evenClosed`:
 * what it counted while it stood).
 */
export const addStaffShareDelta = (tx: Tx, where: SQL, sign: 1 | -1, evenClosed = false) =>
  // Not async: the statement starts when awaited, so a bill's pipelined writes keep their order.
  tx.execute(sql`insert into staff_share_delta (day, ${sql.raw([...STAFF_KEY, ...STAFF_MEASURES].join(', '))})
    ${staffShareRows(where, sign, !evenClosed)}`);

/** The fold's part for the staff rollups (`sd`: the deltas taken). */
const STAFF_FOLD_CTES = [
  'sd as (delete from staff_share_delta returning *)',
  `sds as (select day, ${STAFF_KEY.join(', ')}, ${STAFF_MEASURES.map((m) => `sum(${m}) as ${m}`).join(', ')}
    from sd group by day, ${STAFF_KEY.join(', ')})`,
  ...dayAndMonth('st', 'sds', STAFF_SHARE_ROLLUPS[0], STAFF_SHARE_ROLLUPS[1], STAFF_KEY, STAFF_MEASURES),
];

/** Fills the staff rollups (named by `prefix`) from every share of the bills that stand. */
const buildStaffShareRollups = async (db: Db | Tx, prefix = ''): Promise<void> => {
  const cols = [...STAFF_KEY, ...STAFF_MEASURES].join(', ');
  await db.execute(
    sql`insert into ${sql.raw(prefix + STAFF_SHARE_ROLLUPS[0])} (day, ${sql.raw(cols)}) ${staffShareRows(sql`true`, 1)}`,
  );
  await db.execute(
    sql.raw(`insert into ${prefix + STAFF_SHARE_ROLLUPS[1]} (month, ${cols})
    select date_trunc('month', day)::date, ${STAFF_KEY.join(', ')}, ${STAFF_MEASURES.map((m) => `sum(${m})`).join(', ')}
    from ${prefix + STAFF_SHARE_ROLLUPS[0]} group by 1, ${STAFF_KEY.map((_, i) => i + 2).join(', ')}`),
  );
};

/** The one statement of a fold: every delta row deleted and added, per key, to its day and month rollups. */
const FOLD_SQL = (() => {
  const flowKey = ['store_id', 'card_id', 'card_kind', 'kind'];
  const drawKey = ['store_id', 'card_id', 'card_kind'];
  const itemKey = ['store_id', 'item_kind', 'item_id'];
  const sums = (ms: string[]) => ms.map((m) => `sum(${m}) as ${m}`).join(', ');
  const ctes = [
    'fd as (delete from member_flow_delta returning *)',
    `fs as (select fam, day, ${flowKey.join(', ')}, ${sums(FLOW_MEASURES)} from fd group by fam, day, ${flowKey.join(', ')})`,
    ...ROLLUP_FAMILIES.flatMap((f, i) =>
      dayAndMonth(`f${i}`, 'fs', f.day, f.month, flowKey, FLOW_MEASURES, `where fam = ${i}`),
    ),
    'dd as (delete from card_draw_delta returning *)',
    `ds as (select day, ${drawKey.join(', ')}, ${sums(['n', 'sessions', 'amount'])} from dd group by day, ${drawKey.join(', ')})`,
    ...dayAndMonth('d', 'ds', 'card_draw_day', 'card_draw_month', drawKey, ['n', 'sessions', 'amount']),
    'id as (delete from consume_item_delta returning *)',
    `iss as (select day, ${itemKey.join(', ')}, ${sums(['n', 'quantity', 'amount'])} from id group by day, ${itemKey.join(', ')})`,
    ...dayAndMonth('i', 'iss', 'consume_item_day', 'consume_item_month', itemKey, ['n', 'quantity', 'amount']),
    'vd as (delete from member_store_delta returning *)',
    `vs as (select day, store_id, ${sums(MEMBER_STORE_MEASURES)} from vd group by day, store_id)`,
    ...dayAndMonth('v', 'vs', 'member_store_day', 'member_store_month', ['store_id'], MEMBER_STORE_MEASURES),
    ...CHAIN_ITEM_FOLD_CTES,
    ...STAFF_FOLD_CTES,
  ];
  return `with ${ctes.join(',\n')}
    select (select count(*) from fd) + (select count(*) from dd) + (select count(*) from id)
      + (select count(*) from vd) + (select count(*) from sd) as n`;
})();

/** Folds every committed delta in the caller's transaction (taking the fold lock); answers the delta rows folded. */
const foldIn = async (tx: Db | Tx): Promise<number> => {
  await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK})`);
  return Number(rowsOf<{ n: string | number }>(await tx.execute(sql.raw(FOLD_SQL)))[0]?.n ?? 0);
};

/**
 * Adds the writers' deltas into the rollup rows (deleting them), in a transaction of its own:
 * after it, the rollups hold every change committed before it began. Cheap when there is none
 * (one read). Run before every report read (platform/report/query.ts `beforeReportRead`), by the
 * month close, the check and the rebuild, and by the scheduled job foldRollupDeltas. Answers
 * how many delta rows it folded.
 */
export const foldRollupDeltas = async (db: RollupDb): Promise<number> => {
  const d = dbOf(db);
  const pending = await d.execute(
    sql.raw(`select ${DELTA_TABLES.map((t) => `exists (select 1 from ${t})`).join(' or ')} as any`),
  );
  if (!rowsOf<{ any: boolean }>(pending)[0]?.any) return 0;
  return d.transaction((tx) => foldIn(tx));
};

/** The bill rollups, day table then month table. */
export const BILL_ROLLUPS = [
  'card_draw_day',
  'card_draw_month',
  'consume_item_day',
  'consume_item_month',
  ...CHAIN_ITEM_ROLLUPS,
] as const;

/** Fills the four bill rollups (named by `prefix`) from card_ledger, member_card and the bills. */
const buildBillRollups = async (db: Db | Tx, prefix = ''): Promise<void> => {
  const t = (name: string) => sql.raw(`${prefix}${name}`);
  await db.execute(sql`insert into ${t('card_draw_day')} (day, store_id, card_id, card_kind, n, sessions, amount)
    select (l.at at time zone ${SHANGHAI_TZ})::date, l.store_id, c.card_id, c.kind, count(*),
      -coalesce(sum(l.sessions), 0), -sum(l.amount + l.bonus_amount)
    from card_ledger l join member_card c on c.id = l.member_card_id
    where l.kind = 'consume'
    group by 1, 2, 3, 4`);
  await db.execute(sql`insert into ${t('card_draw_month')} (month, store_id, card_id, card_kind, n, sessions, amount)
    select date_trunc('month', day)::date, store_id, card_id, card_kind, sum(n), sum(sessions), sum(amount)
    from ${t('card_draw_day')} group by 1, 2, 3, 4`);
  await db.execute(sql`insert into ${t('consume_item_day')} (day, store_id, item_kind, item_id, n, quantity, amount)
    select (c.consumed_at at time zone ${SHANGHAI_TZ})::date, c.store_id, l.item_kind,
      coalesce(l.project_id, l.product_id), count(*), sum(l.quantity), sum(l.amount)
    from member_consume_line l join member_consume c on c.id = l.consume_id
    where l.item_kind in ('project', 'product')
    group by 1, 2, 3, 4`);
  await db.execute(sql`insert into ${t('consume_item_month')} (month, store_id, item_kind, item_id, n, quantity, amount)
    select date_trunc('month', day)::date, store_id, item_kind, item_id, sum(n), sum(quantity), sum(amount)
    from ${t('consume_item_day')} group by 1, 2, 3, 4`);
  await buildChainItemRollups(db, prefix);
};

// ── 门店会员分析's rollup and the kept columns of member and member_card ─────────────

/** The member rollup of 门店会员分析, day table then month table. */
export const MEMBER_STORE_ROLLUPS = ['member_store_day', 'member_store_month'] as const;

/** Each member's last bill day from the bills (member_id, d). */
const LAST_BILL_DAYS = `select member_id, max((consumed_at at time zone '${SHANGHAI_TZ}')::date) as d
  from member_consume group by member_id`;
/** Each member card's sessions from member_card_session (member_card_id, l, t). */
const CARD_SESSIONS = `select member_card_id, sum(remaining)::int as l, sum(total)::int as t
  from member_card_session group by member_card_id`;

/**
 * Fills member_store_day and member_store_month (named by `prefix`): per home store and Beijing
 * day, the members who joined and those whose last bill is that day — the last bill day read from
 * `member.last_visit_day` (`kept`) or recomputed from the bills (the check's independent count).
 */
const buildMemberStoreDays = async (db: Db | Tx, prefix: string, lastDay: 'kept' | 'bills'): Promise<void> => {
  const last =
    lastDay === 'kept'
      ? 'select last_visit_day as d, store_id from member where last_visit_day is not null'
      : `select v.d, m.store_id from member m join (${LAST_BILL_DAYS}) v on v.member_id = m.id`;
  await db.execute(
    sql.raw(`insert into ${prefix}member_store_day (day, store_id, joined, last_visits)
    select d, store_id, sum(j), sum(v) from (
      select (joined_at at time zone '${SHANGHAI_TZ}')::date as d, store_id, 1 as j, 0 as v from member
      union all select d, store_id, 0, 1 from (${last}) l
    ) x group by 1, 2 order by 1, 2`),
  );
  await db.execute(
    sql.raw(`insert into ${prefix}member_store_month (month, store_id, joined, last_visits)
    select date_trunc('month', day)::date, store_id, sum(joined), sum(last_visits)
    from ${prefix}member_store_day group by 1, 2 order by 1, 2`),
  );
};

// ── The members' kept card figures (会员基本信息) ──────────────────────────────────

/** The watermark row of the members' card figures: `as_of`, the last fold's moment. */
export const CARD_FIGURES_STATE = 'member_cards';
/** The advisory lock key of the card figures' fold (one at a time). */
const EXPIRY_LOCK = 0x65787069; // 'expi'
/** How far before the watermark the fold looks: a writer's transaction longer than this could be missed. */
const EXPIRY_LOOKBACK = "interval '1 hour'";

/** A member's card figures from their cards (`c`: member_card), as of the moment `at` (SQL). */
const cardFigures = (at: string) => `count(*)::int as held,
  (count(*) filter (where c.status = 'active' and c.expires_at > ${at}))::int as valid,
  coalesce(sum(c.balance + c.bonus_balance) filter (where c.kind = 'stored' and c.status = 'active' and c.expires_at > ${at}), 0)::int as stored,
  coalesce(sum(c.sessions_left) filter (where c.status = 'active' and c.expires_at > ${at}), 0)::int as sessions`;

/**
 * The members whose kept figures count a card valid that has expired by now: an active card
 * that expired after their figures' moment (cards_as_of), read from member_card_expires_idx
 * since the last fold (less EXPIRY_LOOKBACK, for writers that began before it).
 */
const EXPIRED_MEMBERS = `select distinct c.member_id as id from member_card c join member m on m.id = c.member_id
  where c.status = 'active' and c.expires_at <= now()
    and c.expires_at > coalesce((select as_of from member_rollup_state where name = '${CARD_FIGURES_STATE}'),
      '-infinity'::timestamptz) - ${EXPIRY_LOOKBACK}
    and (m.cards_as_of is null or m.cards_as_of < c.expires_at)`;

/** Recomputes, as of now, the card figures of the members `ids` (locked first, in id order). */
const recomputeCardFigures = async (tx: Db | Tx, ids: readonly number[]): Promise<void> => {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  await tx.execute(sql`select id from member where id in (${list}) order by id for no key update`);
  // A statement of its own: it reads the cards as committed once the members are locked.
  await tx.execute(sql`update member m set cards_held = x.held, cards_valid = x.valid, stored_valid = x.stored,
      sessions_valid = x.sessions, cards_as_of = now()
    from (select c.member_id, ${sql.raw(cardFigures('now()'))} from member_card c where c.member_id in (${list})
      group by c.member_id) x
    where m.id = x.member_id`);
};

/** The fold in the caller's transaction: the members with cards expired since recomputed; answers how many. */
const foldExpiriesIn = async (tx: Db | Tx): Promise<number> => {
  await tx.execute(sql`select pg_advisory_xact_lock(${EXPIRY_LOCK})`);
  const ids = rowsOf<{ id: number }>(await tx.execute(sql.raw(`${EXPIRED_MEMBERS} order by 1`))).map((r) =>
    Number(r.id),
  );
  await recomputeCardFigures(tx, ids);
  await tx.execute(sql`insert into member_rollup_state (name, as_of) values (${CARD_FIGURES_STATE}, now())
    on conflict (name) do update set as_of = excluded.as_of, updated_at = now()`);
  return ids.length;
};

/**
 * Moves the members' kept card figures past the cards that expired since they were computed
 * (the trigger member_card_holdings computes them when a card changes, as of that moment): those
 * members recomputed as of now. One read when none is due. Run before every report read (so
 * 会员基本信息 counts valid cards as of the read) and every minute by the job foldCardExpiries.
 */
export const foldCardExpiries = async (db: RollupDb): Promise<number> => {
  const d = dbOf(db);
  const due = await d.execute(sql.raw(`select exists (${EXPIRED_MEMBERS}) as due`));
  if (!rowsOf<{ due: boolean }>(due)[0]?.due) return 0;
  return d.transaction((tx) => foldExpiriesIn(tx));
};

/**
 * Rewrites the kept columns that differ from their facts — member.last_visit_day (the member's
 * last bill day) and member_card.sessions_left/_total (its member_card_session rows) — and builds
 * 门店会员分析's rollup again from the members (its deltas dropped: the members are the facts).
 */
const rebuildMemberStoreDays = async (tx: Tx): Promise<Record<string, number>> => {
  // The trigger member_store_days appends nothing while this rewrites the members: built below.
  await tx.execute(sql`select set_config('zb.member_store_rebuild', 'on', true)`);
  await tx.execute(
    sql.raw(`update member_card c set sessions_left = coalesce(s.l, 0), sessions_total = coalesce(s.t, 0)
    from member_card x left join (${CARD_SESSIONS}) s on s.member_card_id = x.id
    where c.id = x.id and (c.sessions_left <> coalesce(s.l, 0) or c.sessions_total <> coalesce(s.t, 0))`),
  );
  // One pass over the members: those whose last bill day or card figures differ from the facts
  // get both, the figures as of now (the others' hold as of now too: only a write moves them up).
  const figures = '(m.cards_held, m.cards_valid, m.stored_valid, m.sessions_valid)';
  const computed = '(coalesce(f.held, 0), coalesce(f.valid, 0), coalesce(f.stored, 0), coalesce(f.sessions, 0))';
  await tx.execute(
    sql.raw(`update member m set last_visit_day = v.d, cards_held = coalesce(f.held, 0), cards_valid = coalesce(f.valid, 0),
      stored_valid = coalesce(f.stored, 0), sessions_valid = coalesce(f.sessions, 0),
      cards_as_of = now()
    from member x
    left join (${LAST_BILL_DAYS}) v on v.member_id = x.id
    left join (select c.member_id, ${cardFigures('now()')} from member_card c group by c.member_id) f on f.member_id = x.id
    where m.id = x.id and (m.last_visit_day is distinct from v.d or ${figures} is distinct from ${computed})`),
  );
  await tx.execute(sql`insert into member_rollup_state (name, as_of) values (${CARD_FIGURES_STATE}, now())
    on conflict (name) do update set as_of = excluded.as_of, updated_at = now()`);
  await tx.execute(sql`select set_config('zb.member_store_rebuild', 'off', true)`);
  await tx.execute(sql.raw(`truncate ${MEMBER_STORE_ROLLUPS.join(', ')}, member_store_delta`));
  await buildMemberStoreDays(tx, '', 'kept');
  const out: Record<string, number> = {};
  for (const t of MEMBER_STORE_ROLLUPS) out[t] = await countRows(tx, t);
  return out;
};

/**
 * The check of the same (deltas folded first): the kept columns that differ from their facts,
 * counted, and the rollup recomputed from the members' joins and their bills, row for row.
 */
const checkMemberStoreDays = async (tx: Tx): Promise<RollupCheck['tables']> => {
  const count = async (q: string) => Number(rowsOf<{ n: string }>(await tx.execute(sql.raw(q)))[0]!.n);
  const visits = await count(`select count(*) as n from member m left join (${LAST_BILL_DAYS}) v on v.member_id = m.id
    where m.last_visit_day is distinct from v.d`);
  const sessions =
    await count(`select count(*) as n from member_card c left join (${CARD_SESSIONS}) s on s.member_card_id = c.id
    where c.sessions_left <> coalesce(s.l, 0) or c.sessions_total <> coalesce(s.t, 0)`);
  // The card figures as of their moment, and none of them past a card expired since (the fold's).
  await foldExpiriesIn(tx);
  const figures = await count(`select count(*) as n from member m
    left join lateral (select ${cardFigures('coalesce(m.cards_as_of, now())')} from member_card c where c.member_id = m.id) f on true
    where (m.cards_held, m.cards_valid, m.stored_valid, m.sessions_valid) is distinct from (f.held, f.valid, f.stored, f.sessions)`);
  const stale = await count(`select count(*) as n from (${EXPIRED_MEMBERS}) x`);
  const tables: RollupCheck['tables'] = [
    { table: 'member.last_visit_day', keptOnly: visits, rebuiltOnly: visits },
    { table: 'member_card.sessions_left', keptOnly: sessions, rebuiltOnly: sessions },
    { table: 'member.cards_valid', keptOnly: figures + stale, rebuiltOnly: figures + stale },
  ];
  for (const t of MEMBER_STORE_ROLLUPS) {
    await tx.execute(sql.raw(`create temporary table check_${t} (like ${t} including defaults) on commit drop`));
  }
  await buildMemberStoreDays(tx, 'check_', 'bills');
  for (const t of MEMBER_STORE_ROLLUPS) {
    // A key whose changes netted to nothing is what no member would give: a rebuild has none.
    const [keptOnly, rebuiltOnly] = await differ(tx, t, `check_${t}`, 'where not (joined = 0 and last_visits = 0)');
    tables.push({ table: t, keptOnly, rebuiltOnly });
  }
  return tables;
};

// ── Computed from the facts ───────────────────────────────────────────────────

/** A ledger row is its card's first in its business record (seq 1, or no earlier row of that card). */
const FIRST_OF_CARD = sql.raw(`(l.seq = 1 or not exists (select 1 from card_ledger p
  where p.ref_type = l.ref_type and p.ref_id = l.ref_id and p.member_card_id = l.member_card_id and p.seq < l.seq))`);

const MEASURES = 'n, amount, bonus, sessions, paid, held, holders';
/** A month's hold rows can net to nothing (a card emptied and refilled within it): none is kept. */
const NOTHING = MEASURES.split(', ')
  .map((m) => `sum(${m}) = 0`)
  .join(' and ');
const SUMMED = MEASURES.split(', ')
  .map((m) => `sum(${m})`)
  .join(', ');

/**
 * Fills the families' day tables from card_ledger and member_card (the fine one from the ledger,
 * the coarser ones from it, and the 'hold' rows of each), then their month tables from the days.
 * `prefix` names the tables ('' the kept ones, 'check_' the check's).
 */
const buildFlows = async (db: Db | Tx, prefix: string): Promise<void> => {
  const [fine, ...coarse] = ROLLUP_FAMILIES;
  await db.execute(sql`insert into ${sql.raw(prefix + fine!.day)} (day, store_id, card_id, card_kind, kind, n, amount, bonus, sessions, paid)
    select (l.at at time zone ${SHANGHAI_TZ})::date, c.store_id, c.card_id, c.kind, l.kind,
      count(*) filter (where f.first), sum(l.amount), sum(l.bonus_amount), coalesce(sum(l.sessions), 0),
      coalesce(sum(c.paid) filter (where l.kind = 'open' and f.first), 0)
    from card_ledger l
    join member_card c on c.id = l.member_card_id
    cross join lateral (select ${FIRST_OF_CARD} as first) f
    group by 1, 2, 3, 4, 5
    order by 1`);
  for (const [i, family] of coarse.entries()) {
    await db.execute(
      sql.raw(`insert into ${prefix + family.day} (day, store_id, card_id, card_kind, kind, ${MEASURES})
      select day, ${familyKeySql(String(i + 1), 'd')}, kind, ${SUMMED}
      from ${prefix + fine!.day} d group by 1, 2, 3, 4, 5 order by 1`),
    );
  }
  await db.execute(sql`create temporary table rollup_holds on commit drop as ${holdingSql(sql`true`)}`);
  for (const [i, family] of ROLLUP_FAMILIES.entries()) {
    await db.execute(
      sql.raw(`insert into ${prefix + family.day} (day, store_id, card_id, card_kind, kind, held, holders)
      select day, store_id, card_id, card_kind, 'hold', held, holders from rollup_holds where fam = ${i} order by day`),
    );
    await db.execute(
      sql.raw(`insert into ${prefix + family.month} (month, store_id, card_id, card_kind, kind, ${MEASURES})
      select date_trunc('month', day)::date, store_id, card_id, card_kind, kind, ${SUMMED}
      from ${prefix + family.day} group by 1, 2, 3, 4, 5
      having not (${NOTHING}) order by 1`),
    );
  }
  await db.execute(sql`drop table rollup_holds`);
};

/**
 * Adds to `balanceTable` the closings of the months after `from` (exclusive; null: from each
 * key's first month) through `through`, from the closings at `from` and `monthTable`'s flows.
 */
const buildClosings = async (
  db: Db | Tx,
  balanceTable: string,
  monthTable: string,
  from: string | null,
  through: string,
): Promise<void> => {
  const base = from ?? '1900-01-01';
  await db.execute(sql`insert into ${sql.raw(balanceTable)} (month, store_id, card_id, card_kind, amount, bonus, sessions, cards, held, holders)
    with f as (
      select month, store_id, card_id, card_kind, sum(amount) as amount, sum(bonus) as bonus, sum(sessions) as sessions,
        coalesce(sum(n) filter (where kind = 'open'), 0) as cards, sum(held) as held, sum(holders) as holders
      from ${sql.raw(monthTable)} where month > ${base}::date and month <= ${through}::date
      group by 1, 2, 3, 4),
    b as (select store_id, card_id, card_kind, amount, bonus, sessions, cards, held, holders
      from ${sql.raw(balanceTable)} where month = ${base}::date),
    k as (select store_id, card_id, card_kind, min(month) as first
      from (select store_id, card_id, card_kind, (${base}::date + interval '1 month')::date as month from b
            union all select store_id, card_id, card_kind, month from f) x
      group by 1, 2, 3),
    g as (select gs::date as month, k.store_id, k.card_id, k.card_kind
      from k cross join lateral generate_series(k.first, ${through}::date, interval '1 month') gs)
    select g.month, g.store_id, g.card_id, g.card_kind,
      coalesce(b.amount, 0) + sum(coalesce(f.amount, 0)) over w,
      coalesce(b.bonus, 0) + sum(coalesce(f.bonus, 0)) over w,
      coalesce(b.sessions, 0) + sum(coalesce(f.sessions, 0)) over w,
      coalesce(b.cards, 0) + sum(coalesce(f.cards, 0)) over w,
      coalesce(b.held, 0) + sum(coalesce(f.held, 0)) over w,
      coalesce(b.holders, 0) + sum(coalesce(f.holders, 0)) over w
    from g
    left join f on f.month = g.month and f.store_id = g.store_id and f.card_id = g.card_id and f.card_kind = g.card_kind
    left join b on b.store_id = g.store_id and b.card_id = g.card_id and b.card_kind = g.card_kind
    window w as (partition by g.store_id, g.card_id, g.card_kind order by g.month)
    order by 1`);
};

const closeAll = async (db: Db | Tx, prefix: string, from: string | null, through: string) => {
  for (const f of ROLLUP_FAMILIES) await buildClosings(db, prefix + f.balance, prefix + f.month, from, through);
};

const readThrough = async (db: Db | Tx, lock: 'update' | 'none'): Promise<string | null> => {
  const r = await db.execute(
    sql`select through::text as through from member_rollup_state where name = ${ROLLUP_STATE}${lock === 'update' ? sql` for update` : sql``}`,
  );
  return rowsOf<{ through: string | null }>(r)[0]?.through ?? null;
};

/**
 * The month close job: closes every month that has ended as of `now` (none when the watermark is
 * there already), in every family. Answers the watermark before and after.
 */
export const closeMemberBalanceMonths = async (
  db: RollupDb,
  now: Date = new Date(),
): Promise<{ from: string | null; through: string }> =>
  dbOf(db).transaction(async (tx) => {
    await tx.execute(sql`insert into member_rollup_state (name) values (${ROLLUP_STATE}) on conflict do nothing`);
    const from = await readThrough(tx, 'update');
    const target = lastEndedMonth(now);
    if (from !== null && from >= target) return { from, through: from };
    // Every writer before the lock has committed: its deltas are folded before the months close.
    await foldIn(tx);
    await closeAll(tx, '', from, target);
    await tx.execute(
      sql`update member_rollup_state set through = ${target}::date, updated_at = now() where name = ${ROLLUP_STATE}`,
    );
    return { from, through: target };
  });

/** How many rows each rollup holds after a rebuild, by table. */
export interface RollupCounts {
  tables: Record<string, number>;
  through: string;
  /** Rows of each bill rollup (BILL_ROLLUPS). */
  bills: Record<(typeof BILL_ROLLUPS)[number], number>;
  /** Rows of 门店会员分析's rollup (MEMBER_STORE_ROLLUPS). */
  members: Record<string, number>;
  /** Rows of each staff share rollup (STAFF_SHARE_ROLLUPS). */
  staff: Record<(typeof STAFF_SHARE_ROLLUPS)[number], number>;
}

const countRows = async (db: Db | Tx, table: string): Promise<number> =>
  Number(rowsOf<{ n: string | number }>(await db.execute(sql.raw(`select count(*) as n from ${table}`)))[0]!.n);

/**
 * Recomputes every member rollup from card_ledger and member_card, in one transaction: the
 * flows, then the closed balances through the last month ended as of `now`. Writers wait for it
 * (it takes the watermark FOR UPDATE and truncates) and add their rows after it.
 */
export const rebuildMemberRollups = async (db: RollupDb, now: Date = new Date()): Promise<RollupCounts> =>
  dbOf(db).transaction(async (tx) => {
    await tx.execute(sql`insert into member_rollup_state (name) values (${ROLLUP_STATE}) on conflict do nothing`);
    await readThrough(tx, 'update');
    // The deltas are facts already counted by the rebuild: dropped with the rollups.
    await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK})`);
    await tx.execute(
      sql.raw(`truncate ${[...ALL_TABLES, ...BILL_ROLLUPS, ...STAFF_SHARE_ROLLUPS, ...DELTA_TABLES].join(', ')}`),
    );
    await buildFlows(tx, '');
    await buildBillRollups(tx);
    const members = await rebuildMemberStoreDays(tx);
    await buildStaffShareRollups(tx);
    const through = lastEndedMonth(now);
    await closeAll(tx, '', null, through);
    await tx.execute(
      sql`update member_rollup_state set through = ${through}::date, updated_at = now() where name = ${ROLLUP_STATE}`,
    );
    const tables: Record<string, number> = {};
    for (const t of ALL_TABLES) tables[t] = await countRows(tx, t);
    const bills: Record<string, number> = {};
    for (const t of BILL_ROLLUPS) bills[t] = await countRows(tx, t);
    const staff: Record<string, number> = {};
    for (const t of STAFF_SHARE_ROLLUPS) staff[t] = await countRows(tx, t);
    return { tables, through, bills: bills as RollupCounts['bills'], members, staff: staff as RollupCounts['staff'] };
  });

/** Per rollup: rows the kept one has that a recomputation lacks, and the other way round. */
export interface RollupCheck {
  ok: boolean;
  through: string | null;
  tables: { table: string; keptOnly: number; rebuiltOnly: number }[];
}

const differ = async (db: Db | Tx, kept: string, rebuilt: string, where = ''): Promise<[number, number]> => {
  const one = await db.execute(
    sql.raw(`select count(*) as n from (select * from ${kept} ${where} except all select * from ${rebuilt}) x`),
  );
  const two = await db.execute(
    sql.raw(`select count(*) as n from (select * from ${rebuilt} except all select * from ${kept} ${where}) x`),
  );
  return [Number(rowsOf<{ n: string }>(one)[0]!.n), Number(rowsOf<{ n: string }>(two)[0]!.n)];
};

/**
 * Recomputes every rollup into temporary tables (closed balances through the kept watermark)
 * and compares them with the kept ones, row for row; changes nothing.
 */
export const checkMemberRollups = async (db: RollupDb): Promise<RollupCheck> =>
  dbOf(db).transaction(async (tx) => {
    // The kept rollups are what they hold once the committed deltas are folded in.
    await foldIn(tx);
    const through = await readThrough(tx, 'none');
    for (const t of [...ALL_TABLES, ...BILL_ROLLUPS, ...STAFF_SHARE_ROLLUPS]) {
      await tx.execute(sql.raw(`create temporary table check_${t} (like ${t} including defaults) on commit drop`));
    }
    await buildFlows(tx, 'check_');
    await buildBillRollups(tx, 'check_');
    await buildStaffShareRollups(tx, 'check_');
    if (through !== null) await closeAll(tx, 'check_', null, through);
    const tables: RollupCheck['tables'] = [];
    const balances = new Set(ROLLUP_FAMILIES.map((f) => f.balance));
    for (const t of ALL_TABLES) {
      // Rows that sum to nothing are what an empty key would be: a rebuild has none.
      const where = balances.has(t)
        ? ''
        : 'where not (n = 0 and amount = 0 and bonus = 0 and sessions = 0 and paid = 0 and held = 0 and holders = 0)';
      const [keptOnly, rebuiltOnly] = await differ(tx, t, `check_${t}`, where);
      tables.push({ table: t, keptOnly, rebuiltOnly });
    }
    for (const t of BILL_ROLLUPS) {
      const [keptOnly, rebuiltOnly] = await differ(tx, t, `check_${t}`);
      tables.push({ table: t, keptOnly, rebuiltOnly });
    }
    tables.push(...(await checkMemberStoreDays(tx)));
    for (const t of STAFF_SHARE_ROLLUPS) {
      // A closed bill's rows net to nothing: a rebuild has none.
      const where = `where not (${STAFF_MEASURES.map((m) => `${m} = 0`).join(' and ')})`;
      const [keptOnly, rebuiltOnly] = await differ(tx, t, `check_${t}`, where);
      tables.push({ table: t, keptOnly, rebuiltOnly });
    }
    return { ok: tables.every((t) => t.keptOnly === 0 && t.rebuiltOnly === 0), through, tables };
  });

/**
 * Builds the rollups once on a database that has never had them (a fresh one, or one migrated
 * to 0028 with card ledger rows already in it, or migrated to 0031, which drops the watermark to
 * have the rollups of every family built); after that the writers and the job keep them.
 */
export const ensureMemberRollups = async (db: RollupDb): Promise<boolean> => {
  const r = await dbOf(db).execute(sql`select 1 as one from member_rollup_state where name = ${ROLLUP_STATE}`);
  if (rowsOf(r).length > 0) return false;
  await rebuildMemberRollups(db);
  return true;
};
