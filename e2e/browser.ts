/**
 * Debian's Chromium driven by playwright-core, launched as the machine notes say (no downloads,
 * no background networking). Each test file gets its own browser; each test its own context.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchChromium } from './chromium';

/** This worker's server (globalSetup.ts): VITEST_POOL_ID numbers the workers from 1. */
const baseUrl = (): string => {
  const urls = inject('baseUrls');
  const worker = Math.max(1, Number(process.env.VITEST_POOL_ID) || 1);
  return urls[(worker - 1) % urls.length]!;
};

export const useBrowser = () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseUrl,
    /** A fresh context (no cookies, no storage): a new user at a new browser; `at` another server than the worker's. */
    newPage: async (at?: string): Promise<{ page: Page; context: BrowserContext }> => {
      const context = await browser.newContext({
        baseURL: at ?? baseUrl(),
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

/** Signs in with the password form, picks `role` when the account is asked for one, and waits for /welcome. */
export const signIn = async (page: Page, user: string, password: string, role?: string): Promise<void> => {
  await submitPasswordLogin(page, user, password);
  if (role) await page.getByText(role, { exact: true }).click();
  await page.waitForURL('**/welcome');
};

/** The demo's region manager of 华东大区 (a region-scoped role). */
export const signInRegionManager = (page: Page) => signIn(page, '13800000002', 'region123', '大区经理');

/** The texts of one column, by its header, of the visible list table (its rows on this page). */
export const columnTexts = async (page: Page, header: string): Promise<string[]> => {
  const table = page.locator('.ant-table').filter({ visible: true }).first();
  const index = await table
    .locator('.ant-table-thead th')
    .evaluateAll((ths, h) => ths.findIndex((th) => th.textContent?.trim() === h), header);
  expect(index, `column ${header}`).toBeGreaterThan(-1);
  return table
    .locator('.ant-table-tbody tr.ant-table-row')
    .evaluateAll((trs, i) => trs.map((tr) => (tr.children[i as number]?.textContent ?? '').trim()), index);
};

/** A button by its text: antd puts a space between the two characters of a two-character button. */
export const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`^${[...text].join('\\s*')}$`) });

/** The select dropdown open now (antd keeps closed ones in the page, hidden). */
export const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Picks an option of the select labelled `label` by its text (or the first option). */
export const pick = async (page: Page, scope: Locator, label: string, option?: string) => {
  await scope.getByLabel(label, { exact: true }).click();
  const dropdown = openDropdown(page);
  const item = option
    ? dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first()
    : dropdown.locator('.ant-select-item-option').first();
  await item.click();
  await dropdown.waitFor({ state: 'hidden' });
};

/** Answers the confirm alert that asks `question` with 确定, and fails on an alert that follows it. */
export const confirmDialog = async (page: Page, question: RegExp) => {
  const text = page.getByTestId('alert-text');
  await expect.poll(() => text.innerText(), { timeout: 10_000 }).toMatch(question);
  // Click only once the dialog has zoomed in: on a loaded machine a click aimed while it still grows
  // can land beside the button, and the dialog stays open.
  const dialog = page.getByRole('dialog').filter({ has: text });
  await expect.poll(() => dialog.getAttribute('class'), { timeout: 10_000 }).not.toMatch(/ant-zoom-(appear|enter)/);
  await button(dialog, '确定').click();
  await expect.poll(async () => ((await text.isVisible()) ? await text.innerText() : ''), { timeout: 30_000 }).toBe('');
};

/** Console GETs with the headers the page's own calls carry (the session's account version). */
export const consoleApi = async (page: Page) => {
  const call = page.waitForRequest((r) => r.url().includes('/rest/') && r.method() === 'GET');
  await page.goto('/memberList');
  const headers = await (await call).allHeaders();
  return async <T>(path: string): Promise<T> => {
    const res = await page.request.get(path, { headers });
    expect(res.status(), await res.text()).toBe(200);
    const body = (await res.json()) as { errcode: string; data: T };
    expect(body.errcode, path).toBe('0');
    return body.data;
  };
};

/** Types a day into an antd DatePicker and closes its panel. */
export const typeDate = async (input: Locator, day: string) => {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
};

/** Types days into a form's date inputs, each left with Tab (Enter in a date would submit the form). */
export const fillDays = async (form: Locator, days: readonly (readonly [label: string, day: string])[]) => {
  for (const [label, day] of days) {
    const input = form.getByLabel(label, { exact: true });
    await input.click();
    await input.fill(day);
    await input.press('Tab');
  }
};

/**
 * 通过 of the newest pending application of `type` in /approvalCenter, as an approver does: found by
 * its number, opened, approved after the confirm. `get` is a consoleApi.
 */
export const approveInCenter = async (
  page: Page,
  get: Awaited<ReturnType<typeof consoleApi>>,
  type: string,
): Promise<void> => {
  const pending = await get<{ list: { spNo: string }[] }>(
    `/rest/approval/list?pageNo=1&pageSize=10&status=pending&type=${type}`,
  );
  const spNo = pending.list[0]!.spNo;
  await page.goto(`/approvalCenter?status=pending&keyword=${spNo}`);
  const approval = page.getByRole('row').filter({ hasText: spNo });
  await approval.getByText('待审批').waitFor({ timeout: 30_000 });
  await approval.getByRole('button', { name: /查\s*看/ }).click();
  const drawer = page.getByRole('dialog');
  await button(drawer, '通过').click();
  await confirmDialog(page, /确定通过该申请？/);
  await drawer.getByText('已通过').first().waitFor({ timeout: 30_000 });
};

/** The Beijing day `days` from today, YYYY-MM-DD. */
export const dayFromNow = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000);
  return d.toISOString().slice(0, 10);
};

/** Logs every Content-Security-Policy violation as a console error. */
const CSP_REPORTER = `document.addEventListener('securitypolicyviolation', (e) => {
  console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber);
});`;

/** Every page of the context reports violations into the returned list. */
export const watchViolations = async (context: BrowserContext): Promise<string[]> => {
  const seen: string[] = [];
  await context.addInitScript(CSP_REPORTER);
  const watch = (page: Page) =>
    page.on('console', (msg) => {
      const text = msg.text();
      if (msg.type() === 'error' && /CSP violation|Content Security Policy/i.test(text))
        seen.push(`${page.url()}: ${text}`);
    });
  context.on('page', watch);
  for (const page of context.pages()) watch(page);
  return seen;
};
