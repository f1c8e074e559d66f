/** Test helpers for the download centre: a route that queues an export, and binary downloads. */
import type { ExportQueued } from '@zb/contract/api/downloads';
import { endpoint, fillPath, OPEN } from '@zb/contract/api/endpoint';
import { ACCOUNT_VERSION_HEADER, SESSION_COOKIE } from '@zb/contract/constants';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { enqueueExport } from '../platform/exports/enqueue';
import { route } from '../platform/route';
import type { TestClient } from './testClient';

/** What a list's export call does, for any registered source. */
export const TEST_EXPORT = endpoint<undefined, { source: string; params?: unknown }, ExportQueued>({
  method: 'POST',
  path: '/rest/test/export',
  access: OPEN,
  body: z.object({ source: z.string(), params: z.unknown().optional() }),
  summary: '测试导出',
});

export const addTestExportRoute = (app: FastifyInstance): void => {
  route(app, TEST_EXPORT, ({ body }, ctx) => {
    const auth = ctx.signedIn();
    return enqueueExport(ctx.db, {
      userId: auth.user.id,
      scope: auth.scope,
      source: body.source,
      params: body.params ?? {},
    });
  });
};

/** A GET whose answer is bytes (inject's body string would mangle them). */
export const getBytes = async (
  app: FastifyInstance,
  c: TestClient,
  path: string,
  params: Record<string, string | number>,
) => {
  const headers: Record<string, string> = {};
  if (c.cookie) headers.cookie = `${SESSION_COOKIE}=${c.cookie}`;
  if (c.accountVersion) headers[ACCOUNT_VERSION_HEADER] = c.accountVersion;
  const res = await app.inject({ method: 'GET', url: fillPath(path, params), headers });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: isJson ? res.json() : null };
};

/** The first sheet of an .xlsx as rows of cell values (row 1 = the header). */
export const readSheet = async (bytes: Buffer): Promise<unknown[][]> => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
};
