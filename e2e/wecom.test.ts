/**
 * WeCom (企业微信) QR sign-in as a new user does it, on the real server and its built-in WeCom
 * simulator: the login page draws the QR code, a second page plays the phone (opens the QR's link
 * and confirms as 张敏), and the login page signs in on its own and offers 张敏's roles.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf, useBrowser } from './browser';

const browser = useBrowser();

const qrOf = (page: Page) => page.getByRole('img', { name: '企业微信登录二维码' });

describe('WeCom QR sign-in', () => {
  it('confirming on the simulator signs the login page in as 张敏, who chooses 总部运营', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/login');
    await page.getByRole('tab', { name: '扫码登录', selected: true }).waitFor();
    await qrOf(page).locator('svg').waitFor();
    const link = await page.getByRole('link', { name: '在新标签页打开' }).getAttribute('href');
    expect(link).toContain('/wxsim/wwopen/sso/qrConnect?');

    // The "phone": another page of the same browser opens the QR's link and confirms as 张敏.
    const phone = await context.newPage();
    await phone.goto(link!);
    await phone.getByRole('heading', { name: '企业微信扫码登录模拟器' }).waitFor();
    for (const name of ['张敏', '李强', '王建国']) await phone.getByText(name, { exact: true }).waitFor();
    await phone.getByRole('button', { name: '以张敏确认登录' }).click();
    await phone.getByText('已确认，请回到登录页').waitFor();

    // Within a few seconds the login page has signed in and offers 张敏's two roles.
    await page.getByText('大区督导', { exact: true }).waitFor({ timeout: 10_000 });
    expect(pathOf(page)).toBe('/login');
    expect(new URL(page.url()).search).toBe('');
    await page.getByText('总部运营', { exact: true }).click();
    await page.waitForURL('**/welcome');
    await page.getByTestId('side-menu').getByText('商品管理').first().waitFor();
    await context.close();
  });

  it('a bad code comes back to /login with the QR code, and no session', async () => {
    const { page, context } = await browser.newPage();
    // A code that comes back to the tab that drew the QR code (its state), but is no good.
    await page.goto('/login');
    await qrOf(page).locator('svg').waitFor();
    const state = await page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('zb.wxworkQrStates') ?? '[]') as string[])[0],
    );
    await page.goto(`/login?code=nope&state=${state}`);
    await qrOf(page).locator('svg').waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('tab', { name: '扫码登录', selected: true }).waitFor();
    // Without a session every shell page sends the visitor back to /login.
    await page.goto('/welcome');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('the opened link can be used once: a second confirmation is refused', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/login');
    const link = await page.getByRole('link', { name: '在新标签页打开' }).getAttribute('href');
    const phone = await context.newPage();
    await phone.goto(link!);
    await phone.getByRole('button', { name: '以李强确认登录' }).click();
    await phone.getByText('已确认，请回到登录页').waitFor();
    await phone.goto(link!);
    await phone.getByText('已确认，请回到登录页').waitFor();
    expect(await phone.getByRole('button', { name: /确认登录/ }).count()).toBe(0);
    await context.close();
  });
});
