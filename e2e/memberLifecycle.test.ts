/**
 * Member lifecycle end to end, as a new user meets it (issue 15): /memberLiftcycle's counts per
 * stage (today, every store) equal the report API's; the administrator changes a stage's
 * definition on /editMemberLifeCycle (新客 kept for 120 days after the first visit instead of 30),
 * confirms, runs 会员生命周期计算 from /schedule, and watches the recomputation finish on
 * /editMemberLifeCycle; /memberLiftcycle's counts then differ from before — more 新客 — and still
 * equal the API's.
 */
import { LIFECYCLE_STAGES } from '@zb/contract/entities/memberLifecycle';
import { reportApi } from '@zb/contract/report/api';
import { MEMBER_LIFECYCLE } from '@zb/contract/reports/memberLifecycle';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button, confirmDialog, submitPasswordLogin, useBrowser } from './browser';

const browser = useBrowser();

/** The totals row's 会员数 and each stage's count (the last cells, in LIFECYCLE_STAGES' order). */
const KEYS = ['members', ...LIFECYCLE_STAGES.map((s) => `${s.value}Count`)];

/**
 * /memberLiftcycle as the page shows it (its totals row) and as the API answers the same query
 * (the page's own list request sent again with the session's headers).
 */
const countsOf = async (page: Page): Promise<{ shown: number[]; api: number[] }> => {
  const path = reportApi(MEMBER_LIFECYCLE).list.path;
  const list = page.waitForRequest((r) => r.url().includes(path) && !r.url().includes('chart=1'), {
    timeout: 30_000,
  });
  await page.goto('/memberLiftcycle');
  const request = await list;
  const totals = page.locator('.zb-report-totals');
  await totals.waitFor({ timeout: 30_000 });
  const cells = await totals.locator('td').evaluateAll((tds) => tds.map((td) => (td.textContent ?? '').trim()));
  const shown = cells.slice(-KEYS.length).map((c) => Number(c.replace(/,/g, '')));
  const res = await page.request.get(request.url(), { headers: await request.allHeaders() });
  const body = (await res.json()) as { errcode: string; data: { totals: Record<string, number> } };
  expect(body.errcode).toBe('0');
  return { shown, api: KEYS.map((k) => Number(body.data.totals[k] ?? 0)) };
};

describe('member lifecycle as a new user meets it', () => {
  it('changes a stage definition, runs the recomputation, and /memberLiftcycle counts change as the API says', async () => {
    const { page, context } = await browser.newPage();
    await submitPasswordLogin(page, 'admin', 'admin123');
    await page.waitForURL('**/welcome');
    const before = await countsOf(page);
    expect(before.shown).toEqual(before.api);
    expect(before.shown[0]).toBeGreaterThan(0);

    // The definition: 新客 for 120 days after the first visit, saved after the confirmation.
    await page.goto('/editMemberLifeCycle');
    const newDays = page.getByLabel('新客：首次到店后天数', { exact: true });
    await newDays.waitFor({ timeout: 30_000 });
    await newDays.fill('120');
    await page.getByLabel('修改说明').fill('新客期延长到 120 天');
    await button(page, '保存').click();
    await confirmDialog(page, /确认修改？保存后将生成新版本/);
    const run = page.locator('.ant-card').filter({ hasText: '历史阶段重算' });
    await run
      .getByText(/排队中|计算中|已完成/)
      .first()
      .waitFor({ timeout: 30_000 });

    // 会员生命周期计算 run now from /schedule.
    await page.goto('/schedule');
    const job = page.locator('tr.ant-table-row').filter({ hasText: '会员生命周期计算' });
    await button(job, '立即执行').click();
    await confirmDialog(page, /确定立即执行「会员生命周期计算」？/);

    // The recomputation, to its end.
    await page.goto('/editMemberLifeCycle');
    await expect
      .poll(async () => (await run.count()) > 0 && (await run.getByText('已完成').count()) > 0, { timeout: 180_000 })
      .toBe(true);
    expect(await run.innerText()).toMatch(/已处理 (\d+) \/ \1 位会员/);

    // The counts changed (more 新客 now), as the page and the API both say.
    const after = await countsOf(page);
    expect(after.shown).toEqual(after.api);
    // Members other e2e files of this worker registered earlier are counted once the run gives them a stage.
    expect(after.shown[0]).toBeGreaterThanOrEqual(before.shown[0]!);
    const NEW = KEYS.indexOf('newCount');
    expect(after.shown[NEW]).toBeGreaterThan(before.shown[NEW]!);
    await context.close();
  });
});
