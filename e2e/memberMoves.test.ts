/**
 * 闭店迁移 end to end, as a new user meets it (issue 15): the administrator opens /close, starts
 * 闭店迁移, picks a demo store whose members hold money on its cards (the stores other e2e files
 * name are left alone), sees its members with their cards and balances, picks a receiving store,
 * confirms; the closure's detail shows the job's progress to its end; a moved member's account
 * (/personalAccount, opened from the detail) shows the same card product with the same 本金 and
 * 赠送 at the receiving store, and the emptied card at the closed store; /asstes' chain totals
 * (期初, the movement, 期末) are the same before and after.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button, confirmDialog, openDropdown, submitPasswordLogin, useBrowser } from './browser';

const browser = useBrowser();

/** Stores other files name (seed/memberMoves.ts NAMED): never closed here. */
const NAMED = /BJ001|BJ002|SH001|SH002|GZ001|HZ001|SZ001|CD001/;

/** Chooses the `i`-th option of the select labelled `label` with the keyboard (the list is virtual); answers its text. */
const chooseNth = async (page: Page, scope: Locator, label: string, i: number): Promise<string> => {
  const select = scope.getByLabel(label, { exact: true });
  await select.click();
  await openDropdown(page).waitFor();
  for (let k = 0; k < i; k++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await openDropdown(page).waitFor({ state: 'hidden' });
  // antd 6 shows a searchable select's value in .ant-select-content (has-value), not a selection item.
  // (`has` queries its locator inside each candidate: the label's own locator, not one from the page.)
  const shown = scope.locator('.ant-select-content-has-value', { has: page.getByLabel(label, { exact: true }) });
  return (await shown.innerText()).trim();
};

const rowTexts = (table: Locator): Promise<string[][]> =>
  table
    .locator('.ant-table-tbody tr.ant-table-row')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => (td.textContent ?? '').trim())));

/** A stored card in the preview's 迁移的卡 text: number, product, 本金, 赠送. A row of the account's 会员卡 table: the expand cell, 卡号, 卡项, 类型, 余额, 开卡门店 … */
const STORED = /(KH\d+) ([^（；]+)（储值卡 本金 (¥[\d,]+\.\d\d) 赠送 (¥[\d,]+\.\d\d)）/g;

/** /asstes' totals row (合计: 期初, each movement, 期末 of the chain this month), cell by cell. */
const assetTotals = async (page: Page): Promise<string[]> => {
  await page.goto('/asstes');
  const totals = page.locator('.zb-report-totals');
  await totals.waitFor({ timeout: 30_000 });
  const cells = await totals.locator('td').evaluateAll((tds) => tds.map((td) => (td.textContent ?? '').trim()));
  expect(cells[0]).toBe('合计');
  return cells;
};

describe('闭店迁移 as a new user meets it', () => {
  it('closes a demo store, and a moved member keeps their cards and balance at the new store', async () => {
    const { page } = await browser.newPage();
    await submitPasswordLogin(page, 'admin', 'admin123');
    await page.waitForURL('**/welcome');
    const chainBefore = await assetTotals(page);
    await page.goto('/close');
    await button(page, '闭店迁移').click();
    // The innermost card holding the 闭店门店 select (the closures' list names 闭店门店 too).
    const wizard = page.locator('.ant-card', { has: page.getByLabel('闭店门店', { exact: true }) }).last();

    // The first store (not named by other files) with a member holding 本金 on one of its cards.
    let closing = '';
    let before: { phone: string; cards: RegExpMatchArray[] }[] = [];
    for (let i = 0; i < 30 && before.length === 0; i++) {
      const answered = page.waitForResponse((r) => r.url().includes('/rest/memberMove/preview'), { timeout: 30_000 });
      closing = await chooseNth(page, wizard, '闭店门店', i);
      await answered;
      if (NAMED.test(closing)) continue;
      await wizard.locator('.ant-table-tbody').waitFor();
      const rows = await rowTexts(wizard);
      before = rows
        .map((r) => ({ phone: r[2] ?? '', cards: [...(r[4] ?? '').matchAll(STORED)] }))
        .filter((m) => m.cards.some((c) => c[3] !== '¥0.00'));
    }
    expect(before.length, 'a demo store with 本金 on its cards').toBeGreaterThan(0);
    const receiving = await chooseNth(page, wizard, '接收门店', 0);
    expect(receiving).not.toBe(closing);
    await button(wizard, '确认闭店迁移').click();
    await confirmDialog(page, new RegExp(`确定将「${closing.replace(/[()（）]/g, '.')}」闭店`));
    await page.waitForURL(/\/closeDetail\?id=\d+$/, { timeout: 30_000 });
    // The job's progress, to its end.
    await expect
      .poll(
        async () =>
          page
            .locator('.ant-descriptions')
            .getByText(/已完成|部分失败/)
            .count(),
        { timeout: 120_000 },
      )
      .toBeGreaterThan(0);

    // A moved member who held 本金: their account at the receiving store.
    const moved = page.locator('.ant-table').filter({ hasText: '失败原因' });
    await moved.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const rows = await rowTexts(moved);
    const done = rows.filter((r) => r.includes('已迁移')).map((r) => r[2]);
    const member = before.find((m) => done.includes(m.phone));
    expect(member, 'a member with 本金 moved').toBeTruthy();
    await moved.locator('tr', { hasText: member!.phone }).getByRole('link').click();
    await page.waitForURL(/\/personalAccount\?id=\d+$/);
    const cards = page.getByRole('table').filter({ hasText: '开卡门店' }).first();
    await cards.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    const held = await rowTexts(cards);
    const receivingName = receiving.replace(/（.*$/, '');
    const closingName = closing.replace(/（.*$/, '');
    for (const [, cardNo, product, amount, bonus] of member!.cards) {
      // The same product with the same 本金 and 赠送 at the receiving store …
      expect(
        held.some(
          (r) => r[2] === product && r[4] === `${amount} ＋赠送 ${bonus}` && r[5] === receivingName && r[1] !== cardNo,
        ),
        `${product} ${amount}+${bonus} at ${receivingName} in ${JSON.stringify(held)}`,
      ).toBe(true);
      // … and the card it came from, emptied, at the closed store.
      expect(held.find((r) => r[1] === cardNo)?.slice(4, 6)).toEqual(['¥0.00 ＋赠送 ¥0.00', closingName]);
    }

    // The chain's liability is what it was: 迁出 and 迁入 cancel out in /asstes' totals row.
    expect(await assetTotals(page)).toEqual(chainBefore);
  });
});
