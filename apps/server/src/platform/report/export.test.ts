/**
 * A report's file: grouped headers over their columns, the rows in the page's order with each
 * cell as the page shows it (money in 元), the totals row (合计) last, the caller's scope kept.
 */
import { DOWNLOAD_API } from '@zb/contract/api/downloads';
import { ERR } from '@zb/contract/errcodes';
import { reportApi } from '@zb/contract/report/api';
import type { AnyReport, ReportRow } from '@zb/contract/report/define';
import { STOCK_BALANCE, STOCK_COST } from '@zb/contract/reports/stock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBytes, readSheet } from '../../testing/exports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { runNextExport } from '../exports/worker';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
});
afterAll(() => t.close());

interface Page {
  list: ReportRow[];
  total: number;
  totals: ReportRow;
}

const sheetOf = async (decl: AnyReport, query: Record<string, string>) => {
  const res = await admin.call(reportApi(decl).export!, { query });
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  const { jobId } = res.body.data as { jobId: number };
  expect(await runNextExport(t.db, 'report-export')).toBe(jobId);
  const file = await getBytes(t.app, admin, DOWNLOAD_API.file.path, { id: jobId });
  expect(file.status).toBe(200);
  return readSheet(file.bytes as Buffer);
};

describe('a report’s export', () => {
  it('writes the grouping’s shown columns, money in 元, a ratio as a percentage, and 合计 last', async () => {
    const query = { groupBy: 'store', sortBy: 'storeName', sortDir: 'asc' };
    const page = (await admin.call(reportApi(STOCK_COST).list, { query: { ...query, pageSize: 100 } as never })).body
      .data as Page;
    const sheet = await sheetOf(STOCK_COST, query);
    expect(sheet[0]).toEqual(['门店', '品项数', '成本金额', '零售金额', '成本率']);
    expect(sheet.slice(1, -1)).toEqual(
      page.list.map((r) => [
        r.storeName,
        r.products,
        Number(r.costAmount) / 100,
        Number(r.retailAmount) / 100,
        `${(Number(r.costRate) / 100).toFixed(2)}%`,
      ]),
    );
    expect(sheet.at(-1)).toEqual([
      '合计',
      page.totals.products,
      Number(page.totals.costAmount) / 100,
      Number(page.totals.retailAmount) / 100,
      `${(Number(page.totals.costRate) / 100).toFixed(2)}%`,
    ]);
  });

  it('puts a group’s header over its columns, and the other headers across both rows', async () => {
    const query = { periodFrom: '2026-01-01', periodTo: '2026-12-31', groupBy: 'product' };
    const page = (await admin.call(reportApi(STOCK_BALANCE).list, { query: { ...query, pageSize: 100 } as never })).body
      .data as Page;
    const sheet = await sheetOf(STOCK_BALANCE, query);
    // A merged cell reads its value in each cell it covers.
    expect(sheet[0]).toEqual(['商品编码', '商品', '单位', '期初结存', '本期变动', '本期变动', '期末结存']);
    expect(sheet[1]).toEqual(['商品编码', '商品', '单位', '期初结存', '入库', '出库', '期末结存']);
    expect(sheet.length).toBe(2 + page.total + 1);
    expect(sheet[2]).toEqual([
      page.list[0]!.productCode,
      page.list[0]!.productName,
      page.list[0]!.unit,
      page.list[0]!.opening,
      page.list[0]!.inQty,
      page.list[0]!.outQty,
      page.list[0]!.closing,
    ]);
  });
});
