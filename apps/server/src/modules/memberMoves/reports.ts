/** The server side of contract reports/memberMoves.ts: the migration records over this module's tables. */
import { MEM_ACCOUNT_DETAIL, MEMBER_MIGRATION_VIEW, MEMBER_SWITCH_RECORD } from '@zb/contract/reports/memberMoves';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type BoundQuery, bindReport, col } from '../../platform/report/binding';

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

const STORE = (a: string) => `${a}.name || '（' || ${a}.code || '）'`;

const moveCards: BoundQuery = {
  alias: 'mc',
  query: () =>
    sql.raw(`select x.id as "id", c.closure_no as "closureNo", m.name as "memberName", m.code as "memberCode",
      m.phone as "phone", m.name || ' ' || m.phone as "member", mv.from_store_id as "storeId",
      ${STORE('fs')} as "fromStoreName", ${STORE('ts')} as "toStoreName", k.name as "cardName", o.kind as "cardKind",
      o.card_no as "fromCardNo", n.card_no as "toCardNo", x.at as "at", x.amount as "amount", x.bonus as "bonus",
      x.sessions as "sessions", m.store_id as "homeStoreId"
    from member_move_card x
    join member_move mv on mv.id = x.move_id
    join store_closure c on c.id = mv.closure_id
    join member m on m.id = mv.member_id
    join member_card o on o.id = x.from_card_id
    join member_card n on n.id = x.to_card_id
    join card k on k.id = o.card_id
    join store fs on fs.id = mv.from_store_id
    join store ts on ts.id = mv.to_store_id`),
};

export const memAccountDetailBinding = bindReport({
  decl: MEM_ACCOUNT_DETAIL,
  from: moveCards,
  filters: { period: { instant: col('mc', 'at') } },
  id: col('mc', 'id'),
  scope: { store: col('mc', 'homeStoreId') },
});

/** A switch's before and after: stores (名称（编码）) or phones. */
const switches: BoundQuery = {
  alias: 'sw',
  query: () =>
    sql.raw(`select w.id as "id", w.at as "at", m.name as "memberName", m.code as "memberCode", m.phone as "phone",
      m.name || ' ' || m.phone as "member", w.kind as "kind", w.source as "source",
      coalesce(${STORE('fs')}, w.from_phone) as "fromName", coalesce(${STORE('ts')}, w.to_phone) as "toName",
      c.closure_no as "closureNo", u.nickname as "createdByName", m.store_id as "storeId"
    from member_switch w
    join member m on m.id = w.member_id
    left join store fs on fs.id = w.from_store_id
    left join store ts on ts.id = w.to_store_id
    left join member_move mv on mv.id = w.move_id
    left join store_closure c on c.id = mv.closure_id
    left join user_account u on u.id = w.created_by`),
};

export const memberSwitchRecordBinding = bindReport({
  decl: MEMBER_SWITCH_RECORD,
  from: switches,
  filters: { period: { instant: col('sw', 'at') } },
  id: col('sw', 'id'),
  scope: { store: col('sw', 'storeId') },
});

/** A member's closure moves (each once, with what moved) and the switches no move made. */
const migrations: BoundQuery = {
  alias: 'mg',
  query: () =>
    sql.raw(`select 'move:' || mv.id as "key", mv.member_id as "memberId", coalesce(mv.moved_at, mv.created_at) as "at",
      'closure' as "kind", c.closure_no as "closureNo", ${STORE('fs')} as "fromName", ${STORE('ts')} as "toName",
      mv.status as "status", mv.error as "error", mv.cards as "cards", mv.amount as "amount", mv.bonus as "bonus",
      mv.sessions as "sessions", m.store_id as "homeStoreId"
    from member_move mv
    join store_closure c on c.id = mv.closure_id
    join member m on m.id = mv.member_id
    join store fs on fs.id = mv.from_store_id
    join store ts on ts.id = mv.to_store_id
    union all
    select 'switch:' || w.id, w.member_id, w.at, w.kind, null, coalesce(${STORE('fs')}, w.from_phone),
      coalesce(${STORE('ts')}, w.to_phone), 'done', null, 0, 0, 0, 0, m.store_id
    from member_switch w
    join member m on m.id = w.member_id
    left join store fs on fs.id = w.from_store_id
    left join store ts on ts.id = w.to_store_id
    where w.move_id is null`),
};

export const memberMigrationView = bindReport({
  decl: MEMBER_MIGRATION_VIEW,
  from: migrations,
  id: col('mg', 'key'),
  scope: { store: col('mg', 'homeStoreId') },
  example: async (db: Db) => {
    const [row] = rowsOf<{ id: number }>(
      await db.execute(
        sql`select member_id as id from member_move group by member_id order by count(*) desc, member_id limit 1`,
      ),
    );
    return row ? { memberId: Number(row.id) } : {};
  },
});

export const MEMBER_MOVE_BINDINGS = [memAccountDetailBinding, memberSwitchRecordBinding, memberMigrationView];
