/** 会员迁入：模板、逐行校验、试运行、分批导入与回滚（/moveIn /moveInList /moveInDetailList /moveInDetail），issue 15. */
import fastifyMultipart from '@fastify/multipart';
import {
  MEMBER_IMPORT_API,
  MEMBER_IMPORT_MAX_KB,
  MEMBER_IMPORT_REF,
  MEMBER_IMPORT_TEMPLATE_NAME,
  MEMBER_IMPORT_UNDO_REF,
} from '@zb/contract/entities/memberImport';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { route, Streamed, WithMessage } from '../../platform/route';
import { contentDisposition } from '../downloads/service';
import { ledgerRefNames } from '../members/service';
import { memberImportReportBindings } from './reports';
import {
  errorReport,
  importFinished,
  importHeader,
  importRowDetail,
  importTemplate,
  resumeLostImports,
  rollbackImport,
  startImport,
  uploadImport,
} from './service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const xlsx = (name: string, data: Buffer) =>
  new Streamed(data, {
    'content-type': XLSX,
    'content-disposition': contentDisposition(name),
    'cache-control': 'private, no-store',
  });

const idOf = (params: unknown) => (params as { id: number }).id;

/** How a card ledger row names an import's 迁入 (ref: its first row) and its undo's 迁出 (ref: a card). */
const importRefNames = [
  {
    refType: MEMBER_IMPORT_REF,
    name: (refId: SQL) => sql<string>`select '会员迁入 ' || i.batch_no from member_import_row r
      join member_import i on i.id = r.import_id where r.id = ${refId}`,
  },
  {
    refType: MEMBER_IMPORT_UNDO_REF,
    name: (refId: SQL) => sql<string>`select '撤销迁入 ' || i.batch_no from member_import_row r
      join member_import i on i.id = r.import_id where r.member_card_id = ${refId} order by r.id desc limit 1`,
  },
];

export const memberImportRoutes = async (app: FastifyInstance) => {
  for (const r of importRefNames) ledgerRefNames.register(r);
  // The runs this app started or resumed: its close stops each after the batch in hand.
  const stop = new AbortController();
  const runs = new Set<number>();
  app.addHook('onReady', async () => {
    const { resumed } = await resumeLostImports(app.db, { signal: stop.signal });
    for (const id of resumed) runs.add(id);
  });
  app.addHook('onClose', async () => {
    stop.abort();
    await Promise.all([...runs].map(importFinished));
  });
  // Multipart only for this plugin's routes (the upload), as uploads does for its own.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MEMBER_IMPORT_MAX_KB * 1024, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
  });
  route(app, MEMBER_IMPORT_API.template, async () => xlsx(MEMBER_IMPORT_TEMPLATE_NAME, await importTemplate()));
  route(app, MEMBER_IMPORT_API.upload, async (_input, { db, req, signedIn }) => {
    const checked = await uploadImport(db, signedIn(), req);
    const h = checked.header;
    return new WithMessage(
      checked,
      `校验完成：共 ${h.totalRows} 行，可导入 ${h.readyRows} 行，有误 ${h.errorRows} 行，已存在跳过 ${h.skippedRows} 行`,
    );
  });
  route(app, MEMBER_IMPORT_API.errors, async ({ params }, { db, signedIn }) => {
    const report = await errorReport(db, signedIn().scope, idOf(params));
    return xlsx(report.name, report.data);
  });
  route(app, MEMBER_IMPORT_API.start, async ({ body }, { db, signedIn }) => {
    const header = await startImport(db, signedIn(), body.id, { signal: stop.signal });
    runs.add(body.id);
    return new WithMessage(header, `迁入批次 ${header.batchNo} 已开始导入`);
  });
  route(app, MEMBER_IMPORT_API.rollback, async ({ body }, { db, signedIn }) => {
    const header = await rollbackImport(db, signedIn(), body.id);
    return new WithMessage(header, `迁入批次 ${header.batchNo} 已撤销`);
  });
  route(app, MEMBER_IMPORT_API.detail, ({ params }, { db, signedIn }) =>
    importHeader(db, signedIn().scope, idOf(params)),
  );
  route(app, MEMBER_IMPORT_API.row, ({ params }, { db, signedIn }) =>
    importRowDetail(db, signedIn().scope, idOf(params)),
  );
  for (const b of memberImportReportBindings) registerReport(app, b);
};
