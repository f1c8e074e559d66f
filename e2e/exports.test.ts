/**
 * An export as a user meets it: 导出 on a list queues the list's current filters; the job shows in
 * /downloadhistory, reaches 100 %, and 下载 gives a file that opens with the rows that were listed.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { submitPasswordLogin, useBrowser } from './browser';

const browser = useBrowser();

describe('the download centre', () => {
  it('exports the listed rows of /basicProps and downloads them from /downloadhistory', async () => {
    const { page, context } = await browser.newPage();
    await submitPasswordLogin(page, 'admin', 'admin123');
    await page.waitForURL('**/welcome');

    await page.goto('/basicProps?category=education&pageSize=50');
    const table = page.locator('.ant-table-tbody');
    await table.getByText('本科').waitFor();
    await expect.poll(() => page.getByText(/^共 \d+ 条$/).innerText()).toMatch(/^共 \d+ 条$/);
    const listed = await table.locator('tr.ant-table-row td:nth-child(5)').allInnerTexts();
    expect(listed.length).toBeGreaterThan(3);

    await page.getByRole('button', { name: /导\s*出/ }).click();
    await page.getByText('已加入下载中心').waitFor();
    await page.getByRole('button', { name: '前往下载中心' }).click();
    await page.waitForURL('**/downloadhistory');

    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await row.getByText('基础属性', { exact: false }).waitFor();
    await row.getByText('已完成').waitFor({ timeout: 30_000 });
    expect(await row.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(await row.locator('td').nth(3).innerText()).toBe(String(listed.length));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /下\s*载/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^基础属性_\d{14}\.xlsx$/);
    const path = await download.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const names: string[] = [];
    book.worksheets[0]?.eachRow((r, n) => {
      if (n > 1) names.push(String(r.getCell(4).value));
    });
    expect(names).toEqual(listed);
    await context.close();
  });
});
