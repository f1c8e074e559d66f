/** The bindings of /moveInList and /moveInDetailList (contract reports/memberImport.ts). */
import { MEMBER_IMPORT_ROWS, MEMBER_IMPORTS } from '@zb/contract/reports/memberImport';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type BoundQuery, bindReport, col } from '../../platform/report/binding';
import { importInScope } from './service';

/** The imports, each seen when its rows' stores lie in the caller's scope (service importInScope). */
const imports: BoundQuery = {
  alias: 'q',
  query: ({ scope }) => {
    const inScope = importInScope(scope, sql`i.id`);
    return sql`select i.id as "id", i.batch_no as "batchNo", i.file_name as "fileName", i.state as "state",
        u.nickname as "createdByName", i.created_at as "createdAt", i.finished_at as "finishedAt", i.failure as "failure",
        i.total_rows as "totalRows", i.error_rows as "errorRows", i.skipped_rows as "skippedRows",
        i.ready_rows as "readyRows", i.created_rows as "createdRows", i.processed_rows as "processedRows",
        i.new_members as "newMembers", i.cards as "cards", i.principal as "principal", i.bonus as "bonus",
        i.sessions as "sessions"
      from member_import i left join user_account u on u.id = i.created_by
      ${inScope ? sql`where ${inScope}` : sql``}`;
  },
};

export const memberImportsBinding = bindReport({
  decl: MEMBER_IMPORTS,
  from: imports,
  filters: { createdAt: { instant: col('q', 'createdAt') }, state: col('q', 'state'), fileName: col('q', 'fileName') },
  id: col('q', 'id'),
  scope: { store: sql`null`, inQuery: true },
});

/** The rows of an import, with the member and card each created. */
const rows: BoundQuery = {
  alias: 'r',
  query: () => sql`select x.id as "id", x.import_id as "importId", x.store_id as "storeId", x.row_no as "rowNo",
      x.outcome as "outcome", x.message as "message", x.name as "name", x.phone as "phone", s.name as "storeName",
      c.name as "cardName", x.card_no as "cardNo", m.code as "memberCode", mc.card_no as "memberCardNo",
      x.principal as "principal", x.bonus as "bonus",
      coalesce((select sum((e->>'sessions')::int) from jsonb_array_elements(x.sessions) e), 0)::int as "sessions"
    from member_import_row x
    left join store s on s.id = x.store_id
    left join card c on c.id = x.card_id
    left join member m on m.id = x.member_id
    left join member_card mc on mc.id = x.member_card_id`,
};

export const memberImportRowsBinding = bindReport({
  decl: MEMBER_IMPORT_ROWS,
  from: rows,
  filters: {
    importId: col('r', 'importId'),
    outcome: col('r', 'outcome'),
    phone: col('r', 'phone'),
    cardNo: col('r', 'cardNo'),
  },
  // The import with the most rows outside 华东大区 (the conformance test's region user sees fewer).
  example: async (db: Db) => {
    const r = await db.execute(sql`select import_id as id from member_import_row group by import_id
      order by count(*) desc, import_id limit 1`);
    const row = ((r as { rows?: { id: number }[] }).rows ?? (r as unknown as { id: number }[]))[0];
    return row ? { importId: row.id } : {};
  },
  id: col('r', 'id'),
  scope: { store: col('r', 'storeId') },
});

export const memberImportReportBindings = [memberImportsBinding, memberImportRowsBinding];
