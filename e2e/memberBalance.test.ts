/**
 * /MemberBalance (会员余额) end to end, as a new user meets it (issue 13): open it for last month
 * (a whole month of the demo's card ledger), see the chart and the table agree — the numbers the
 * chart draws (the chart=1 answer the page fetched, which ReportChart plots as 充值/消费 本金 per
 * store) equal the table's cells for every store shown, and add up to the 合计 row — drill from a
 * store's 充值笔数 into /CardChangeReport with only that store's rows, export the month to the
 * download centre and open the file (the table's stores and figures, 合计 at the end); then a
 * the region manager of 华东大区 (李强, 大区经理) sees only the stores of that region in the same
 * report.
 */
import { columnsOf, groupingOf, type ReportRow } from '@zb/contract/report/define';
import { MEMBER_BALANCE } from '@zb/contract/reports/members';
import ExcelJS from 'exceljs';
import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { button, columnTexts, signInRegionManager, submitPasswordLogin, useBrowser } from './browser';

const browser = useBrowser();

/** Last month in Asia/Shanghai: its first and last day. */
const lastMonth = (): { from: string; to: string } => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(y, m - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
};

/** The table's leaf columns, in order (hidden ones left out), as the page and the file lay them. */
const COLUMNS = columnsOf(MEMBER_BALANCE, groupingOf(MEMBER_BALANCE, undefined))
  .filter(([, c]) => !c.hidden)
  .map(([k]) => k);
const col = (key: string) => {
  const i = COLUMNS.indexOf(key);
  expect(i, key).toBeGreaterThan(-1);
  return i;
};

/** "1,234.56" (元, as the table shows money) → 分. */
const fen = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100);

/** The body rows of the visible table as their cells' texts. */
const tableRows = (page: Page): Promise<string[][]> =>
  page
    .locator('.ant-table')
    .filter({ visible: true })
    .first()
    .locator('.ant-table-tbody tr.ant-table-row')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => (td.textContent ?? '').trim())));

const totalsRow = async (page: Page): Promise<string[]> =>
  page.locator('.zb-report-totals td').evaluateAll((tds) => tds.map((td) => (td.textContent ?? '').trim()));

const totalOf = async (page: Page): Promise<number> =>
  Number(/\d+/.exec(await page.getByText(/^共 \d+ 条$/).innerText())?.[0]);

/** The chart call's answer for the month (the page's own request, chart=1). */
const chartAnswer = (page: Page, from: string) =>
  page.waitForResponse(
    (r: Response) =>
      r.url().includes('/list?') && r.url().includes('chart=1') && r.url().includes(`periodFrom=${from}`),
    { timeout: 30_000 },
  );

const rowsOf = async (res: Response): Promise<ReportRow[]> => {
  const body = (await res.json()) as { data?: { list?: ReportRow[] }; list?: ReportRow[] };
  const list = body.data?.list ?? body.list;
  expect(Array.isArray(list), 'chart answer has a list').toBe(true);
  return list as ReportRow[];
};

/**
 * What the chart draws, read as a user reads it: the mouse swept across the chart, each store's
 * tooltip (ECharts' own: the store, then 充值本金 and 消费本金 in 元) kept by store.
 */
const drawnByHover = async (page: Page, chart: Locator, stores: number): Promise<Map<string, string>> => {
  const box = await chart.boundingBox();
  expect(box).not.toBeNull();
  const { x, y, width, height } = box as { x: number; y: number; width: number; height: number };
  const step = Math.max(2, Math.min(12, width / stores / 3));
  const seen = new Map<string, string>();
  for (let at = x + 4; at < x + width - 4; at += step) {
    await page.mouse.move(at, y + height * 0.6);
    const tip = await chart.evaluate((el) =>
      [...el.children].map((c) => c.textContent ?? '').find((t) => t.includes('充值本金')),
    );
    const m = tip ? /^(.*?)充值本金/.exec(tip) : null;
    if (m?.[1] && tip) seen.set(m[1].trim(), tip);
  }
  await page.mouse.move(0, 0);
  return seen;
};

/** A tooltip's figure after `label`, in 分. */
const tipFen = (tip: string | undefined, label: string): number => {
  const m = new RegExp(`${label}\\s*(-?[\\d,]+(?:\\.\\d+)?)`).exec(tip ?? '');
  expect(m, `${label} in ${tip}`).not.toBeNull();
  return fen(m?.[1] ?? '');
};

describe('/MemberBalance as a new user meets it', () => {
  it('a month: chart and table agree, a drill into one store, an export opened', { timeout: 120_000 }, async () => {
    const { from, to } = lastMonth();
    const { page, context } = await browser.newPage();
    await submitPasswordLogin(page, 'admin', 'admin123');
    await page.waitForURL('**/welcome');
    await page.goto('/MemberBalance');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });

    // Pick last month in the period's range picker and search.
    const form = page.getByRole('form', { name: '会员余额查询' });
    const answered = chartAnswer(page, from);
    const start = form.locator('.ant-picker input').first();
    const end = form.locator('.ant-picker input').nth(1);
    // The picker keeps a typed day only once its panel has opened: on a busy machine the first
    // keystrokes can come before it (or a closing panel puts the old day back before 查询 reads
    // it), so type and search again until the search carries the month.
    await vi.waitFor(
      async () => {
        await start.click();
        await start.fill(from);
        await start.press('Enter');
        await end.fill(to);
        await end.press('Enter');
        expect([await start.inputValue(), await end.inputValue()]).toEqual([from, to]);
        await button(form, '查询').click();
        await page.waitForURL(new RegExp(`periodFrom=${from}&periodTo=${to}`), { timeout: 5_000 });
      },
      { timeout: 45_000, interval: 500 },
    );
    const chartRows = await rowsOf(await answered);
    expect(chartRows.length).toBeGreaterThan(0);

    // The chart is drawn (a canvas in its card) from those rows.
    const chart = page.getByRole('img', { name: '会员余额图表' });
    await chart.locator('canvas').waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await tableRows(page)).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.locator('.zb-report-totals').getByText('合计').waitFor();

    // Chart and table: each store shown has the chart's 充值本金 and 消费本金 in its cells.
    const [series1, series2] = MEMBER_BALANCE.chart?.series ?? [];
    expect([series1, series2]).toEqual(['topUpAmount', 'consumeAmount']);
    const byStore = new Map(chartRows.map((r) => [String(r.storeName), r]));
    const shown = await tableRows(page);
    for (const cells of shown) {
      const store = cells[col('storeName')] ?? '';
      const drawn = byStore.get(store);
      expect(drawn, `${store} in the chart`).toBeDefined();
      expect(fen(cells[col('topUpAmount')] ?? ''), `${store} 充值本金`).toBe(Number(drawn?.topUpAmount));
      expect(fen(cells[col('consumeAmount')] ?? ''), `${store} 消费本金`).toBe(Number(drawn?.consumeAmount));
    }
    // And the canvas draws those figures: hovering a store's bars shows the same 充值本金 and 消费本金.
    const hovered = await drawnByHover(page, chart, chartRows.length);
    for (const cells of shown) {
      const store = cells[col('storeName')] ?? '';
      const tip = hovered.get(store);
      expect(tip, `${store}'s bars in the chart`).toBeDefined();
      expect(tipFen(tip, '充值本金'), `${store} 充值本金 drawn`).toBe(fen(cells[col('topUpAmount')] ?? ''));
      expect(tipFen(tip, '消费本金'), `${store} 消费本金 drawn`).toBe(fen(cells[col('consumeAmount')] ?? ''));
    }
    // The chart has every store of the month (共 N 条), and its bars add up to the 合计 row.
    const total = await totalOf(page);
    expect(chartRows.length).toBe(total);
    const sums = await totalsRow(page);
    const sum = (key: string) => chartRows.reduce((s, r) => s + Number(r[key] ?? 0), 0);
    expect(fen(sums[col('topUpAmount')] ?? '')).toBe(sum('topUpAmount'));
    expect(fen(sums[col('consumeAmount')] ?? '')).toBe(sum('consumeAmount'));
    expect(sum('topUpAmount')).toBeGreaterThan(0);

    // Export the month: the file holds the table's stores with the same figures, 合计 last.
    await page.getByRole('button', { name: /导\s*出/ }).click();
    await page.getByText('已加入下载中心').waitFor();
    const monthUrl = page.url();
    await page.getByRole('button', { name: '前往下载中心' }).click();
    await page.waitForURL('**/downloadhistory');
    const job = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await job.getByText('会员余额', { exact: false }).waitFor();
    await job.getByText('已完成').waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      job.getByRole('button', { name: /下\s*载/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^会员余额_\d{14}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    const fileRows: unknown[][] = [];
    sheet?.eachRow((r) => {
      fileRows.push(COLUMNS.map((_, i) => r.getCell(i + 1).value));
    });
    // Two header rows (期初余额 / 本金 …), the month's stores, then 合计.
    expect(fileRows[1]?.[col('topUpAmount')]).toBe('本金');
    const body = fileRows.slice(2, -1);
    expect(body.length).toBe(total);
    const last = fileRows.at(-1) ?? [];
    expect(last[0]).toBe('合计');
    expect(Math.round(Number(last[col('topUpAmount')]) * 100)).toBe(sum('topUpAmount'));
    expect(Math.round(Number(last[col('consumeAmount')]) * 100)).toBe(sum('consumeAmount'));
    for (const r of body) {
      const drawn = byStore.get(String(r[col('storeName')]));
      expect(drawn, `${String(r[0])} in the file`).toBeDefined();
      expect(Math.round(Number(r[col('topUpAmount')]) * 100)).toBe(Number(drawn?.topUpAmount));
      expect(Math.round(Number(r[col('closingAmount')]) * 100)).toBe(Number(drawn?.closingAmount));
    }

    // Drill: a store's 充值笔数 opens /CardChangeReport for that store and month, only its rows.
    await page.goto(new URL(monthUrl).pathname + new URL(monthUrl).search);
    const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await first.getByRole('link').first().waitFor({ timeout: 30_000 });
    const drillRow = (await tableRows(page))[0] ?? [];
    const store = drillRow[col('storeName')] ?? '';
    const link = first.getByRole('link').first();
    expect(await link.innerText()).toBe(drillRow[col('topUpN')]);
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`^/CardChangeReport\\?storeId=\\d+&periodFrom=${from}&periodTo=${to}$`));
    await link.click();
    await page.waitForURL(/\/CardChangeReport\?storeId=\d+/);
    await page.getByRole('form', { name: '卡项变动明细查询' }).waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => new Set(await columnTexts(page, '门店')), { timeout: 15_000 })
      .toEqual(new Set([store]));
    // Its 充值 rows add up to the count drilled from (all rows on one page).
    await page.goto(`${href}&pageSize=100`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => {
        const kinds = await columnTexts(page, '变动类型');
        const ns = await columnTexts(page, '笔数');
        return kinds.reduce((s, k, i) => (k === '充值' ? s + Number((ns[i] ?? '0').replace(/,/g, '')) : s), 0);
      })
      .toBe(Number((drillRow[col('topUpN')] ?? '').replace(/,/g, '')));
    await context.close();
  });

  it('a region-level role sees only the stores of its region in the same report', async () => {
    const { from, to } = lastMonth();
    const query = `/MemberBalance?periodFrom=${from}&periodTo=${to}&pageSize=100`;

    // The chain's stores by region, as head office's store list has them (asked with the headers the
    // page's own calls carry: the account's version).
    const admin = await browser.newPage();
    await submitPasswordLogin(admin.page, 'admin', 'admin123');
    await admin.page.waitForURL('**/welcome');
    const call = admin.page.waitForRequest((r) => r.url().includes('/list?') && r.url().includes('periodFrom='));
    await admin.page.goto(query);
    const headers = await (await call).allHeaders();
    const regionOf = new Map<string, string>();
    for (let pageNo = 1; pageNo < 50; pageNo++) {
      const res = await admin.page.request.get(`/rest/shop/list?pageNo=${pageNo}&pageSize=100`, { headers });
      expect(res.status(), await res.text()).toBe(200);
      const body = (await res.json()) as { data?: { list: { name: string; regionName: string }[] } };
      const list = body.data?.list ?? [];
      for (const s of list) regionOf.set(s.name, s.regionName);
      if (list.length < 100) break;
    }
    expect(regionOf.size).toBeGreaterThan(0);
    await admin.page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    const everyStore = new Set(await columnTexts(admin.page, '门店'));
    await admin.context.close();

    const { page, context } = await browser.newPage();
    await signInRegionManager(page);
    await page.goto(query);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.getByRole('img', { name: '会员余额图表' }).locator('canvas').waitFor({ timeout: 30_000 });
    const own = await columnTexts(page, '门店');
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBe(await totalOf(page));
    for (const s of own) expect(regionOf.get(s), s).toBe('华东大区');
    // Every 华东大区 store of head office's report is here, and the other regions' are not.
    const east = [...everyStore].filter((s) => regionOf.get(s) === '华东大区');
    expect(new Set(own)).toEqual(new Set(east));
    expect([...everyStore].some((s) => regionOf.get(s) !== '华东大区')).toBe(true);
    await context.close();
  });
});
