/**
 * 会员迁入 end to end, as a new user meets it (issue 15): upload a small member file with one bad
 * row on /moveIn, see the dry run and the bad row named with its reason, download the error report
 * (the bad row as the file had it, with 错误原因), start the import after confirming, and open its
 * 迁入明细 with the good row created.
 */
import { MEMBER_IMPORT_COLUMNS } from '@zb/contract/entities/memberImport';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { button, submitPasswordLogin, useBrowser } from './browser';

const browser = useBrowser();

const memberFile = async (): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('会员迁入');
  sheet.addRow(MEMBER_IMPORT_COLUMNS.map((c) => c.title));
  const empty = (n: number) => Array.from({ length: n }, () => '');
  sheet.addRow(['端到端会员', '19899990001', 'SH001', '', ...empty(7)]);
  sheet.addRow(['错店会员', '19899990002', 'NOSUCH', '', ...empty(7)]);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

describe('/moveIn as a new user meets it', () => {
  it('a file with one bad row: the dry run and the error report name it, the good row is imported', async () => {
    const { page } = await browser.newPage();
    await submitPasswordLogin(page, 'admin', 'admin123');
    await page.waitForURL('**/welcome');
    await page.goto('/moveIn');
    await button(page, '下载模板').waitFor({ timeout: 30_000 });
    await page.locator('input[type="file"]').setInputFiles({
      name: '迁入-端到端.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await memberFile(),
    });
    await button(page, '上传校验').click();
    const errors = page.getByRole('table', { name: '有误的行' });
    await errors.getByText('第 3 行').waitFor({ timeout: 30_000 });
    await errors.getByText('门店编码「NOSUCH」不存在').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), button(page, '下载错误报告').click()]);
    expect(download.suggestedFilename()).toMatch(/^会员迁入错误报告-QR\d{8}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const rows: unknown[][] = [];
    book.worksheets[0]?.eachRow((r) => {
      rows.push((r.values as unknown[]).slice(1));
    });
    expect(rows[0]?.at(-1)).toBe('错误原因');
    expect(rows.length).toBe(2);
    expect(rows[1]?.[0]).toBe(3);
    expect(rows[1]?.[1]).toBe('错店会员');
    expect(String(rows[1]?.at(-1))).toMatch(/门店编码「NOSUCH」不存在/);

    await button(page, '开始导入').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '确认开始导入？' });
    await button(dialog, '开始导入').click();
    await page.getByRole('link', { name: '查看迁入明细' }).click();
    await page.waitForURL(/\/moveInDetailList\?id=\d+/);
    await page.getByText('端到端会员').waitFor({ timeout: 30_000 });
    await page.getByText('已导入').first().waitFor();
  });
});
