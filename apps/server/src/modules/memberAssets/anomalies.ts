/**
 * /abnormalCardList's findings (card_anomaly): the cards breaking ABNORMAL_RULES, checked by card.
 *
 * Checking every card sums the whole ledger (at the large scale 24 million rows, minutes), so the
 * list reads the findings and they are kept:
 * - the trigger card_anomaly_touch (migration 0056) queues a card whenever its balances, sessions,
 *   status or expiry change — by the ledger or by anything else, a hand edit of the database
 *   included — or it is added or deleted (card_anomaly_dirty);
 * - before each read of the list, `foldCardAnomalies` checks again the queued cards and those that
 *   expired since the last fold (member_card_expires_idx);
 * - `scanCardAnomalies` checks every card: nightly (the job 异常卡全量检查, as the rules' windows of
 *   the last ABNORMAL_RECENT_DAYS days move on without any card changing) and when the database
 *   has never been checked (prepare's `ensureCardAnomalies`, and the large generator after it loads
 *   with the triggers off).
 * A card's rows are replaced whole each time it is checked, under one advisory lock.
 */
import { ABNORMAL_MANY_STORES, ABNORMAL_RECENT_DAYS, ABNORMAL_RULES } from '@zb/contract/reports/memberAssets';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client';

const raw = (s: string) => sql.raw(s);
/** 元 of 分 as text in SQL (evidence). */
const yuan = (e: string) => `to_char((${e}) / 100.0, 'FM999999990.00')`;
const bjDay = (e: string) => `to_char((${e}) at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
const place = (rule: (typeof ABNORMAL_RULES)[number]['value']) =>
  raw(String(ABNORMAL_RULES.findIndex((r) => r.value === rule) + 1));

/**
 * The findings of the cards `c` matching `cards` (a condition on member_card c): id, place, rule,
 * evidence. 余额与流水不符 — the card's balances (储值卡) or sessions left (套餐卡) are not the sums of
 * its ledger; 过期仍有余额 — past its expiry with value or sessions left; 单日多店消费 — consume rows
 * at ABNORMAL_MANY_STORES stores or more in one Beijing day of the last ABNORMAL_RECENT_DAYS days;
 * 冻结卡近期有消费 — frozen, with consume rows in those days.
 */
const findings = (cards: SQL): SQL => {
  const since = raw(`now() - interval '${ABNORMAL_RECENT_DAYS} days'`);
  return sql`select c.id, ${place('balanceMismatch')} as place, 'balanceMismatch' as rule,
        case when c.kind = 'stored' then ${raw(`'卡上本金 ' || ${yuan('coalesce(c.balance, 0)')} || ' 元、赠金 ' || ${yuan('coalesce(c.bonus_balance, 0)')} || ' 元；流水合计本金 ' || ${yuan('l.a')} || ' 元、赠金 ' || ${yuan('l.b')} || ' 元'`)}
          else '卡上剩余 ' || c.sessions_left || ' 次；流水合计 ' || l.s || ' 次' end as evidence
      from member_card c
      join (select member_card_id, sum(amount) as a, sum(bonus_amount) as b, coalesce(sum(sessions), 0) as s
        from card_ledger where member_card_id in (select c.id from member_card c where ${cards})
        group by member_card_id) l on l.member_card_id = c.id
      where ${cards} and ((c.kind = 'stored' and (coalesce(c.balance, 0) <> l.a or coalesce(c.bonus_balance, 0) <> l.b))
        or (c.kind = 'combo' and c.sessions_left <> l.s))
      union all
      select c.id, ${place('expiredWithValue')}, 'expiredWithValue',
        ${raw(`'已于 ' || ${bjDay('c.expires_at')} || ' 过期，仍余' || case when c.kind = 'stored' then '本金 ' || ${yuan('coalesce(c.balance, 0)')} || ' 元、赠金 ' || ${yuan('coalesce(c.bonus_balance, 0)')} || ' 元' else ' ' || c.sessions_left || ' 次' end`)}
      from member_card c
      where ${cards} and c.expires_at <= now()
        and (coalesce(c.balance, 0) > 0 or coalesce(c.bonus_balance, 0) > 0 or c.sessions_left > 0)
      union all
      select d.id, ${place('manyStores')}, 'manyStores', string_agg(d.day || ' 在 ' || d.n || ' 家门店消费', '；' order by d.day)
      from (select l.member_card_id as id, ${raw(bjDay('l.at'))} as day, count(distinct l.store_id) as n
        from card_ledger l join member_card c on c.id = l.member_card_id
        where l.kind = 'consume' and l.at >= ${since} and ${cards}
        group by 1, 2 having count(distinct l.store_id) >= ${raw(String(ABNORMAL_MANY_STORES))}) d
      group by d.id
      union all
      select c.id, ${place('frozenDrawn')}, 'frozenDrawn',
        ${raw(`'冻结中；近 ${ABNORMAL_RECENT_DAYS} 天消费 ' || count(*) || ' 笔，最近一笔 ' || ${bjDay('max(l.at)')}`)}
      from member_card c join card_ledger l on l.member_card_id = c.id
      where ${cards} and c.status = 'frozen' and l.kind = 'consume' and l.at >= ${since}
      group by c.id`;
};

/** Writes the findings of the cards matching `cards` (their old rows already gone). */
const insertFindings = (tx: Tx, cards: SQL) =>
  tx.execute(sql`insert into card_anomaly (member_card_id, place, rule, evidence, card_no, member_id, card_id, kind,
      store_id, status, expires_at, balance, bonus_balance, sessions_left)
    select x.id, x.place, x.rule, x.evidence, mc.card_no, mc.member_id, mc.card_id, mc.kind, mc.store_id, mc.status,
      mc.expires_at, mc.balance, mc.bonus_balance, mc.sessions_left
    from (${findings(cards)}) x join member_card mc on mc.id = x.id`);

const lock = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('card_anomaly'))`);

const CHUNK = 5000;

/** Checks again the cards queued by the trigger and those expired since the last fold. */
export const foldCardAnomalies = async (db: Db): Promise<number> => {
  // Two reads, so that the expiry range is a constant the index member_card_expires_idx answers.
  const [mark] = rowsOf<{ to: string | null; dirty: boolean }>(
    await db.execute(sql`select (select expiries_to::text from card_anomaly_state where id = 1) as to,
      exists (select 1 from card_anomaly_dirty) as dirty`),
  );
  const due =
    !mark?.to ||
    mark.dirty ||
    rowsOf<{ due: boolean }>(
      await db.execute(sql`select exists (select 1 from member_card
        where expires_at > ${mark.to}::timestamptz and expires_at <= now()) as due`),
    )[0]?.due;
  if (!due) return 0;
  return db.transaction(async (tx) => {
    // While a whole check (minutes at the large scale) or another fold holds the lock, this read
    // shows the findings as they are rather than wait: the check brings them up to date.
    const [got] = rowsOf<{ got: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('card_anomaly')) as got`),
    );
    if (!got?.got) return 0;
    const [state] = rowsOf<{ to: string }>(
      await tx.execute(sql`select expiries_to::text as to from card_anomaly_state where id = 1`),
    );
    if (!state) return (await scanIn(tx)).cards;
    const [now] = rowsOf<{ now: string }>(await tx.execute(sql`select now()::text as now`));
    const ids = rowsOf<{ id: number }>(
      await tx.execute(sql`with d as (delete from card_anomaly_dirty returning member_card_id as id)
        select id from d union select id from member_card where expires_at > ${state.to}::timestamptz and expires_at <= ${now!.now}::timestamptz`),
    ).map((r) => Number(r.id));
    for (let i = 0; i < ids.length; i += CHUNK) {
      const part = sql.join(
        ids.slice(i, i + CHUNK).map((id) => sql`${id}`),
        sql`, `,
      );
      await tx.execute(sql`delete from card_anomaly where member_card_id in (${part})`);
      await insertFindings(tx, sql`c.id in (${part})`);
    }
    await tx.execute(sql`update card_anomaly_state set expiries_to = ${now!.now}::timestamptz where id = 1`);
    return ids.length;
  });
};

const scanIn = async (tx: Tx): Promise<{ cards: number; found: number }> => {
  await lock(tx);
  // The queue is left as it is: deleting its rows would hold every bill that queues one of those
  // cards until this check commits. The next fold checks them again (its own snapshot's cards).
  await tx.execute(sql`delete from card_anomaly`);
  await insertFindings(tx, sql`true`);
  await tx.execute(sql`insert into card_anomaly_state (id, scanned_at, expiries_to) values (1, now(), now())
    on conflict (id) do update set scanned_at = excluded.scanned_at, expiries_to = excluded.expiries_to`);
  const [n] = rowsOf<{ cards: number; found: number }>(
    await tx.execute(
      sql`select (select count(*) from member_card)::int as cards, count(*)::int as found from card_anomaly`,
    ),
  );
  return n ?? { cards: 0, found: 0 };
};

/** Checks every card again (the nightly job): answers the cards checked and the findings. */
export const scanCardAnomalies = (db: Db | Tx): Promise<{ cards: number; found: number }> =>
  (db as Db).transaction((tx) => scanIn(tx));

/** A database never checked (a new one, or one loaded with the triggers off) is checked whole. */
export const ensureCardAnomalies = async (db: Db | Tx): Promise<void> => {
  const [state] = rowsOf<{ id: number }>(await db.execute(sql`select id from card_anomaly_state where id = 1`));
  if (!state) await scanCardAnomalies(db);
};
