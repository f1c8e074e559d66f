/**
 * 优惠券按人群 end to end (issue 16 "Proof"), as a new user would: the admin builds a crowd (北京朝阳店's
 * members) on /crowdDetail, issues the active 会员日85折券 to it from /couponsManagement (a job whose
 * progress the dialog shows), 北京朝阳店's POS sends a bill that uses one of those coupons (signed
 * with the demo key), and the coupon shows 已核销 on the member's /coupon tab and one more 已核销 in
 * the template's figures.
 */
import { randomBytes } from 'node:crypto';
import type { OpenBillAnswer } from '@zb/contract/entities/bill';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { reportApi } from '@zb/contract/report/api';
import { MEMBER_COUPONS_VIEW } from '@zb/contract/reports/coupons';
import { describe, expect, it } from 'vitest';
import { PROJECTS } from '../apps/server/src/seed/goods';
import { button, consoleApi, openDropdown, submitPasswordLogin, useBrowser } from './browser';
import { openPost as postOpen } from './openApi';

const browser = useBrowser();
const STORE = { code: 'BJ001', name: '北京朝阳店' };
const TEMPLATE = '会员日85折券';
const openPost = <D>(path: string, doc: unknown) => postOpen<D>(browser.baseUrl(), path, doc);

interface TemplateRow {
  id: number;
  name: string;
  usedCount: number;
}
interface CouponRow {
  couponNo: string;
  templateName: string;
  status: string;
  issuedAt: string;
}

describe('优惠券按人群发放', () => {
  it('crowd → coupon issued to it → a POS bill uses one → 已核销 on the member’s tab and in the figures', async () => {
    const { page } = await browser.newPage();
    await submitPasswordLogin(page, 'admin', 'admin123');
    await page.waitForURL('**/welcome');
    const get = await consoleApi(page);

    // (1) A crowd of 北京朝阳店's members.
    const crowd = `e2e 朝阳店会员 ${randomBytes(3).toString('hex')}`;
    await page.goto('/crowdManagement');
    await page
      .getByRole('button', { name: /新增人群/ })
      .first()
      .click();
    await page.waitForURL('**/crowdDetail?create=1');
    // /crowdManagement stays mounted (kept alive) behind the detail: aim at the builder's own inputs.
    await page.locator('input[aria-label="人群名称"]').fill(crowd);
    await page.locator('input[aria-label="门店"]').click();
    await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: STORE.name }).first().click();
    await page.keyboard.press('Escape');
    // The store is chosen (its tag in the select), then the live count follows: slow on a busy machine.
    await page.locator('.ant-select-selection-item', { hasText: STORE.name }).first().waitFor({ timeout: 15_000 });
    const count = page.locator('.ant-statistic', { hasText: '符合条件的会员' });
    await expect.poll(() => count.innerText(), { timeout: 30_000 }).toMatch(/[1-9]\d*/);
    await button(page, '保存').click();
    await page.waitForURL(/\/crowdDetail\?id=\d+/);

    // (2) Issue the active 会员日85折券 to it.
    const before = await get<{ list: TemplateRow[] }>(
      `/rest/coupons/template/list?pageNo=1&pageSize=10&name=${encodeURIComponent(TEMPLATE)}`,
    );
    const template = before.list.find((t) => t.name === TEMPLATE)!;
    await page.goto('/couponsManagement');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: TEMPLATE });
    await row.waitFor({ timeout: 30_000 });
    await button(row, '发放').click();
    const dialog = page.locator('.ant-modal', { hasText: `发放优惠券：${TEMPLATE}` });
    await dialog.getByText('按人群').click();
    await dialog.getByLabel('人群', { exact: true }).click();
    await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: crowd }).first().click();
    await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).toMatch(/当前符合条件的会员：\d+ 人/);
    await button(dialog, '发放').click();
    await expect.poll(() => dialog.innerText(), { timeout: 60_000 }).toMatch(/成功发放 [1-9]\d* 张/);
    await button(dialog, '完成').click();

    // (3) A member of the crowd with today's coupon.
    const members = await get<{ list: { id: number; code: string; name: string }[] }>(
      `/rest/member/list?pageNo=1&pageSize=50&storeName=${encodeURIComponent(STORE.name)}`,
    );
    let found: { member: { id: number; code: string; name: string }; couponNo: string } | undefined;
    for (const m of members.list) {
      const coupons = await get<{ list: CouponRow[] }>(
        `${reportApi(MEMBER_COUPONS_VIEW).list.path}?memberId=${m.id}&pageNo=1&pageSize=50`,
      );
      const c = coupons.list.find(
        (x) => x.templateName === TEMPLATE && x.status === 'unused' && Date.now() - Date.parse(x.issuedAt) < 600_000,
      );
      if (c) {
        found = { member: m, couponNo: c.couponNo };
        break;
      }
    }
    expect(found, 'a member of the crowd holding the coupon just issued').toBeDefined();
    const { member, couponNo } = found!;

    // (4) The POS sends a bill that uses it: 15% off the project (capped at ¥50), the rest in cash.
    const [code, , , , , price] = PROJECTS[0]!;
    const total = price * 100;
    const off = Math.min(Math.floor((total * 1500) / 10000), 5000);
    const bill = await openPost<OpenBillAnswer>(OPEN_PATHS.bills, {
      outerNo: `E2E-COUPON-${Date.now()}`,
      storeCode: STORE.code,
      member: member.code,
      at: new Date().toISOString(),
      lines: [{ kind: 'project', code }],
      coupons: [couponNo],
      payments: [{ method: 'cash', amount: total - off }],
    });
    expect(bill.errcode, bill.errmsg).toBe('0');

    // (5) The member's /coupon tab shows it 已核销 with the bill; the template counts one more.
    await page.goto(`/personalAccount?id=${member.id}`);
    await page.getByRole('tab', { name: '优惠券' }).click();
    const coupon = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: couponNo });
    await coupon.waitFor({ timeout: 30_000 });
    await expect.poll(() => coupon.innerText(), { timeout: 15_000 }).toContain('已核销');
    expect(await coupon.innerText()).toContain(bill.data.billNo);
    await page.goto('/couponsManagement');
    await row.waitFor({ timeout: 30_000 });
    const after = await get<{ list: TemplateRow[] }>(
      `/rest/coupons/template/list?pageNo=1&pageSize=10&name=${encodeURIComponent(TEMPLATE)}`,
    );
    expect(after.list.find((t) => t.id === template.id)!.usedCount).toBe(template.usedCount + 1);
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(String(template.usedCount + 1));
  });
});
