/**
 * 商城活动 end to end, as a new user would: the admin creates a 秒杀 on /mallEventsList (旅行装 at 39
 * 元, 2 pieces, 1 a member), sends it for review and approves it in /approvalCenter; the demo
 * mini-program reads it and three members order at once: two get the event's price, the third finds
 * it sold out; the event's 活动效果 counts the two orders, and /activityOrderList opens one with its event.
 */
import type { MallOrderAnswer } from '@zb/contract/entities/mall';
import type { OpenMallEvent } from '@zb/contract/entities/mallEvent';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { describe, expect, it } from 'vitest';
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
import { DEMO_MINI, openPost } from './openApi';

const browser = useBrowser();
const GOODS = 'SC-P002';

describe('商城活动', () => {
  it('created and approved in the console sells its stock to the mini-program at its price, never more', async () => {
    const { page } = await browser.newPage();
    await submitPasswordLogin(page, 'admin', 'admin123');
    await page.waitForURL('**/welcome');
    const get = await consoleApi(page);
    const name = `e2e 秒杀 ${Date.now() % 1_000_000}`;

    // (1) The event: 旅行装 at 39 元, 2 pieces, 1 a member, from today.
    await page.goto('/mallEventsList');
    await page.getByRole('button', { name: /新增商城活动/ }).click();
    await page.waitForURL('**/mallEventsDetail?create=1');
    const form = page.locator('.ant-card').filter({ hasText: '新增商城活动' });
    await form.getByLabel('活动名称', { exact: true }).fill(name);
    await fillDays(form, [
      ['开始日期', dayFromNow(0)],
      ['结束日期', dayFromNow(3)],
    ]);
    await form.getByRole('button', { name: /添加商品/ }).click();
    await form.locator('.ant-select', { has: page.getByLabel('选择商城商品', { exact: true }) }).click();
    await page.keyboard.type(GOODS);
    await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: GOODS }).first().click();
    await form.getByText('商城价 ¥59.00').waitFor();
    await form.getByLabel('活动价', { exact: true }).fill('39');
    await form.getByLabel('活动库存', { exact: true }).fill('2');
    await form.getByLabel('每人限购', { exact: true }).fill('1');
    await button(page, '保存').click();
    await page.waitForURL(/\/mallEventsDetail\?id=\d+$/, { timeout: 30_000 });
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const saved = await get<{ code: string; items: unknown[] }>(`/rest/mallEvent/detail/${id}`);
    expect(saved.items).toEqual([expect.objectContaining({ price: 3_900, stock: 2, limitPerMember: 1 })]);

    // (2) 提交审核, then 通过 in the approval center.
    await button(page.locator('.ant-card', { hasText: '活动效果' }), '提交审核').click();
    await confirmDialog(page, /将商城活动「.+」提交到审批中心审核/);
    await approveInCenter(page, get, 'mallEvent');
    expect((await get<{ status: string }>(`/rest/mallEvent/detail/${id}`)).status).toBe('active');

    // (3) The mini-program sees it; three members order at once: two at 39 元, the third finds it sold out.
    const events = await openPost<OpenMallEvent[]>(browser.baseUrl(), OPEN_PATHS.mallEvents, {}, DEMO_MINI);
    const mine = events.data.find((e) => e.code === saved.code)!;
    expect(mine.items[0]).toMatchObject({ goodsCode: GOODS, price: 5_900, eventPrice: 3_900, left: 2 });
    const members = (await get<{ list: { code: string }[] }>('/rest/member/list?pageNo=1&pageSize=10')).list.slice(
      0,
      3,
    );
    const answers = await Promise.all(
      members.map((m, i) =>
        openPost<MallOrderAnswer>(
          browser.baseUrl(),
          OPEN_PATHS.mallOrders,
          {
            outerNo: `E2E-HD-${Date.now()}-${i}`,
            member: m.code,
            storeCode: 'BJ001',
            delivery: 'pickup',
            lines: [{ goodsCode: GOODS, quantity: 1 }],
            total: 3_900,
            eventCode: saved.code,
          },
          DEMO_MINI,
        ),
      ),
    );
    expect(answers.map((a) => a.errcode).sort()).toEqual(['0', '0', 'MALL-40901']);
    const sold = answers.filter((a) => a.errcode === '0').map((a) => a.data.orderNo);

    // (4) The event's results count the two; /activityOrderList opens one with its event.
    await page.goto(`/mallEventsDetail?id=${id}`);
    const results = page.locator('.ant-card', { hasText: '活动效果' });
    await expect.poll(() => results.innerText(), { timeout: 30_000 }).toContain('¥78.00');
    await page.goto('/activityOrderList');
    const search = page.locator('form').first();
    await button(search, '展开').click();
    await search.getByLabel('活动编号', { exact: true }).fill(saved.code);
    await button(search, '查询').click();
    const row = page.locator('tr.ant-table-row', { hasText: sold[0]! });
    await row.waitFor({ timeout: 30_000 });
    expect(await page.locator('tr.ant-table-row', { hasText: saved.code }).count()).toBe(2);
    await row.getByRole('button', { name: /查\s*看/ }).click();
    await page.waitForURL('**/activityOrderDetail?id=*');
    const detail = page.locator('.ant-card', { hasText: `商城活动订单 ${sold[0]}` });
    await detail.getByText(`${name}（${saved.code}）`).waitFor({ timeout: 30_000 });
  });
});
