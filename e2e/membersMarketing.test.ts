/**
 * Real-card activities and the member account as a new user meets them: an administrator creates
 * a real-card activity of five cards, submits it, approves it from the list's 审核, downloads the
 * QR pack (five PNGs and 卡号清单.xlsx) and voids one card. Then, from a card the demo's approved
 * activity HD000001 shows as claimed, opens its member in /memberList → /personalAccount: the
 * member card the claim opened, its ledger's 开卡 row naming the real card, and the member's bills.
 * Then the region manager of 华东大区, at another browser, sees only members of 华东 stores, and
 * not a member of another region even when searching for them by code.
 */
import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  button,
  columnTexts,
  confirmDialog,
  dayFromNow,
  openDropdown,
  pick,
  signIn,
  signInRegionManager,
  typeDate,
  useBrowser,
} from './browser';

const browser = useBrowser();

/** The visible page's rows of the table named `name` (kept-alive pages hold hidden copies). */
const tableRows = (scope: Page | Locator, name?: string) =>
  (name ? scope.getByRole('table', { name }) : scope)
    .locator('.ant-table-tbody tr.ant-table-row')
    .filter({ visible: true });

/** The 卡片 card of the activity on screen. */
const cardsOf = (page: Page) =>
  page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title').getByText('卡片', { exact: true }) })
    .filter({ visible: true });

/** The total a list shows under its table (共 N 条). */
const listTotal = async (scope: Page | Locator): Promise<number> => {
  const total = scope
    .getByText(/^共 \d+ 条$/)
    .filter({ visible: true })
    .first();
  await total.waitFor({ timeout: 30_000 });
  return Number((await total.innerText()).match(/\d+/)?.[0]);
};

describe('real-card activities and the member account, end to end', () => {
  it('takes an activity from 草稿 to 已通过, downloads its QR codes, voids a card; opens a claimed card in the member account; scopes members by region', async () => {
    const n = `${Date.now() % 1_000_000}`.padStart(6, '0');
    const activityName = `端到端实体卡${n}`;

    const { page, context } = await browser.newPage();
    await signIn(page, 'admin', 'admin123');

    // 1. A real-card activity of five cards, saved as 草稿.
    await page.goto('/activityList');
    await page.getByRole('button', { name: '新增实体卡活动' }).click();
    await page.waitForURL('**/activityDetail?create=1');
    const form = page.locator('#real-card-activity-form');
    await form.getByLabel('活动名称', { exact: true }).fill(activityName);
    await pick(page, form, '卡项');
    await form.getByLabel('制卡数量', { exact: true }).fill('5');
    await typeDate(form.getByLabel('领取开始日期', { exact: true }), dayFromNow(0));
    await typeDate(form.getByLabel('领取结束日期', { exact: true }), dayFromNow(14));
    await form.getByRole('button', { name: '保存并生成卡号' }).click();
    await page.waitForURL(/\/activityDetail\?id=\d+$/, { timeout: 30_000 });
    const activityUrl = page.url();
    const title = page.getByText(new RegExp(`^${activityName}（HD\\d{6}）$`)).filter({ visible: true });
    await title.waitFor({ timeout: 30_000 });
    const activityCode = (await title.innerText()).match(/HD\d{6}/)?.[0] ?? '';
    const status = (label: string) => page.locator('.ant-descriptions .ant-tag').filter({ hasText: label });
    await status('草稿').waitFor();
    await page.getByText('已领取 0 · 未领取 5 · 已作废 0').waitFor();
    const cards = tableRows(cardsOf(page));
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(5);
    expect(await cards.filter({ hasText: '未领取' }).count()).toBe(5);
    const numbers = (await cards.locator('td:first-child').allInnerTexts()).map((t) => t.trim());
    expect(new Set(numbers).size).toBe(5);

    // 提交审核 → 待审核.
    await button(page, '提交审核').click();
    await confirmDialog(page, /确定提交「.+」审核/);
    await status('待审核').waitFor({ timeout: 30_000 });

    // 审核 from the list opens the activity; 审核通过 → 已通过.
    await page.goto(`/activityList?code=${activityCode}`);
    const listRow = tableRows(page).filter({ hasText: activityCode });
    await listRow.getByText('待审核').waitFor({ timeout: 30_000 });
    await button(listRow, '审核').click();
    await page.waitForURL(activityUrl);
    await button(page, '审核通过').click();
    await confirmDialog(page, /确定审核通过「.+」/);
    await status('已通过').waitFor({ timeout: 30_000 });

    // 下载二维码: a zip of one PNG per card and the card list.
    const [download] = await Promise.all([page.waitForEvent('download'), button(page, '下载二维码').click()]);
    expect(download.suggestedFilename()).toBe(`${activityCode}_${activityName}_二维码.zip`);
    const zip = await JSZip.loadAsync(await readFile(await download.path()));
    const names = Object.keys(zip.files);
    expect(names.filter((f) => f.endsWith('.png')).sort()).toEqual(numbers.map((x) => `${x}.png`).sort());
    expect(names).toContain('卡号清单.xlsx');
    expect(names).toHaveLength(6);

    // 作废 one card → 已作废.
    const victim = cards.filter({ hasText: numbers[0] as string });
    await button(victim, '作废').click();
    await confirmDialog(page, new RegExp(`确定作废卡号 ${numbers[0]}`));
    await victim.getByText('已作废').waitFor({ timeout: 30_000 });
    await page.getByText('已领取 0 · 未领取 4 · 已作废 1').waitFor();

    // 2. A card of the demo's approved activity that a member claimed, and that member's account.
    await page.goto('/activityList?code=HD000001');
    const demoRow = tableRows(page).filter({ hasText: 'HD000001' });
    await demoRow.getByText('已通过').waitFor({ timeout: 30_000 });
    await button(demoRow, '查看').click();
    await page.waitForURL(/\/activityDetail\?id=\d+$/);
    const demoCards = cardsOf(page);
    await demoCards.getByLabel('卡状态').click();
    await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: '已领取' }).click();
    const claimed = tableRows(demoCards).first();
    await claimed.getByText('已领取').waitFor({ timeout: 30_000 });
    const cells = (await claimed.locator('td').allInnerTexts()).map((t) => t.trim());
    const [realNumber, , claimer, , memberCardNo] = cells as [string, string, string, string, string];
    const memberCode = claimer.match(/（(HY\d{8})）$/)?.[1] ?? '';
    expect(memberCode, claimer).not.toBe('');
    expect(memberCardNo).toMatch(/^KH\d{8}$/);

    await page.goto('/memberList?pageSize=100');
    const adminTotal = await listTotal(page);
    // A member outside 华东, for the region manager to look for below.
    const codes = await columnTexts(page, '会员编号');
    const regions = await columnTexts(page, '大区');
    const outsider = codes.find((_, i) => regions[i] !== '华东大区');
    expect(outsider).toBeDefined();

    await page.getByPlaceholder('请输入会员编号').filter({ visible: true }).fill(memberCode);
    await button(page, '查询').filter({ visible: true }).click();
    await expect.poll(() => listTotal(page), { timeout: 30_000 }).toBe(1);
    await button(tableRows(page).filter({ hasText: memberCode }), '查看').click();
    await page.waitForURL(/\/personalAccount\?id=\d+$/);
    await page.getByText(memberCode, { exact: true }).filter({ visible: true }).first().waitFor({ timeout: 30_000 });

    // 会员卡: the card the claim opened; its ledger's 开卡 row names the real card.
    const memberCard = tableRows(page, '会员卡').filter({ hasText: memberCardNo });
    await memberCard.waitFor({ timeout: 30_000 });
    await memberCard.getByRole('button', { name: /展开行/ }).click();
    const ledger = page.getByRole('table', { name: '会员卡流水' });
    const openRow = tableRows(ledger).filter({ hasText: '开卡' });
    await openRow.waitFor({ timeout: 30_000 });
    expect(await openRow.innerText()).toContain(`实体卡 ${realNumber}`);

    // 消费记录: the member's bills, paged on the server (or the empty state).
    // 消费记录 (/purchaseHistory on the report engine): the member's bills and mall orders, each
    // with its number and kind, 共 N 条 paged on the server.
    await page.getByRole('tab', { name: '消费记录' }).click();
    const billsPanel = page.getByRole('tabpanel', { name: '消费记录' });
    const billRows = tableRows(billsPanel);
    const empty = billsPanel.getByText('暂无数据');
    await expect
      .poll(async () => (await empty.isVisible()) || (await billRows.count()) > 0, { timeout: 30_000 })
      .toBe(true);
    if (!(await empty.isVisible())) {
      const heads = (await billsPanel.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim());
      const cells = (title: string) => billRows.locator(`td:nth-child(${heads.indexOf(title) + 1})`).allInnerTexts();
      const [nos, kinds] = [await cells('单号'), await cells('类型')];
      expect(nos.length).toBe(Math.min(await listTotal(billsPanel), 10));
      for (const [i, no] of nos.entries()) {
        expect(['门店收银', '商城订单']).toContain(kinds[i]);
        if (kinds[i] === '门店收银') expect(no).toMatch(/^XF\d{10}$/);
        else expect(no.trim()).not.toBe('');
      }
    }
    await context.close();

    // 3. The region manager of 华东大区 sees only members of 华东 stores; the server filters the list.
    const other = await browser.newPage();
    await signInRegionManager(other.page);
    await other.page.goto('/memberList?pageSize=100');
    await tableRows(other.page).first().waitFor({ timeout: 30_000 });
    const regionTotal = await listTotal(other.page);
    expect(regionTotal).toBeGreaterThan(0);
    expect(regionTotal).toBeLessThan(adminTotal);
    const seen = await columnTexts(other.page, '大区');
    expect(seen.length).toBe(Math.min(regionTotal, 100));
    expect(new Set(seen)).toEqual(new Set(['华东大区']));
    // Asked for by its code, a member of another region is not there.
    const [outsiderReply] = await Promise.all([
      other.page.waitForResponse((r) => r.url().includes('/rest/member/list?') && r.url().includes(`code=${outsider}`)),
      other.page.goto(`/memberList?code=${outsider}`),
    ]);
    expect((await outsiderReply.json()).data).toMatchObject({ list: [], total: 0 });
    await other.page.getByText('暂无会员', { exact: true }).filter({ visible: true }).first().waitFor();
    await other.context.close();
  });
});
