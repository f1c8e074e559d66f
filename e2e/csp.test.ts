/**
 * The built app runs under the server's Content-Security-Policy (platform/securityHeaders.ts):
 * Chromium reports any script, style, image, connection or frame the policy blocks as a
 * `securitypolicyviolation` event and a console error; either fails the test. Covered: the login
 * page with its QR code, the WeCom simulator's pages, signed-in lists and details with antd's
 * CSS-in-JS, a notice and an alert, and an exported file downloaded from the download centre.
 */
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser, watchViolations } from './browser';

const browser = useBrowser();

describe('the built app under its Content-Security-Policy', () => {
  it('the login page draws its QR code, checks its form, alerts a refused sign-in, and the WeCom simulator shows, without a violation', async () => {
    const { page, context } = await browser.newPage();
    const violations = await watchViolations(context);
    const answer = await page.goto('/login');
    expect(answer?.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    await page.getByRole('img', { name: '企业微信登录二维码' }).locator('svg').waitFor();
    const link = await page.getByRole('link', { name: '在新标签页打开' }).getAttribute('href');
    await page.getByRole('tab', { name: '账号登录' }).click();
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByRole('alert').getByText('请输入账号').waitFor();
    // A refused sign-in answers with an alert (antd's Modal, loaded lazily).
    await page.getByPlaceholder('请输入账号').fill('admin');
    await page.getByPlaceholder('请输入密码').fill('not-the-password');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByTestId('alert-text').waitFor();
    await page.keyboard.press('Enter');

    const phone = await context.newPage();
    await phone.goto(link ?? '');
    await phone.getByRole('heading', { name: '企业微信扫码登录模拟器' }).waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });

  it('signed-in lists, a notice and an exported file downloaded as a blob: without a violation', async () => {
    const { page, context } = await browser.newPage();
    const violations = await watchViolations(context);
    await signIn(page, 'admin', 'admin123');
    for (const path of ['/storeList', '/productList', '/memberList', '/approvalCenter', '/operationLog']) {
      await page.goto(path);
      await page.locator('.ant-table-tbody').first().waitFor();
      await page.getByTestId('breadcrumb').waitFor();
    }

    // 导出 raises a notice; the download centre serves the file as a blob: download.
    await page.goto('/basicProps?category=education');
    await page.locator('.ant-table-tbody').getByText('本科').waitFor();
    await page.getByRole('button', { name: /导\s*出/ }).click();
    await page.getByText('已加入下载中心').waitFor();
    await page.getByRole('button', { name: '前往下载中心' }).click();
    await page.waitForURL('**/downloadhistory');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await row.getByText('已完成').waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /下\s*载/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

    expect(violations).toEqual([]);
    await context.close();
  });
});
