/**
 * 会员迁入 (contract entities/memberImport.ts): the upload (every row checked, the import and its
 * rows kept: the dry run, nothing else written), the error report, the import job and its undo.
 *
 * The job writes each batch of ready rows in one transaction: the members new to the chain, the
 * cards (inserted empty: 本金 0, 赠金 0, or each project's sessions at 0 left), then the card
 * ledger's 迁入 rows (migrateIn) through `writeLedgerEntries`, which bring each card to the file's
 * balance or sessions and keep the rollups, and the rows marked created. Not `openCard`: a card
 * brought from another system is no sale — 开卡 would count it in 开卡 figures and paid amounts,
 * and give it the product's own amount or sessions, not what the member has left; 迁入 is the
 * ledger's kind for value that arrives from elsewhere (其他 in 期初 + 开卡/充值 − 消费 ± 其他 = 期末).
 */
import { createHash } from 'node:crypto';
import {
  MEMBER_IMPORT_BATCH_ROWS,
  MEMBER_IMPORT_COLUMNS,
  MEMBER_IMPORT_ERROR_TITLE,
  MEMBER_IMPORT_ERRORS_SHOWN,
  MEMBER_IMPORT_LEASE_SECONDS,
  MEMBER_IMPORT_MAX_KB,
  MEMBER_IMPORT_MAX_RESUMES,
  MEMBER_IMPORT_REF,
  MEMBER_IMPORT_UNDO_REF,
  type MemberImportChecked,
  type MemberImportHeader,
  type MemberImportRaw,
  type MemberImportRowDetail,
  type MemberImportState,
} from '@zb/contract/entities/memberImport';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { newInstanceId } from '../../platform/instance';
import { type DataScope, storeScopeFilter } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { card, project } from '../goods/schema';
import { type CardEntry, writeLedgerEntries } from '../members/ledger';
import { freezeMigrated, insertMigratedCards, reviveMigratedMembers } from '../members/migratedCards';
import { member, memberCard, memberCardSession } from '../members/schema';
import { createMembers } from '../members/service';
import { store } from '../stores/schema';
import { readUpload } from '../storesMore/barcodeImport';
import { type CheckedRow, checkRows, fileProblem, readSheetRows } from './check';
import { memberImport, memberImportRow } from './schema';

const INSERT_CHUNK = 1000;
/** Ledger entries per writeLedgerEntries call (its statements stay far below 65,535 parameters). */
const ENTRIES_PER_CALL = 1500;

/** Who acts: the signed-in caller, or the demo seed as an administrator. */
export interface Caller {
  user: { id: number };
  scope: DataScope;
}

const notFound = () => new BizError(ERR.RECORD_NOT_FOUND, '迁入批次不存在或不在您的数据范围内');
const stateRefused = (msg: string) => new BizError(ERR.MEMBER_IMPORT_STATE, msg);

// ── The upload ───────────────────────────────────────────────────────────────

/** Checks a file's rows and keeps them as a new import in state 待导入; writes nothing else. */
export const createImport = async (
  db: Db,
  auth: Caller,
  file: { name: string; data: Buffer },
): Promise<MemberImportChecked> => {
  if (file.data.length === 0) throw new BizError(ERR.PARAM_INVALID, '上传的文件是空的');
  if (!(file.data[0] === 0x50 && file.data[1] === 0x4b)) {
    throw fileProblem('只能导入 Excel 文件（.xlsx），请使用下载的模板');
  }
  const sheet = await readSheetRows(file.data);
  const fileHash = createHash('sha256').update(file.data).digest('hex');
  const id = await db.transaction(async (tx) => {
    const { rows, summary } = await checkRows(tx, auth.scope, sheet);
    const [created] = await tx
      .insert(memberImport)
      .values({ fileName: file.name, fileHash, createdBy: auth.user.id, ...summary })
      .returning({ id: memberImport.id, batchNo: memberImport.batchNo });
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await tx.insert(memberImportRow).values(rows.slice(i, i + INSERT_CHUNK).map((r) => rowValues(created!.id, r)));
    }
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'memberImport.create',
      target: `member_import:${created!.id}`,
      after: { batchNo: created!.batchNo, file: file.name, ...summary },
    });
    return created!.id;
  });
  const errors = await db
    .select({ row: memberImportRow.rowNo, message: memberImportRow.message })
    .from(memberImportRow)
    .where(and(eq(memberImportRow.importId, id), eq(memberImportRow.outcome, 'error')))
    .orderBy(asc(memberImportRow.rowNo))
    .limit(MEMBER_IMPORT_ERRORS_SHOWN);
  return {
    header: await importHeader(db, auth.scope, id),
    errors: errors.map((e) => ({ row: e.row, message: e.message ?? '' })),
  };
};

const rowValues = (importId: number, r: CheckedRow): typeof memberImportRow.$inferInsert => ({
  importId,
  rowNo: r.row,
  raw: r.raw,
  outcome: r.outcome,
  message: r.message,
  name: r.name,
  phone: r.phone,
  storeId: r.storeId,
  levelId: r.levelId,
  cardId: r.cardId,
  cardNo: r.cardNo,
  principal: r.principal,
  bonus: r.bonus,
  sessions: r.sessions,
  openedAt: r.openedAt,
  expiresAt: r.expiresAt,
  memberId: r.existingMemberId,
});

export const uploadImport = async (db: Db, auth: Auth, req: FastifyRequest): Promise<MemberImportChecked> =>
  createImport(db, auth, await readUpload(req, MEMBER_IMPORT_MAX_KB));

// ── Reading an import ────────────────────────────────────────────────────────

/** An import is the caller's when its rows' stores all lie in their data scope (and one at least). */
export const importInScope = (scope: DataScope, importId: SQL | number): SQL | undefined => {
  const inScope = storeScopeFilter(scope, memberImportRow.storeId);
  if (!inScope) return undefined;
  return sql`exists (select 1 from ${memberImportRow} where ${memberImportRow.importId} = ${importId} and ${inScope})
    and not exists (select 1 from ${memberImportRow} where ${memberImportRow.importId} = ${importId}
      and ${memberImportRow.storeId} is not null and not (${inScope}))`;
};

export const importHeader = async (db: Db | Tx, scope: DataScope, id: number): Promise<MemberImportHeader> => {
  const [row] = await db
    .select({
      i: memberImport,
      createdByName: userAccount.nickname,
      sameFileAs: sql<string | null>`(select o.batch_no from member_import o where o.file_hash = member_import.file_hash
        and o.id <> member_import.id and o.state in ('running', 'done', 'failed') order by o.id limit 1)`,
    })
    .from(memberImport)
    .leftJoin(userAccount, eq(userAccount.id, memberImport.createdBy))
    .where(and(eq(memberImport.id, id), importInScope(scope, id)));
  if (!row) throw notFound();
  const { i } = row;
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: i.id,
    batchNo: i.batchNo,
    fileName: i.fileName,
    state: i.state as MemberImportState,
    totalRows: i.totalRows,
    errorRows: i.errorRows,
    readyRows: i.readyRows,
    skippedRows: i.skippedRows,
    newMembers: i.newMembers,
    existingMembers: i.existingMembers,
    cards: i.cards,
    principal: i.principal,
    bonus: i.bonus,
    sessions: i.sessions,
    processedRows: i.processedRows,
    createdRows: i.createdRows,
    failure: i.failure,
    createdByName: row.createdByName,
    createdAt: i.createdAt.toISOString(),
    startedAt: iso(i.startedAt),
    finishedAt: iso(i.finishedAt),
    rolledBackAt: iso(i.rolledBackAt),
    sameFileAs: row.sameFileAs,
  };
};

/** The wrong rows as an .xlsx: 行号, the file's columns as written, and 错误原因. */
export const errorReport = async (db: Db, scope: DataScope, id: number): Promise<{ name: string; data: Buffer }> => {
  const header = await importHeader(db, scope, id);
  const rows = await db
    .select({ rowNo: memberImportRow.rowNo, raw: memberImportRow.raw, message: memberImportRow.message })
    .from(memberImportRow)
    .where(and(eq(memberImportRow.importId, id), eq(memberImportRow.outcome, 'error')))
    .orderBy(asc(memberImportRow.rowNo));
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('错误报告');
  sheet.columns = [
    { header: '行号', key: 'rowNo', width: 8 },
    ...MEMBER_IMPORT_COLUMNS.map((c) => ({ header: c.title, key: c.key, width: 16, style: { numFmt: '@' } })),
    { header: MEMBER_IMPORT_ERROR_TITLE, key: 'message', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow({ rowNo: r.rowNo, ...(r.raw as MemberImportRaw), message: r.message });
  return { name: `会员迁入错误报告-${header.batchNo}.xlsx`, data: Buffer.from(await wb.xlsx.writeBuffer()) };
};

/** The template: the header row, one example of each card kind, and a sheet that explains the columns. */
export const importTemplate = async (): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('会员迁入');
  sheet.columns = MEMBER_IMPORT_COLUMNS.map((c) => ({
    header: c.title,
    key: c.key,
    width: 18,
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  const help = wb.addWorksheet('填写说明');
  help.columns = [{ width: 18 }, { width: 80 }];
  help.addRows([
    ['列', '说明'],
    ...MEMBER_IMPORT_COLUMNS.map((c) => [c.title, c.help]),
    ['注意', '一行一张卡；同一会员有多张卡时每张卡一行，姓名、手机号、门店须相同。只填会员、不填卡的行只建会员。'],
    ['注意', '有误的行不会导入，可下载错误报告修改后重新上传；已导入的原卡号再次上传时自动跳过。'],
  ]);
  help.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
};

// ── The job ──────────────────────────────────────────────────────────────────

/** This process's name as a lease holder (a restart is another holder). */
export const IMPORT_HOLDER = newInstanceId();

const running = new Map<number, Promise<void>>();

/** Resolves when the import's job (if this process runs one) has ended: for tests and the seed. */
export const importFinished = (id: number): Promise<void> => running.get(id) ?? Promise.resolve();

const leaseEnd = sql`now() + make_interval(secs => ${MEMBER_IMPORT_LEASE_SECONDS})`;

/** How a run goes: who holds its lease, and (the app's close) when to stop after the batch in hand. */
export interface RunOptions {
  holder?: string;
  signal?: AbortSignal;
}

/** Runs the import in the background of this process (one run per import at a time). */
const launch = (db: Db, id: number, userId: number | null, opts: RunOptions): Promise<void> => {
  // A run whose last write failed (the database gone at a stop) keeps its lease until it passes.
  const job = runImport(db, id, userId, opts)
    .catch(() => undefined)
    .finally(() => running.delete(id));
  running.set(id, job);
  return job;
};

/** 开始导入: 待导入 (or a failed run, to go on) → 导入中 under this process's lease, and the job started. */
export const startImport = async (
  db: Db,
  auth: Caller,
  id: number,
  opts: RunOptions = {},
): Promise<MemberImportHeader> => {
  const header = await importHeader(db, auth.scope, id);
  if (header.readyRows === 0) throw stateRefused('该文件没有可导入的行');
  const [moved] = await db
    .update(memberImport)
    .set({
      state: 'running',
      startedAt: sql`coalesce(${memberImport.startedAt}, now())`,
      startedBy: auth.user.id,
      failure: null,
      finishedAt: null,
      leaseHolder: opts.holder ?? IMPORT_HOLDER,
      leaseUntil: leaseEnd,
      resumes: 0,
    })
    .where(and(eq(memberImport.id, id), inArray(memberImport.state, ['checked', 'failed'])))
    .returning({ id: memberImport.id });
  if (!moved) throw stateRefused(`迁入批次 ${header.batchNo} ${stateLabel(header.state)}，不能再次导入`);
  await recordOperation(db, {
    userId: auth.user.id,
    action: 'memberImport.import',
    target: `member_import:${id}`,
    after: { batchNo: header.batchNo },
  });
  void launch(db, id, auth.user.id, opts);
  return importHeader(db, auth.scope, id);
};

const stateLabel = (state: MemberImportState) =>
  ({ checked: '尚未导入', running: '正在导入', done: '已导入', failed: '导入失败', rolledBack: '已撤销' })[state];

/** The lease is the holder's and the run still running: the filter of every write the run makes. */
const held = (id: number, holder: string) =>
  and(eq(memberImport.id, id), eq(memberImport.state, 'running'), eq(memberImport.leaseHolder, holder));

/**
 * Runs the batches until no ready row is left, renewing the lease with each; a batch that fails
 * stops the job (state 导入失败 with the reason). A run whose lease another process took, or that
 * the app's close stopped, ends without a word: the lease's holder (or the next start) goes on.
 */
export const runImport = async (db: Db, id: number, userId: number | null, opts: RunOptions = {}): Promise<void> => {
  const holder = opts.holder ?? IMPORT_HOLDER;
  try {
    for (;;) {
      if (opts.signal?.aborted) {
        // Stopped by the app's close: the lease let go, so the next start resumes at once.
        await db.update(memberImport).set({ leaseUntil: sql`now()` }).where(held(id, holder));
        return;
      }
      const n = await importBatch(db, id, userId, holder);
      if (n === null) return;
      if (n === 0) break;
    }
    await db
      .update(memberImport)
      .set({ state: 'done', finishedAt: sql`now()`, leaseHolder: null, leaseUntil: null })
      .where(held(id, holder));
  } catch (err) {
    const message = err instanceof BizError ? err.message : '导入中断，请稍后点击继续导入';
    await db
      .update(memberImport)
      .set({ state: 'failed', failure: message, finishedAt: sql`now()`, leaseHolder: null, leaseUntil: null })
      .where(held(id, holder));
  }
};

/**
 * Imports whose run was lost (their process stopped: the lease has passed, or a run from before
 * leases had none): each is taken under `holder`'s lease and resumed from its last committed batch
 * (the rows still 待导入); one lost more than MEMBER_IMPORT_MAX_RESUMES times is marked 导入失败
 * with the reason instead. A live lease is never taken. Answers the imports resumed and failed.
 */
export const resumeLostImports = async (
  db: Db,
  opts: RunOptions = {},
): Promise<{ resumed: number[]; failed: number[] }> => {
  const holder = opts.holder ?? IMPORT_HOLDER;
  const lost = and(
    eq(memberImport.state, 'running'),
    or(isNull(memberImport.leaseUntil), lt(memberImport.leaseUntil, sql`now()`)),
  );
  const failed = await db
    .update(memberImport)
    .set({
      state: 'failed',
      failure: sql`'导入中断：服务多次重启仍未完成（已处理 ' || ${memberImport.processedRows} || '/' || ${memberImport.readyRows}
        || ' 行，已导入的不会重复），请点击继续导入'`,
      finishedAt: sql`now()`,
      leaseHolder: null,
      leaseUntil: null,
    })
    .where(and(lost, gte(memberImport.resumes, MEMBER_IMPORT_MAX_RESUMES)))
    .returning({ id: memberImport.id, batchNo: memberImport.batchNo, processedRows: memberImport.processedRows });
  const taken = await db
    .update(memberImport)
    .set({ leaseHolder: holder, leaseUntil: leaseEnd, resumes: sql`${memberImport.resumes} + 1` })
    .where(and(lost, lt(memberImport.resumes, MEMBER_IMPORT_MAX_RESUMES)))
    .returning({
      id: memberImport.id,
      batchNo: memberImport.batchNo,
      processedRows: memberImport.processedRows,
      resumes: memberImport.resumes,
      userId: memberImport.startedBy,
    });
  const log = (action: 'memberImport.resume' | 'memberImport.giveUp', r: (typeof failed)[number], resumes?: number) =>
    recordOperation(db, {
      userId: null,
      action,
      target: `member_import:${r.id}`,
      after: { batchNo: r.batchNo, processedRows: r.processedRows, resumes },
    });
  for (const r of failed) await log('memberImport.giveUp', r);
  for (const r of taken) await log('memberImport.resume', r, r.resumes);
  for (const r of taken) void launch(db, r.id, r.userId, { ...opts, holder });
  return { resumed: taken.map((r) => r.id), failed: failed.map((f) => f.id) };
};

type ReadyRow = typeof memberImportRow.$inferSelect;

/** Splits rows in groups of one store, each at most `size` long, in their order. */
const storeGroups = <T extends { storeId: number | null }>(rows: readonly T[], size: (r: T) => number): T[][] => {
  const out: T[][] = [];
  let cur: T[] = [];
  let n = 0;
  for (const r of rows) {
    if (cur.length && (cur[0]!.storeId !== r.storeId || n + size(r) > ENTRIES_PER_CALL)) {
      out.push(cur);
      cur = [];
      n = 0;
    }
    cur.push(r);
    n += size(r);
  }
  if (cur.length) out.push(cur);
  return out;
};

/**
 * One batch in one transaction, under the holder's lease (renewed first: the import's row stays
 * locked until the batch commits, so no other process takes the lease mid-batch). Answers the
 * rows dealt with (0 when none was left), or null when the lease is not the holder's any more.
 */
export const importBatch = async (
  db: Db,
  id: number,
  userId: number | null,
  holder: string,
  size = MEMBER_IMPORT_BATCH_ROWS,
): Promise<number | null> =>
  db.transaction(async (tx) => {
    const [imp] = await tx
      .update(memberImport)
      .set({ leaseUntil: leaseEnd })
      .where(held(id, holder))
      .returning({ batchNo: memberImport.batchNo });
    if (!imp) return null;
    const rows: ReadyRow[] = await tx
      .select()
      .from(memberImportRow)
      .where(and(eq(memberImportRow.importId, id), eq(memberImportRow.outcome, 'ready')))
      .orderBy(asc(memberImportRow.storeId), asc(memberImportRow.id))
      .limit(size)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return 0;
    const outcome = new Map<number, { outcome: string; message: string | null }>();
    const refuse = (r: ReadyRow, o: 'error' | 'skipped', message: string) => outcome.set(r.id, { outcome: o, message });

    // What changed since the check: members registered meanwhile, card numbers imported meanwhile.
    const phones = [...new Set(rows.map((r) => r.phone!))];
    const found = await tx
      .select({ id: member.id, name: member.name, phone: member.phone, status: member.status, code: member.code })
      .from(member)
      .where(inArray(member.phone, phones));
    const byPhone = new Map(found.map((m) => [m.phone, m]));
    const cardNos = rows.map((r) => r.cardNo).filter((c): c is string => !!c);
    const taken = cardNos.length
      ? await tx
          .select({ cardNo: memberImportRow.cardNo, phone: memberImportRow.phone, batchNo: memberImport.batchNo })
          .from(memberImportRow)
          .innerJoin(memberImport, eq(memberImport.id, memberImportRow.importId))
          .where(and(inArray(memberImportRow.cardNo, cardNos), eq(memberImportRow.outcome, 'created')))
      : [];
    const takenBy = new Map(taken.map((t) => [t.cardNo!, t]));
    // Members this import created in an earlier batch: a later row of theirs is theirs as if in one
    // batch (not 已存在), so where the batches fall — a run resumed after a restart — changes nothing.
    const ours = new Set(
      (
        await tx
          .selectDistinct({ phone: memberImportRow.phone })
          .from(memberImportRow)
          .where(
            and(
              eq(memberImportRow.importId, id),
              eq(memberImportRow.outcome, 'created'),
              eq(memberImportRow.memberCreated, true),
              inArray(memberImportRow.phone, phones),
            ),
          )
      ).map((r) => r.phone!),
    );
    // Members frozen by the undo of an earlier import of them come back to life when imported again.
    const frozen = found.filter((m) => m.status !== 'normal').map((m) => m.id);
    const revivable = new Set(
      frozen.length
        ? (
            await tx
              .selectDistinct({ id: memberImportRow.memberId })
              .from(memberImportRow)
              .where(
                and(
                  inArray(memberImportRow.memberId, frozen),
                  eq(memberImportRow.memberCreated, true),
                  eq(memberImportRow.outcome, 'rolledBack'),
                ),
              )
          ).map((x) => x.id)
        : [],
    );
    const revive = new Set<number>();
    for (const r of rows) {
      const m = byPhone.get(r.phone!);
      const t = r.cardNo ? takenBy.get(r.cardNo) : undefined;
      if (m && m.name !== r.name) refuse(r, 'error', `手机号已是会员「${m.name}」（${m.code}），姓名不一致`);
      else if (t && t.phone !== r.phone) refuse(r, 'error', `原卡号已由迁入批次 ${t.batchNo} 导入给其他会员`);
      else if (t) refuse(r, 'skipped', `原卡号已由迁入批次 ${t.batchNo} 导入，跳过`);
      else if (m && !r.cardId && !ours.has(r.phone!)) refuse(r, 'skipped', '会员已存在，本行没有会员卡可导入，跳过');
      else if (m && m.status !== 'normal' && !revivable.has(m.id)) {
        refuse(r, 'error', `会员「${m.name}」（${m.code}）已冻结，不能迁入会员卡`);
      } else if (m && m.status !== 'normal') revive.add(m.id);
    }
    const good = rows.filter((r) => !outcome.has(r.id));

    // The members new to the chain: one per phone, at the first row's store and level.
    const memberOf = new Map<string, number>([...byPhone].map(([p, m]) => [p, m.id]));
    const fresh = [...new Map(good.filter((r) => !byPhone.has(r.phone!)).map((r) => [r.phone!, r])).values()];
    const created = new Set<string>();
    if (fresh.length) {
      const ids = await createMembers(
        tx,
        fresh.map((r) => ({
          name: r.name!,
          phone: r.phone!,
          storeId: r.storeId!,
          levelId: r.levelId,
          remark: `会员迁入 ${imp.batchNo}`,
          userId,
        })),
      );
      for (const [i, r] of fresh.entries()) {
        memberOf.set(r.phone!, ids[i]!.id);
        created.add(r.phone!);
      }
    }
    await reviveMigratedMembers(tx, [...revive]);

    // The cards, empty; the ledger's 迁入 rows fill them.
    const withCard = good.filter((r) => r.cardId !== null);
    const kinds = new Map(
      withCard.length
        ? (
            await tx
              .select({ id: card.id, kind: card.kind })
              .from(card)
              .where(inArray(card.id, [...new Set(withCard.map((r) => r.cardId!))]))
          ).map((c) => [c.id, c.kind])
        : [],
    );
    const cardOf = new Map<number, number>();
    const cardIds = await insertMigratedCards(
      tx,
      withCard.map((r) => ({
        memberId: memberOf.get(r.phone!)!,
        cardId: r.cardId!,
        kind: kinds.get(r.cardId!) === 'stored' ? 'stored' : 'combo',
        storeId: r.storeId!,
        openedAt: r.openedAt!,
        expiresAt: r.expiresAt!,
        userId,
        sessions: (r.sessions as { projectId: number; sessions: number }[]).map((x) => ({
          projectId: x.projectId,
          total: x.sessions,
        })),
      })),
    );
    for (const [i, r] of withCard.entries()) cardOf.set(r.id, cardIds[i]!);
    const entriesOf = (r: ReadyRow): CardEntry[] => {
      const memberCardId = cardOf.get(r.id)!;
      if (kinds.get(r.cardId!) === 'stored') {
        return r.principal || r.bonus ? [{ memberCardId, amount: r.principal, bonus: r.bonus }] : [];
      }
      return (r.sessions as { projectId: number; sessions: number }[]).map((s) => ({
        memberCardId,
        projectId: s.projectId,
        sessions: s.sessions,
      }));
    };
    const at = new Date();
    for (const group of storeGroups(withCard, (r) => entriesOf(r).length)) {
      const entries = group.flatMap(entriesOf);
      if (entries.length === 0) continue;
      await writeLedgerEntries(tx, 'migrateIn', {
        refType: MEMBER_IMPORT_REF,
        refId: group[0]!.id,
        storeId: group[0]!.storeId!,
        at,
        userId,
        reason: `会员迁入 ${imp.batchNo}`,
        entries,
      });
    }

    // The rows' outcomes, in one statement.
    const values = rows.map((r) => {
      const o = outcome.get(r.id);
      const mid = o ? (r.memberId ?? null) : (memberOf.get(r.phone!) ?? null);
      return sql`(${r.id}::int, ${o?.outcome ?? 'created'}::text, ${o?.message ?? null}::text, ${mid}::int,
        ${!o && (created.has(r.phone!) || ours.has(r.phone!))}::boolean, ${cardOf.get(r.id) ?? null}::int)`;
    });
    await tx.execute(sql`update ${memberImportRow} set outcome = v.outcome, message = v.message, member_id = v.member_id,
        member_created = v.created, member_card_id = v.card_id
      from (values ${sql.join(values, sql`, `)}) as v(id, outcome, message, member_id, created, card_id)
      where ${memberImportRow.id} = v.id`);
    const n = (o: string) => [...outcome.values()].filter((x) => x.outcome === o).length;
    await tx
      .update(memberImport)
      .set({
        processedRows: sql`${memberImport.processedRows} + ${rows.length}`,
        createdRows: sql`${memberImport.createdRows} + ${good.length}`,
        errorRows: sql`${memberImport.errorRows} + ${n('error')}`,
        skippedRows: sql`${memberImport.skippedRows} + ${n('skipped')}`,
      })
      .where(eq(memberImport.id, id));
    return rows.length;
  });

// ── The undo ─────────────────────────────────────────────────────────────────

/**
 * 撤销: while nothing but the import itself has moved its cards and its new members did nothing
 * since, 迁出 rows (migrateOut) bring every card it created to zero, the cards and the members it
 * created are frozen (kept: the ledger names them), and its rows marked 已撤销 — in one transaction.
 */
export const rollbackImport = async (db: Db, auth: Caller, id: number): Promise<MemberImportHeader> => {
  const header = await importHeader(db, auth.scope, id);
  await db.transaction(async (tx) => {
    const [imp] = await tx
      .select({ state: memberImport.state, batchNo: memberImport.batchNo })
      .from(memberImport)
      .where(eq(memberImport.id, id))
      .for('update');
    if (imp?.state !== 'done' && imp?.state !== 'failed') {
      throw stateRefused(
        `迁入批次 ${header.batchNo} ${stateLabel((imp?.state ?? header.state) as MemberImportState)}，不能撤销`,
      );
    }
    const mine = sql`(select ${memberImportRow.memberCardId} from ${memberImportRow}
      where ${memberImportRow.importId} = ${id} and ${memberImportRow.outcome} = 'created' and ${memberImportRow.memberCardId} is not null)`;
    const newMembers = sql`(select ${memberImportRow.memberId} from ${memberImportRow}
      where ${memberImportRow.importId} = ${id} and ${memberImportRow.outcome} = 'created' and ${memberImportRow.memberCreated})`;
    // Lock the cards first: a draw waits for the undo, or the undo sees it.
    const cards = await tx
      .select({ id: memberCard.id, storeId: memberCard.storeId, kind: memberCard.kind })
      .from(memberCard)
      .where(sql`${memberCard.id} in ${mine}`)
      .orderBy(asc(memberCard.id))
      .for('update');
    const drawn = await tx.execute<{ card_no: string; name: string }>(sql`select mc.card_no, m.name
      from card_ledger l join member_card mc on mc.id = l.member_card_id join member m on m.id = mc.member_id
      where l.member_card_id in ${mine} and l.ref_type <> ${MEMBER_IMPORT_REF} limit 1`);
    const d = rowsOf<{ card_no: string; name: string }>(drawn)[0];
    if (d) {
      throw new BizError(
        ERR.MEMBER_IMPORT_DRAWN,
        `会员「${d.name}」的会员卡 ${d.card_no} 迁入后已有消费或其他变动，迁入批次 ${imp.batchNo} 不能撤销`,
      );
    }
    const busy = await tx.execute<{ name: string }>(sql`select m.name from member m where m.id in ${newMembers}
      and (exists (select 1 from member_consume c where c.member_id = m.id)
        or exists (select 1 from member_card mc where mc.member_id = m.id and mc.id not in ${mine})) limit 1`);
    const b = rowsOf<{ name: string }>(busy)[0];
    if (b) {
      throw new BizError(
        ERR.MEMBER_IMPORT_DRAWN,
        `迁入的会员「${b.name}」已在本系统开卡或消费，迁入批次 ${imp.batchNo} 不能撤销`,
      );
    }
    const ids = cards.map((c) => c.id);
    const balances = new Map<number, { balance: number | null; bonus: number | null }>();
    const sessions = new Map<number, { projectId: number; remaining: number }[]>();
    for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
      const part = ids.slice(i, i + INSERT_CHUNK);
      for (const c of await tx
        .select({ id: memberCard.id, balance: memberCard.balance, bonus: memberCard.bonusBalance })
        .from(memberCard)
        .where(inArray(memberCard.id, part))) {
        balances.set(c.id, c);
      }
      for (const s of await tx
        .select({
          id: memberCardSession.memberCardId,
          projectId: memberCardSession.projectId,
          remaining: memberCardSession.remaining,
        })
        .from(memberCardSession)
        .where(inArray(memberCardSession.memberCardId, part))) {
        sessions.set(s.id, [...(sessions.get(s.id) ?? []), s]);
      }
    }
    const entriesOf = (c: (typeof cards)[number]): CardEntry[] => {
      if (c.kind === 'stored') {
        const v = balances.get(c.id)!;
        return v.balance || v.bonus ? [{ memberCardId: c.id, amount: -(v.balance ?? 0), bonus: -(v.bonus ?? 0) }] : [];
      }
      return (sessions.get(c.id) ?? [])
        .filter((s) => s.remaining > 0)
        .map((s) => ({ memberCardId: c.id, projectId: s.projectId, sessions: -s.remaining }));
    };
    const byStore = [...cards].sort((a, b) => a.storeId - b.storeId || a.id - b.id);
    const at = new Date();
    for (const group of storeGroups(byStore, (c) => entriesOf(c).length)) {
      const entries = group.flatMap(entriesOf);
      if (entries.length === 0) continue;
      await writeLedgerEntries(tx, 'migrateOut', {
        refType: MEMBER_IMPORT_UNDO_REF,
        refId: group[0]!.id,
        storeId: group[0]!.storeId,
        at,
        userId: auth.user.id,
        reason: `撤销会员迁入 ${imp.batchNo}`,
        entries,
      });
    }
    await freezeMigrated(tx, mine, newMembers);
    await tx
      .update(memberImportRow)
      .set({ outcome: 'rolledBack' })
      .where(and(eq(memberImportRow.importId, id), eq(memberImportRow.outcome, 'created')));
    await tx
      .update(memberImport)
      .set({ state: 'rolledBack', rolledBackAt: sql`now()`, rolledBackBy: auth.user.id })
      .where(eq(memberImport.id, id));
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'memberImport.rollback',
      target: `member_import:${id}`,
      after: { batchNo: imp.batchNo, cards: ids.length },
    });
  });
  return importHeader(db, auth.scope, id);
};

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

// ── One row ──────────────────────────────────────────────────────────────────

export const importRowDetail = async (db: Db, scope: DataScope, id: number): Promise<MemberImportRowDetail> => {
  const [r] = await db
    .select({
      row: memberImportRow,
      batchNo: memberImport.batchNo,
      storeName: store.name,
      cardName: card.name,
      cardKind: card.kind,
    })
    .from(memberImportRow)
    .innerJoin(memberImport, eq(memberImport.id, memberImportRow.importId))
    .leftJoin(store, eq(store.id, memberImportRow.storeId))
    .leftJoin(card, eq(card.id, memberImportRow.cardId))
    .where(and(eq(memberImportRow.id, id), storeScopeFilter(scope, memberImportRow.storeId)));
  if (!r) throw new BizError(ERR.RECORD_NOT_FOUND, '迁入明细不存在或不在您的数据范围内');
  const row = r.row;
  const given = row.sessions as { projectId: number; sessions: number }[];
  const names = given.length
    ? new Map(
        (
          await db
            .select({ id: project.id, name: project.name })
            .from(project)
            .where(
              inArray(
                project.id,
                given.map((s) => s.projectId),
              ),
            )
        ).map((p) => [p.id, p.name]),
      )
    : new Map<number, string>();
  const [m] = row.memberId
    ? await db
        .select({ id: member.id, code: member.code, name: member.name })
        .from(member)
        .where(eq(member.id, row.memberId))
    : [];
  const [c] = row.memberCardId
    ? await db
        .select({
          id: memberCard.id,
          cardNo: memberCard.cardNo,
          balance: memberCard.balance,
          bonusBalance: memberCard.bonusBalance,
          sessionsLeft: memberCard.sessionsLeft,
          status: memberCard.status,
        })
        .from(memberCard)
        .where(eq(memberCard.id, row.memberCardId))
    : [];
  return {
    id: row.id,
    importId: row.importId,
    batchNo: r.batchNo,
    row: row.rowNo,
    raw: row.raw as MemberImportRaw,
    outcome: row.outcome as MemberImportRowDetail['outcome'],
    message: row.message,
    storeName: r.storeName,
    cardName: r.cardName,
    cardKind: r.cardKind,
    principal: row.principal,
    bonus: row.bonus,
    sessions: given.map((s) => ({ projectName: names.get(s.projectId) ?? '', sessions: s.sessions })),
    member: m ? { ...m, created: row.memberCreated } : null,
    card: c ?? null,
  };
};
