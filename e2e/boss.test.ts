/**
 * Boss permission end to end: a store boss without headquarters roles applies at /login and
 * waits; an administrator in another browser finds the application in /approvalCenter and
 * approves it (the boss is signed in as 门店店长) or rejects it (授权未通过，请重新申请). While an
 * application is pending, signing in again says 审批中，暂时无法登录，请留意审批结果.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { submitPasswordLogin, useBrowser } from './browser';

const browser = useBrowser();

/** A boss signs in, is offered 申请老板权限, applies and waits; answers the approval number. */
const bossApplies = async (page: Page, user: string): Promise<string> => {
  await submitPasswordLogin(page, user, 'boss1234');
  await page.getByRole('button', { name: /申请老板权限/ }).click();
  await page.getByText('审批中…').waitFor();
  const text = await page.getByText(/审批编号：SP\d{12}/).innerText();
  return /SP\d{12}/.exec(text)![0];
};

/** The administrator opens the application from /approvalCenter and decides it with a comment. */
const adminDecides = async (page: Page, spNo: string, decision: '通过' | '驳回', comment: string) => {
  await page.goto(`/approvalCenter?status=pending&keyword=${spNo}`);
  const row = page.getByRole('row').filter({ hasText: spNo });
  await row.getByText('待审批').waitFor();
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByText('提交申请').waitFor();
  await drawer.getByLabel('审批意见').fill(comment);
  await drawer.getByRole('button', { name: new RegExp(decision.split('').join('\\s*')) }).click();
  // The confirm dialog (提示) takes Enter.
  await page.getByText(`确定${decision}该申请？`).waitFor();
  await page.keyboard.press('Enter');
  await drawer
    .getByText(decision === '通过' ? '已通过' : '已驳回')
    .first()
    .waitFor();
  await drawer.getByText(comment).first().waitFor();
};

const adminPage = async () => {
  const admin = await browser.newPage();
  await submitPasswordLogin(admin.page, 'admin', 'admin123');
  await admin.page.waitForURL('**/welcome');
  return admin;
};

describe('boss permission approval', () => {
  it('approved: the waiting boss sees 授权通过 and enters as 门店店长', async () => {
    const boss = await browser.newPage();
    const spNo = await bossApplies(boss.page, '13800000003');

    const admin = await adminPage();
    await adminDecides(admin.page, spNo, '通过', '同意开通老板权限');

    // The poll (every 5 s) notices within one interval.
    await boss.page.getByText('授权通过').first().waitFor({ timeout: 7_000 });
    await boss.page.getByText('门店店长', { exact: true }).click();
    await boss.page.waitForURL('**/welcome');
    expect(await boss.page.getByTestId('top-bar').innerText()).toContain('王建国');

    // The history shows the whole story, the boss's sign-in included.
    await admin.page.goto(`/approvalCenter?keyword=${spNo}`);
    await admin.page
      .getByRole('row')
      .filter({ hasText: spNo })
      .getByRole('button', { name: /查\s*看/ })
      .click();
    const drawer = admin.page.getByRole('dialog');
    for (const step of ['提交申请', '审批通过', '授权登录']) await drawer.getByText(step).waitFor();

    await boss.context.close();
    await admin.context.close();
  });

  it('rejected: the boss sees 授权未通过，请重新申请; applying again is pending and blocks the sign-in', async () => {
    const boss = await browser.newPage();
    const spNo = await bossApplies(boss.page, '13800000005');

    const admin = await adminPage();
    await adminDecides(admin.page, spNo, '驳回', '资料不全');

    await boss.page.getByText('授权未通过，请重新申请').waitFor({ timeout: 7_000 });
    // 申请老板权限 again: a new application, waiting once more.
    await boss.page.getByRole('button', { name: /申请老板权限/ }).click();
    await boss.page.getByText('审批中…').waitFor();
    const again = /SP\d{12}/.exec(await boss.page.getByText(/审批编号：SP\d{12}/).innerText())![0];
    expect(again).not.toBe(spNo);

    // Meanwhile, signing in again is refused with the pending warning.
    const other = await browser.newPage();
    await submitPasswordLogin(other.page, '13800000005', 'boss1234');
    await other.page.getByText('审批中，暂时无法登录，请留意审批结果').waitFor();
    expect(new URL(other.page.url()).pathname).toBe('/login');

    await boss.context.close();
    await other.context.close();
    await admin.context.close();
  });
});
