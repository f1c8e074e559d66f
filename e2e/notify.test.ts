/**
 * 会员通知 end to end (issue 17 "Channels that reach people"), as a new user would: the admin sends
 * a test of the demo's 消费提醒 SMS from /SMSmessage; 北京朝阳店's POS sends a bill for one of its
 * members (signed with the demo key); 立即执行 of the job 发送会员通知 on /schedule sends it through
 * the built-in SMS simulator; /SMSmessage's 发送记录 shows the member's SMS 已发送 with the bill's
 * number, and /aliSmsLog counts 北京朝阳店's SMS and their fee.
 */
import type { OpenBillAnswer } from '@zb/contract/entities/bill';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { describe, expect, it } from 'vitest';
import { PROJECTS } from '../apps/server/src/seed/goods';
import { confirmDialog, consoleApi, submitPasswordLogin, useBrowser } from './browser';
import { openPost as postOpen } from './openApi';

const browser = useBrowser();
const STORE = { code: 'BJ001', name: '北京朝阳店' };
const openPost = <D>(path: string, doc: unknown) => postOpen<D>(browser.baseUrl(), path, doc);

describe('会员通知', () => {
  it('a test SMS, then a POS bill told to its member by the job: the log and the fee report show it', async () => {
    const { page } = await browser.newPage();
    await submitPasswordLogin(page, 'admin', 'admin123');
    await page.waitForURL('**/welcome');
    const get = await consoleApi(page);

    // 测试发送 of the demo's 消费提醒.
    await page.goto('/SMSmessage');
    const template = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '尊敬的${memberName}' });
    await template.waitFor({ timeout: 30_000 });
    await template.getByRole('button', { name: '测试发送' }).click();
    const modal = page.locator('.ant-modal', { hasText: '测试发送' });
    await modal.getByPlaceholder('11 位手机号').fill('13700001111');
    await modal.getByRole('button', { name: /发\s*送/ }).click();
    await expect
      .poll(() => modal.getByTestId('test-result').innerText(), { timeout: 15_000 })
      .toMatch(/^已发送：【丝域养发】尊敬的张三，/);
    await modal.getByRole('button', { name: /取\s*消/ }).click();

    // A member of 北京朝阳店 who has not opted out.
    const out = await get<{ list: { phone: string }[] }>('/rest/SMSmessage/optout/list?pageNo=1&pageSize=100');
    const members = await get<{ list: { code: string; name: string; phone: string }[] }>(
      `/rest/member/list?pageNo=1&pageSize=50&storeName=${encodeURIComponent(STORE.name)}`,
    );
    const member = members.list.find((m) => !out.list.some((o) => o.phone === m.phone))!;
    expect(member, 'a member of 北京朝阳店').toBeDefined();
    const [code, , , , , price] = PROJECTS[0]!;
    const bill = await openPost<OpenBillAnswer>(OPEN_PATHS.bills, {
      outerNo: `E2E-NOTIFY-${Date.now()}`,
      storeCode: STORE.code,
      member: member.code,
      at: new Date().toISOString(),
      lines: [{ kind: 'project', code }],
      payments: [{ method: 'cash', amount: price * 100 }],
    });
    expect(bill.errcode, bill.errmsg).toBe('0');
    const { billNo } = bill.data;

    // The job sends what is due: 立即执行 on /schedule.
    await page.goto('/schedule');
    const job = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '发送会员通知' });
    await job.waitFor({ timeout: 30_000 });
    await job.getByRole('button', { name: '立即执行' }).click();
    await confirmDialog(page, /确定立即执行「发送会员通知/);
    // The job also runs every minute by itself: when its tick sent the message first, 立即执行
    // finds nothing left. Either way the 发送记录 below must show the bill's SMS sent.
    await expect.poll(() => job.innerText(), { timeout: 30_000 }).toMatch(/发送 [1-9]\d* 条|没有待发送的通知/);
    await expect
      .poll(
        async () =>
          (
            await get<{ list: { content: string; status: string }[] }>(
              `/rest/SMSmessage/log/list?pageNo=1&pageSize=20&recipient=${member.phone}`,
            )
          ).list.some((m) => m.content.includes(billNo) && m.status === 'sent'),
        { timeout: 30_000 },
      )
      .toBe(true);

    // 发送记录: the member's SMS with the bill's number, 已发送.
    await page.goto('/SMSmessage?tab=log');
    const sms = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: billNo });
    await sms.first().waitFor({ timeout: 30_000 });
    const text = await sms.first().innerText();
    expect(text).toContain('已发送');
    expect(text).toContain(member.name);
    expect(text).toContain(STORE.name);

    // /aliSmsLog counts 北京朝阳店's SMS.
    await page.goto('/aliSmsLog');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: STORE.name });
    await row.first().waitFor({ timeout: 30_000 });
    // 短信数 … 计费条数, 费用 (元): the bill's SMS is among them.
    const cells = (await row.first().innerText()).split('\t');
    expect(Number(cells.at(-6))).toBeGreaterThan(0);
    expect(cells.at(-1)).toMatch(/^[1-9][\d,]*\.\d{2}$|^0\.[1-9]\d$|^0\.0[1-9]$/);
  });
});
