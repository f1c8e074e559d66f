/**
 * The staff reports as a user meets them on the demo data: /StoreSmployeePerformance opens on this
 * month by staff with 业绩 and 提成 under grouped headers, the totals row and the chart; a staff's
 * 业绩合计 opens /RerformanceBonus with that staff's shares, whose 业绩 add up to it, and a share's
 * bill number opens the bill. /MemberExperience shows the trials with their conversion rate.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { columnTexts, submitPasswordLogin, useBrowser, watchViolations } from './browser';

const browser = useBrowser();

const signInAdmin = async (page: Page) => {
  await submitPasswordLogin(page, 'admin', 'admin123');
  await page.waitForURL('**/welcome');
};

/** 1,234.50 → 123450 分. */
const fen = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100);

describe('staff reports', () => {
  it('/StoreSmployeePerformance: this month by staff, and a staff’s 业绩 down to their shares and a bill', async () => {
    const { page, context } = await browser.newPage();
    const violations = await watchViolations(context);
    await signInAdmin(page);
    await page.goto('/StoreSmployeePerformance');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor({ timeout: 30_000 });
    for (const header of ['业绩', '提成']) {
      await page
        .locator('.ant-table-thead th')
        .filter({ hasText: new RegExp(`^${header}$`) })
        .first()
        .waitFor();
    }
    await page.locator('.zb-report-totals').getByText('合计').waitFor();
    await page.getByRole('img', { name: '门店员工业绩图表' }).locator('canvas').waitFor({ timeout: 30_000 });

    const staff = (await columnTexts(page, '员工'))[0] ?? '';
    const figure = fen((await columnTexts(page, '业绩合计'))[0] ?? '');
    expect(staff).not.toBe('');
    expect(figure).toBeGreaterThan(0);
    const link = rows.first().getByRole('link').first();
    expect(await link.getAttribute('href')).toMatch(/^\/RerformanceBonus\?groupBy=detail&.*staffId=\d+/);
    await link.click();
    await page.waitForURL(/\/RerformanceBonus\?/);
    await expect
      .poll(
        async () => {
          try {
            return [...new Set(await columnTexts(page, '员工'))];
          } catch {
            return null;
          }
        },
        { timeout: 30_000 },
      )
      .toEqual([staff]);
    // The shares add up to the figure: the totals row's 业绩.
    const totals = page.locator('.zb-report-totals');
    await totals.getByText('合计').waitFor();
    const index = await page
      .locator('.ant-table-thead th')
      .evaluateAll((ths) => ths.findIndex((th) => th.textContent?.trim() === '业绩'));
    expect(fen((await totals.locator('td').nth(index).innerText()).trim())).toBe(figure);

    const bill = rows.first().getByRole('link').first();
    expect(await bill.getAttribute('href')).toMatch(/^\/orderDetails\?id=\d+$/);
    const billNo = await bill.innerText();
    await bill.click();
    await page.waitForURL(/\/orderDetails\?id=\d+/);
    await page.getByText(billNo).first().waitFor({ timeout: 30_000 });
    expect(violations).toEqual([]);
    await context.close();
  });

  it('/MemberExperience: the trials served this month and their conversion rate', async () => {
    const { page, context } = await browser.newPage();
    await signInAdmin(page);
    await page.goto('/MemberExperience');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.locator('.ant-statistic').filter({ hasText: '转化率' }).waitFor();
    const trials = (await columnTexts(page, '体验次数')).map(Number);
    expect(trials.reduce((n, x) => n + x, 0)).toBeGreaterThan(0);
    await context.close();
  });
});
