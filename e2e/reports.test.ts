/**
 * The report engine's page as a user meets it, on the demo's inventory reports: /stockDetail opens
 * on this month (its preset) with rows, 共 N 条 and the totals row; a filter narrows it; 导出 puts
 * it in the download centre. /stockCost draws its ECharts chart under the Content-Security-Policy
 * with its summary figures, switches 统计维度, and drills from a store's cost into /stockBalance.
 * A region supervisor sees only the stores of their region, in the picker and in the rows.
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button, columnTexts, openDropdown, signIn, submitPasswordLogin, useBrowser, watchViolations } from './browser';

const browser = useBrowser();

/** Today in Asia/Shanghai, YYYY-MM-DD. */
const shanghaiToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

const totalOf = async (page: Page): Promise<number> => {
  const text = await page.getByText(/^共 \d+ 条$/).innerText();
  return Number(/\d+/.exec(text)?.[0]);
};

const signInAdmin = async (page: Page) => {
  await submitPasswordLogin(page, 'admin', 'admin123');
  await page.waitForURL('**/welcome');
};

describe('report pages', () => {
  it('/stockDetail: this month’s rows with 共 N 条 and 合计, a filter, and an export to the download centre', async () => {
    const { page, context } = await browser.newPage();
    await signInAdmin(page);
    await page.goto('/stockDetail');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor({ timeout: 30_000 });
    const today = shanghaiToday();
    const form = page.getByRole('form', { name: '门店出入库明细查询' });
    // The period opens on its preset (本月).
    await expect.poll(() => form.locator('.ant-picker input').first().inputValue()).toBe(`${today.slice(0, 7)}-01`);
    expect(await form.locator('.ant-picker input').nth(1).inputValue()).toBe(today);
    const all = await totalOf(page);
    expect(all).toBeGreaterThan(0);
    const totals = page.locator('.zb-report-totals');
    await totals.getByText('合计').waitFor();
    // Grouped header 数量 over 入库 and 出库.
    await page
      .locator('.ant-table-thead th')
      .filter({ hasText: /^数量$/ })
      .first()
      .waitFor();

    // Narrow to the kind of the first row.
    const kind = (await columnTexts(page, '类型'))[0] ?? '';
    expect(kind).not.toBe('');
    await button(form, '展开').click();
    await form.getByLabel('类型', { exact: true }).click();
    await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: kind }).first().click();
    await page.keyboard.press('Escape');
    await button(form, '查询').click();
    await page.waitForURL(/kind=/);
    await expect
      .poll(async () => new Set(await columnTexts(page, '类型')), { timeout: 15_000 })
      .toEqual(new Set([kind]));
    const narrowed = await totalOf(page);
    expect(narrowed).toBeLessThanOrEqual(all);
    expect(page.url()).toContain(`periodFrom=${today.slice(0, 7)}-01`);

    await page.getByRole('button', { name: /导\s*出/ }).click();
    await page.getByText('已加入下载中心').waitFor();
    await page.getByRole('button', { name: '前往下载中心' }).click();
    await page.waitForURL('**/downloadhistory');
    const job = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await job.getByText('门店出入库明细', { exact: false }).waitFor();
    await job.getByText('已完成').waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      job.getByRole('button', { name: /下\s*载/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^门店出入库明细_\d{14}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    const firstCells: string[] = [];
    sheet?.eachRow((r) => {
      firstCells.push(String(r.getCell(1).value ?? ''));
    });
    // The file holds the filtered rows under the header rows, and the totals row at the end.
    expect(firstCells.at(-1)).toBe('合计');
    // One header row, or two under grouped headers (数量: 入库, 出库).
    expect([1, 2]).toContain(firstCells.length - 1 - narrowed);
    await context.close();
  });

  it('/stockCost: the chart under the CSP, summary figures, 统计维度 and a drill-down into /stockBalance', async () => {
    const { page, context } = await browser.newPage();
    const violations = await watchViolations(context);
    await signInAdmin(page);
    await page.goto('/stockCost');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    // ECharts draws on a canvas in its own chunk.
    const chart = page.getByRole('img', { name: '库存成本图表' });
    await chart.locator('canvas').waitFor({ timeout: 30_000 });
    expect(await chart.boundingBox()).toMatchObject({ height: 320 });
    await page.locator('.ant-statistic').filter({ hasText: '成本金额' }).waitFor();
    await page.locator('.zb-report-totals').getByText('合计').waitFor();

    await page.getByText('按商品类型', { exact: true }).click();
    await page.waitForURL(/groupBy=type/);
    await page
      .locator('.ant-table-thead th')
      .filter({ hasText: /^商品类型$/ })
      .first()
      .waitFor();
    // x (门店) is not a dimension of this grouping: no chart.
    await chart.waitFor({ state: 'detached' });

    await page.getByText('按门店', { exact: true }).click();
    await page.waitForURL(/groupBy=store/);
    await page
      .locator('.ant-table-thead th')
      .filter({ hasText: /^门店$/ })
      .first()
      .waitFor();
    // The header changes before the rows of the new grouping arrive (CI once read a blank 门店
    // from the old rows): wait until the first row names a store and links to its balance.
    const link = page.locator('.ant-table-tbody tr.ant-table-row').first().getByRole('link');
    let store = '';
    await expect
      .poll(
        async () => {
          try {
            store = (await columnTexts(page, '门店'))[0] ?? '';
            const href = (await link.getAttribute('href', { timeout: 1_000 })) ?? '';
            return store !== '' && /^\/stockBalance\?storeId=\d+$/.test(href);
          } catch {
            return false;
          }
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await link.click();
    await page.waitForURL(/\/stockBalance\?storeId=\d+/);
    // The address changes before /stockBalance's table has its header and rows (a loaded machine
    // once read the table between the two): wait until it shows that store's rows only.
    await expect
      .poll(
        async () => {
          try {
            return [...new Set(await columnTexts(page, '门店'))];
          } catch {
            return null;
          }
        },
        { timeout: 30_000 },
      )
      .toEqual([store]);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('a region supervisor picks and sees only the stores of their region', async () => {
    const admin = await browser.newPage();
    await signInAdmin(admin.page);
    await admin.page.goto('/stockCost?pageSize=100');
    await admin.page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    const everyStore = new Set(await columnTexts(admin.page, '门店'));
    await admin.context.close();

    const { page, context } = await browser.newPage();
    await signIn(page, '13800000001', 'hq123456', '大区督导');
    await page.goto('/stockCost?pageSize=100');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    const own = new Set(await columnTexts(page, '门店'));
    const other = [...everyStore].find((s) => !own.has(s));
    expect(own.size).toBeGreaterThan(0);
    expect(other, 'a store outside the region').toBeDefined();

    // The store picker offers the region's stores and not the others.
    const form = page.getByRole('form', { name: '库存成本查询' });
    const picker = form.getByLabel('门店', { exact: true });
    const options = openDropdown(page).locator('.ant-select-item-option');
    const [mine] = [...own];
    await picker.click();
    await picker.fill(mine ?? '');
    await options
      .filter({ hasText: mine ?? '' })
      .first()
      .waitFor();
    await picker.fill(other ?? '');
    await expect.poll(() => options.count()).toBe(0);
    await page.keyboard.press('Escape');
    await context.close();
  });
});
