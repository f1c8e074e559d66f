/**
 * Debian's Chromium driven by playwright-core, launched as the machine notes say (no downloads,
 * no background networking). Each test file gets its own browser; each test its own context.
 */
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const useBrowser = () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: FLAGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseUrl: () => inject('baseUrl'),
    /** A fresh context (no cookies, no storage): a new user at a new browser. */
    newPage: async (): Promise<{ page: Page; context: BrowserContext }> => {
      const context = await browser.newContext({
        baseURL: inject('baseUrl'),
        locale: 'zh-CN',
        viewport: { width: 1440, height: 900 },
      });
      const page = await context.newPage();
      return { page, context };
    },
  };
};

/** The path the page is on. */
export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** Opens /login, goes to the 账号登录 tab (the QR code is offered first) and submits the form. */
export const submitPasswordLogin = async (page: Page, user: string, password: string): Promise<void> => {
  await page.goto('/login');
  await page.getByRole('tab', { name: '账号登录' }).click();
  await page.getByPlaceholder('请输入账号').fill(user);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
};

/** A button by its text: antd puts a space between the two characters of a two-character button. */
export const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`^${[...text].join('\\s*')}$`) });
