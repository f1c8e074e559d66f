/**
 * The first screen on a throttled link, as issue 12 measured it against Ant Design Pro v6.0.3:
 * Chromium over CDP at 10 Mbit/s down and up with 40 ms latency, cache disabled, on the built app
 * served by the real server (PGlite). Each run uses a fresh browser context (no cache, no storage).
 *  - /login: first contentful paint, and the frame in which the login card's 账号登录 tab shows;
 *  - /storeList signed in as admin: the frame in which the table's first data row shows, after a
 *    navigation with an empty cache (the sign-in itself runs unthrottled before it);
 *  - the bytes that went over the wire for each (encoded, so compression counts).
 * Times are milliseconds from the navigation's start (performance.now() in the page). Median of
 * FIRST_SCREEN_RUNS runs (default 5).
 *
 * Alone: `npm run build && node --import tsx bench/firstScreen.ts` (prints the figures).
 */
import { loadavg } from 'node:os';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../e2e/chromium';
import { startServer } from '../e2e/server';

/** The link of issue 12's comparison: 10 Mbit/s each way, 40 ms round trip. */
export const LINK = {
  latency: 40,
  downloadThroughput: (10 * 1000 * 1000) / 8,
  uploadThroughput: (10 * 1000 * 1000) / 8,
};

/** Ant Design Pro v6.0.3 on the same link, as measured in issue 12 (it cannot be fetched here). */
export const ANCHOR = { loginPaintMs: 2188, tableRowsMs: 3169 };

export interface FirstScreen {
  runs: number;
  loginPaintMs: number;
  loginCardMs: number;
  loginBytes: number;
  storeListRowsMs: number;
  storeListBytes: number;
  /** The machine's 1-minute load average when the runs ended: the times include CPU, so a busy machine slows them. */
  loadAverage: number;
}

const RUNS = Number(process.env.FIRST_SCREEN_RUNS ?? 5);
const ADMIN = { user: 'admin', password: 'admin123' };

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Installed before any page script: records when an element matching each watched selector is
 * first in the document, and the next animation frame after that (when it is painted).
 */
const WATCH = `(() => {
  const seen = {};
  window.__firstScreen = seen;
  const watched = { card: '[role="tab"]', rows: '.ant-table-tbody tr.ant-table-row' };
  const check = () => {
    for (const [name, selector] of Object.entries(watched)) {
      if (seen['found_' + name] === undefined && document.querySelector(selector)) {
        seen['found_' + name] = performance.now();
        requestAnimationFrame(() => { seen[name] = performance.now(); });
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();`;

/** Throttles the page's link, disables its cache and counts the bytes received from now on. */
const throttle = async (page: Page): Promise<{ cdp: CDPSession; bytes: () => number }> => {
  const cdp = await page.context().newCDPSession(page);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
  return { cdp, bytes: () => bytes };
};

type Marks = { __firstScreen: Record<string, number> };

/** The frame in which the element showed; its insertion time when no frame came within 2 s (a page in the background). */
const mark = async (page: Page, name: 'card' | 'rows'): Promise<number> => {
  await page.waitForFunction((n) => (window as unknown as Marks).__firstScreen[`found_${n}`], name, {
    timeout: 60_000,
  });
  await page
    .waitForFunction((n) => (window as unknown as Marks).__firstScreen[n], name, { timeout: 2_000 })
    .catch(() => {});
  return page.evaluate((n) => {
    const seen = (window as unknown as Marks).__firstScreen;
    return seen[n] ?? (seen[`found_${n}`] as number);
  }, name);
};

const fresh = async (newContext: () => Promise<BrowserContext>): Promise<Page> => {
  const context = await newContext();
  const page = await context.newPage();
  await page.addInitScript(WATCH);
  return page;
};

const measureLogin = async (page: Page) => {
  const net = await throttle(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const card = await mark(page, 'card');
  await page.waitForLoadState('networkidle');
  const paint = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  return { paint, card, bytes: net.bytes() };
};

const measureStoreList = async (page: Page) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: '账号登录' }).click();
  await page.getByPlaceholder('请输入账号').fill(ADMIN.user);
  await page.getByPlaceholder('请输入密码').fill(ADMIN.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL('**/welcome');
  const net = await throttle(page);
  await page.goto('/storeList', { waitUntil: 'commit' });
  const rows = await mark(page, 'rows').catch(async (e: Error) => {
    const shown = ((await page.textContent('body').catch(() => '')) ?? '').replace(/\s+/g, ' ').slice(0, 300);
    throw new Error(`/storeList showed no rows (${e.message}) at ${page.url()}: ${shown}`);
  });
  await page.waitForLoadState('networkidle');
  return { rows, bytes: net.bytes() };
};

/** Measures the first screen of the app served at `baseUrl`. */
export const measureFirstScreen = async (baseUrl: string): Promise<FirstScreen> => {
  const browser = await launchChromium();
  const newContext = () =>
    browser.newContext({ baseURL: baseUrl, locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const login: Awaited<ReturnType<typeof measureLogin>>[] = [];
  const list: Awaited<ReturnType<typeof measureStoreList>>[] = [];
  try {
    // One unmeasured round first, so the server's first-request costs do not count.
    for (let i = 0; i <= RUNS; i++) {
      const a = await fresh(newContext);
      const l = await measureLogin(a);
      await a.context().close();
      const b = await fresh(newContext);
      const s = await measureStoreList(b);
      await b.context().close();
      if (i > 0) {
        login.push(l);
        list.push(s);
      }
    }
  } finally {
    await browser.close();
  }
  return {
    runs: RUNS,
    loginPaintMs: median(login.map((r) => r.paint)),
    loginCardMs: median(login.map((r) => r.card)),
    loginBytes: median(login.map((r) => r.bytes)),
    storeListRowsMs: median(list.map((r) => r.rows)),
    storeListBytes: median(list.map((r) => r.bytes)),
    loadAverage: loadavg()[0] ?? 0,
  };
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer({ LOG_LEVEL: 'silent' });
  try {
    console.log(JSON.stringify(await measureFirstScreen(server.url), null, 2));
  } finally {
    await server.stop();
  }
}
