/**
 * 补卡 end to end, as a new user meets it (issue 15): the administrator opens
 * /supplementOrCancellation, 申请补卡 for a demo member's 储值卡 (found by the member's phone), gives
 * a new card number and a reason and confirms; the application waits in /approvalCenter, where it
 * is approved; the list shows it 已通过并执行, and the member's /personalAccount shows the old card 已补卡
 * and empty and the new card holding the same 本金 and 赠送.
 */
import { describe, expect, it } from 'vitest';
import { button, confirmDialog, submitPasswordLogin, useBrowser } from './browser';

const browser = useBrowser();

/** 异常卡丁 (seed/memberAssets.ts): a sound 资产演示储值卡 of its own; no other e2e file draws on it. */
const PHONE = '13990080003';
const NEW_CARD_NO = `E2EBK${Date.now() % 1_000_000}`;

describe('补卡 as a new user meets it', () => {
  it('applies a 补卡 on /supplementOrCancellation, approves it in the approval center, and the new card holds the balance', async () => {
    const { page, context } = await browser.newPage();
    await submitPasswordLogin(page, 'admin', 'admin123');
    await page.waitForURL('**/welcome');

    // (1) 申请补卡: the card found by the member's phone, a new number, a reason, confirmed.
    await page.goto('/supplementOrCancellation');
    await button(page, '申请补卡').click();
    const modal = page.getByRole('dialog').filter({ hasText: '申请补卡' });
    await modal.getByLabel('卡号或手机号').fill(PHONE);
    await button(modal, '查询').click();
    const picked = modal.locator('.ant-select', { has: page.getByLabel('会员卡', { exact: true }) });
    await picked.getByText(/KH\d+/).waitFor({ timeout: 30_000 });
    const label = (await picked.innerText()).trim();
    const [, oldCardNo, principal, bonus] =
      /(KH\d+) .*本金 ([\d,]+\.\d\d) 元、赠金 ([\d,]+\.\d\d) 元/.exec(label) ?? [];
    expect(oldCardNo, label).toBeDefined();
    expect(principal).not.toBe('0.00');
    await modal.getByLabel('新卡号').fill(NEW_CARD_NO);
    await modal.getByLabel('原因').fill('会员卡遗失，补办新卡');
    await button(modal, '提交').click();
    await confirmDialog(page, new RegExp(`确定提交会员卡 ${oldCardNo} 的补卡申请吗`));
    const notice = page.getByText(/已提交补卡申请（审批单号 SP\d+）/);
    await notice.waitFor({ timeout: 30_000 });
    const spNo = /SP\d+/.exec(await notice.innerText())![0];
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: NEW_CARD_NO });
    await row.getByText('待审批').waitFor({ timeout: 30_000 });

    // (2) The approval center approves it.
    await page.goto(`/approvalCenter?status=pending&keyword=${spNo}`);
    const approval = page.getByRole('row').filter({ hasText: spNo });
    await approval.getByText('待审批').waitFor({ timeout: 30_000 });
    await approval.getByRole('button', { name: /查\s*看/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('审批意见').fill('核实为会员本人，同意补卡');
    await button(drawer, '通过').click();
    await confirmDialog(page, /确定通过该申请？/);
    await drawer.getByText('已通过').first().waitFor({ timeout: 30_000 });

    // (3) The list shows it done.
    await page.goto('/supplementOrCancellation');
    const done = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: NEW_CARD_NO });
    await done.getByText('已通过并执行').waitFor({ timeout: 30_000 });

    // (4) The member's account: the old card 已补卡 and empty, the new one holding what it held.
    await page.goto('/memberList');
    await page.getByPlaceholder('请输入手机号').filter({ visible: true }).fill(PHONE);
    await button(page, '查询').filter({ visible: true }).click();
    const member = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: PHONE });
    await expect.poll(() => member.count(), { timeout: 30_000 }).toBe(1);
    await button(member, '查看').click();
    await page.waitForURL(/\/personalAccount\?id=\d+$/);
    const cards = page.getByRole('table').filter({ hasText: '开卡门店' }).first();
    const oldRow = cards.locator('tr.ant-table-row').filter({ hasText: oldCardNo! });
    // The new card: the member's other card of the same product, 正常 (its number is the system's KH…;
    // the 新卡号 applied for is the application's, shown on /supplementOrCancellation).
    const newRow = cards.locator('tr.ant-table-row').filter({ hasText: '正常' });
    await newRow.waitFor({ timeout: 30_000 });
    const oldText = await oldRow.innerText();
    expect(oldText).toContain('已补卡');
    expect(oldText).toContain('¥0.00 ＋赠送 ¥0.00');
    const newText = await newRow.innerText();
    expect(newText).toContain(`¥${principal} ＋赠送 ¥${bonus}`);
    expect(newText).toContain('正常');
    await context.close();
  });
});
