/**
 * The member ledger's invariants as SQL, each a count of the rows that break it (all zero on a
 * consistent database): what modules/members/ledger.ts keeps when it writes, checked over what
 * is stored — by the member generator's test, and by hand after a large seed.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

export const MEMBER_INVARIANTS: Record<string, string> = {
  // A 储值卡's balances are the sum of its ledger and its last row's; every row's after-values
  // are the running sum up to it.
  'stored card balance = sum of its ledger = its last row': `
    select count(*) from member_card c
      left join (select member_card_id, sum(amount) a, sum(bonus_amount) b, max(id) last
                   from card_ledger group by member_card_id) l on l.member_card_id = c.id
      left join card_ledger z on z.id = l.last
     where c.kind = 'stored' and (l.last is null or c.balance <> l.a or c.bonus_balance <> l.b
        or c.balance <> z.balance_after or c.bonus_balance <> z.bonus_after)`,
  'stored ledger rows chain their balances': `
    select count(*) from (
      select balance_after, bonus_after,
             sum(amount) over w as a, sum(bonus_amount) over w as b
        from card_ledger l join member_card c on c.id = l.member_card_id and c.kind = 'stored'
      window w as (partition by l.member_card_id order by l.id)) x
     where balance_after is distinct from a or bonus_after is distinct from b`,
  'combo card: no balances, no money in its ledger': `
    select (select count(*) from member_card where kind = 'combo' and (balance is not null or bonus_balance is not null))
         + (select count(*) from card_ledger l join member_card c on c.id = l.member_card_id
             where c.kind = 'combo' and (l.amount <> 0 or l.bonus_amount <> 0 or l.balance_after is not null
                or l.project_id is null or l.sessions is null))`,
  'combo sessions = sum of its ledger = its last row': `
    select count(*) from member_card_session s
      left join (select member_card_id, project_id, sum(sessions) n, max(id) last,
                        sum(sessions) filter (where kind = 'open') opened
                   from card_ledger where project_id is not null group by member_card_id, project_id) l
        on l.member_card_id = s.member_card_id and l.project_id = s.project_id
      left join card_ledger z on z.id = l.last
     where l.last is null or s.remaining <> l.n or s.remaining <> z.sessions_after or s.total <> l.opened`,
  // member_card keeps its sessions (left, in all) for the reports: the sums of its session rows.
  'card sessions kept on the card = its session rows': `
    select count(*) from member_card c
      left join (select member_card_id, sum(remaining) l, sum(total) t from member_card_session group by 1) s
        on s.member_card_id = c.id
     where c.sessions_left <> coalesce(s.l, 0) or c.sessions_total <> coalesce(s.t, 0)`,
  'combo ledger rows chain their sessions': `
    select count(*) from (
      select sessions_after, sum(sessions) over (partition by member_card_id, project_id order by id) n
        from card_ledger where project_id is not null) x
     where sessions_after <> n`,
  // A card brought in from another system (会员迁入) holds the projects and sessions its file gave,
  // and so do its successors: the card a closure moved it to (迁出 → 迁入 under one member_move)
  // and the card a 补卡 reissued it as (predecessor_id).
  'combo card sessions: one row per project of its card product': `
    with recursive imported(id) as (
      select member_card_id from card_ledger where ref_type = 'member_import_row'
      union
      select x.id from imported p cross join lateral (
        select i.member_card_id as id from card_ledger o
          join card_ledger i on i.ref_type = 'member_move_in' and i.ref_id = o.ref_id and i.project_id = o.project_id
         where o.member_card_id = p.id and o.ref_type = 'member_move_out'
        union
        select c.id from member_card c where c.predecessor_id = p.id) x)
    select count(*) from member_card c
      full join member_card_session s on s.member_card_id = c.id
      left join card_project p on p.card_id = c.card_id and p.project_id = s.project_id
     where ((c.kind = 'combo' and (s.member_card_id is null or p.card_id is null or p.sessions <> s.total))
        or (c.kind = 'stored' and s.member_card_id is not null) or c.id is null)
       and not exists (select 1 from imported i where i.id = c.id)`,
  'a ledger row belongs to its card member': `
    select count(*) from card_ledger l join member_card c on c.id = l.member_card_id where l.member_id <> c.member_id`,
  'open rows point at the card, at its store and time': `
    select count(*) from card_ledger l join member_card c on c.id = l.member_card_id
     where l.kind = 'open' and l.ref_type = 'member_card'
       and (l.ref_id <> c.id or l.store_id <> c.store_id or l.at <> c.opened_at)`,
  'top-up rows point at their top-up': `
    select count(*) from card_ledger l left join card_top_up t on t.id = l.ref_id
     where l.ref_type = 'card_top_up' and (t.id is null or l.kind <> 'topUp' or l.seq <> 1
        or t.member_card_id <> l.member_card_id or t.amount <> l.amount or t.bonus <> l.bonus_amount
        or t.store_id <> l.store_id or t.topped_up_at <> l.at)`,
  'every top-up has its ledger row': `
    select count(*) from card_top_up t
     where not exists (select 1 from card_ledger l where l.ref_type = 'card_top_up' and l.ref_id = t.id)`,
  'consume rows point at their bill line': `
    select count(*) from card_ledger l
      left join member_consume b on b.id = l.ref_id
      left join member_consume_line x on x.consume_id = l.ref_id and x.line = l.seq
     where l.ref_type = 'member_consume' and (b.id is null or x.id is null or l.kind <> 'consume'
        or x.member_card_id is distinct from l.member_card_id or b.member_id <> l.member_id
        or b.store_id <> l.store_id or b.consumed_at <> l.at
        or (l.project_id is null and -(l.amount + l.bonus_amount) <> x.card_amount)
        or (l.project_id is not null and (l.sessions <> -x.sessions or x.project_id <> l.project_id)))`,
  'every card line has its ledger row': `
    select count(*) from member_consume_line x
     where x.member_card_id is not null and x.item_kind in ('project', 'product') and not exists (select 1 from card_ledger l
       where l.ref_type = 'member_consume' and l.ref_id = x.consume_id and l.seq = x.line)`,
  // A 收银单's card-sale and top-up lines (issue 14) draw nothing: their ledger rows are the card's
  // open and the top-up's, written by openCard and topUp.
  'a top-up line is its top-up, of its card and bill': `
    select count(*) from member_consume_line x join member_consume b on b.id = x.consume_id
      left join card_top_up t on t.id = x.top_up_id
     where x.item_kind = 'topUp' and (t.id is null or t.member_card_id <> x.member_card_id or t.amount <> x.amount)`,
  'ledger kinds and refs agree': `
    select count(*) from card_ledger
     where (kind, ref_type) not in (('open', 'member_card'), ('open', 'marketing_real_card'),
                                    ('topUp', 'card_top_up'), ('consume', 'member_consume'),
                                    ('adjust', 'member_consume_reverse'), ('refund', 'refund'),
                                    ('adjust', 'card_handling'),
                                    ('migrateIn', 'member_import_row'), ('migrateOut', 'member_import_undo'),
                                    ('migrateIn', 'member_move_in'), ('migrateOut', 'member_move_out'),
                                    ('transferOut', 'card_reissue_out'), ('transferIn', 'card_reissue_in'),
                                    ('cancel', 'card_cancel'))`,
  // 补卡 and 注销 (memberAssets/cardClosure.ts): a card 已补卡 or 已注销 holds nothing; an executed 补卡's
  // new card names its predecessor and took in exactly what the old card gave out.
  'a closed or cancelled card holds nothing': `
    select count(*) from member_card
     where status in ('closed', 'cancelled') and (coalesce(balance, 0) <> 0 or coalesce(bonus_balance, 0) <> 0 or sessions_left <> 0)`,
  'a 补卡 moved to its new card exactly what it took off the old': `
    select count(*) from card_closure x
      left join member_card n on n.id = x.new_member_card_id
     where x.kind = 'reissue' and x.status = 'executed'
       and (n.predecessor_id is distinct from x.member_card_id
         or (select row(coalesce(sum(-amount), 0), coalesce(sum(-bonus_amount), 0), coalesce(sum(-sessions), 0)) from card_ledger
              where ref_type = 'card_reissue_out' and ref_id = x.id and member_card_id = x.member_card_id)
         <> (select row(coalesce(sum(amount), 0), coalesce(sum(bonus_amount), 0), coalesce(sum(sessions), 0)) from card_ledger
              where ref_type = 'card_reissue_in' and ref_id = x.id and member_card_id = n.id))`,
  'a bill equals its lines, paid by card and otherwise': `
    select count(*) from member_consume b
      left join (select consume_id, sum(amount) t, sum(card_amount) c, count(*) n, max(line) m
                   from member_consume_line group by consume_id) x on x.consume_id = b.id
     where x.n is null or b.total <> x.t or b.paid_by_card <> x.c or b.total <> b.paid_by_card + b.paid_other
        or x.m <> x.n`,
  'a line: amount = quantity × price, the card pays at most that, only the member cards': `
    select count(*) from member_consume_line x join member_consume b on b.id = x.consume_id
      left join member_card c on c.id = x.member_card_id
     where x.amount <> x.quantity * x.unit_price or x.card_amount > x.amount
        or (x.member_card_id is null and (x.card_amount <> 0 or x.sessions is not null))
        or (x.member_card_id is not null and c.member_id <> b.member_id)`,
  // 迁出/迁入 (a closure, an import), 补卡 and 注销 move a card's value whatever its dates: an expired
  // card's remainder is still the member's, and a closure or an import brings it along.
  'a card draws only while valid, after it opened': `
    select count(*) from card_ledger l join member_card c on c.id = l.member_card_id
     where l.kind not in ('open', 'migrateOut', 'migrateIn', 'transferOut', 'transferIn', 'cancel')
       and (l.at < c.opened_at or l.at >= c.expires_at)`,
  'a card ledger follows time': `
    select count(*) from (select at, lag(at) over (partition by member_card_id order by id) prev from card_ledger) x
     where at < prev`,
};

/** Each invariant and how many rows break it (these, or seed/billChecks.ts's). */
export const invariantViolations = async (
  db: Db | Tx,
  invariants: Record<string, string>,
): Promise<Record<string, number>> => {
  const out: Record<string, number> = {};
  for (const [name, query] of Object.entries(invariants)) {
    const res = (await db.execute(sql.raw(`select (${query}) as n`))) as unknown as
      | { rows: { n: string | number }[] }
      | { n: string | number }[];
    const rows = Array.isArray(res) ? res : res.rows;
    out[name] = Number(rows[0]?.n ?? -1);
  }
  return out;
};

export const memberInvariantViolations = (db: Db | Tx) => invariantViolations(db, MEMBER_INVARIANTS);
