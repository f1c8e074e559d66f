/** What this module's API tests share: multipart bodies, workbooks, the demo roles. */

import type { Endpoint } from '@zb/contract/api/endpoint';
import ExcelJS from 'exceljs';
import { userRoleIdOf } from '../../testing/fixtures';
import type { TestApp } from '../../testing/testApp';
import type { CallResult, TestClient } from '../../testing/testClient';

export { fieldErrors, okData, refused } from '../goods/testHelpers';

/** 张敏 in 总部运营 (headquarters scope). */
export const signInHq = async (t: TestApp): Promise<TestClient> =>
  t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));

/** 李强, 大区经理 华东 (region scope). */
export const signInRegion = async (t: TestApp): Promise<TestClient> =>
  t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));

/** A multipart body with one file part under `file`. */
export const multipart = (file: { name: string; type: string; data: Buffer }) => {
  const boundary = '----zbImportBoundary3kq9Fw2';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
};

/** Posts a file to a multipart endpoint. */
export const postFile = <R>(
  c: TestClient,
  e: Endpoint<undefined, unknown, R>,
  file: { name: string; type: string; data: Buffer },
): Promise<CallResult<R>> => {
  const { body, contentType } = multipart(file);
  return c.call(e, { rawBody: body, headers: { 'content-type': contentType } });
};

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx whose first sheet has these rows (row 1 the header). */
export const workbook = async (rows: readonly (readonly (string | number | null)[])[]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('商品条码');
  for (const r of rows) sheet.addRow([...r]);
  return Buffer.from(await wb.xlsx.writeBuffer());
};
