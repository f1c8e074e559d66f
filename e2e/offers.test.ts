/**
 * 折扣方案 end to end, as a new user would: the admin creates a plan on /salesDetail (乌发护理套装 at
 * 9 折, a product no other test bills), sends it for review, approves it in /approvalCenter, the
 * demo POS of 北京朝阳店 sends a bill of it (signed with the demo key) and is charged the plan's
 * price, and the plan's 活动效果 and 销售记录 show that bill.
 */
import type { OpenBillAnswer } from '@zb/contract/entities/bill';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { describe, expect, it } from 'vitest';
import { PRODUCTS } from '../apps/server/src/seed/goods';
import {
  approveInCenter,
  button,
  confirmDialog,
  consoleApi,
  dayFromNow,
  fillDays,
  openDropdown,
  submitPasswordLogin,
  useBrowser,
} from './browser';
import { openPost as postOpen } from './openApi';

const browser = useBrowser();
const GOODS = PRODUCTS.find((p) => p[0] === 'P030')!;

describe('折扣方案', () => {
  it('created, reviewed and approved in the console prices the next POS bill, and its results show it', async () => {
    const { page } = await browser.newPage();
    await submitPasswordLogin(page, 'admin', 'admin123');
    await page.waitForURL('**/welcome');
    const get = await consoleApi(page);
    const name = `e2e 套装九折 ${Date.now() % 1_000_000}`;

    // (1) The plan: 乌发护理套装 at 9 折 at every store, from today.
    await page.goto('/salesList');
    await page.getByRole('button', { name: /新增折扣方案/ }).click();
    await page.waitForURL('**/salesDetail?create=1');
    // /salesList stays mounted (kept alive) behind the detail, its search form too: aim at the new plan's card.
    const form = page.locator('.ant-card').filter({ hasText: '新增折扣方案' });
    await form.getByLabel('方案名称', { exact: true }).fill(name);
    await fillDays(form, [
      ['开始日期', dayFromNow(0)],
      ['结束日期', dayFromNow(7)],
    ]);
    await form.getByRole('button', { name: /添加商品/ }).click();
    await form.locator('.ant-select', { has: page.getByLabel('选择商品', { exact: true }) }).click();
    await page.keyboard.type(GOODS[0]);
    await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: GOODS[0] }).first().click();
    const listPrice = GOODS[6] * 100;
    const price = Math.round((listPrice * 90) / 100);
    await form.getByText(`活动价 ¥${(price / 100).toFixed(2)}`).waitFor();
    await button(page, '保存').click();
    await page.waitForURL(/\/salesDetail\?id=\d+$/, { timeout: 30_000 });
    const id = Number(new URL(page.url()).searchParams.get('id'));

    // (2) 提交审核, then 通过 in the approval center.
    await button(page.locator('.ant-card', { hasText: '活动效果' }), '提交审核').click();
    await confirmDialog(page, /将折扣方案「.+」提交到审批中心审核/);
    await approveInCenter(page, get, 'sale');
    const plan = await get<{ status: string }>(`/rest/sale/detail/${id}`);
    expect(plan.status).toBe('active');

    // (3) The POS sells one at the plan's price; the list price would not add up.
    const member = (await get<{ list: { code: string }[] }>('/rest/member/list?pageNo=1&pageSize=1')).list[0]!;
    const bill = await postOpen<OpenBillAnswer>(browser.baseUrl(), OPEN_PATHS.bills, {
      outerNo: `E2E-SALE-${Date.now()}`,
      storeCode: 'BJ001',
      member: member.code,
      at: new Date().toISOString(),
      lines: [{ kind: 'product', code: GOODS[0] }],
      payments: [{ method: 'cash', amount: price }],
    });
    expect(bill.errcode, bill.errmsg).toBe('0');
    expect(bill.data.total).toBe(price);

    // (4) The plan's results and its 销售记录 show the bill.
    await page.goto(`/salesDetail?id=${id}`);
    const results = page.locator('.ant-card', { hasText: '活动效果' });
    await results
      .getByText('进行中')
      .waitFor({ timeout: 30_000 })
      .catch(() => undefined);
    await expect
      .poll(() => results.innerText(), { timeout: 30_000 })
      .toContain(`¥${((listPrice - price) / 100).toFixed(2)}`);
    const sold = page
      .locator('.ant-card', { hasText: '销售记录' })
      .locator('tr.ant-table-row', { hasText: bill.data.billNo });
    await sold.waitFor({ timeout: 30_000 });
    expect(await sold.innerText()).toContain(GOODS[1]);
  });
});
