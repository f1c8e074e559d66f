/**
 * 消息中心 end to end (issue 17 "Proof"), as a new user would: 张 (总部运营) opens /taskList,
 * creates a task for the stores of 华北大区 in the store tree and sends it; 北京朝阳店's POS answers
 * it through the open API (signed with the demo key, docs/open-api.md); without a reload 张's bell
 * counts one more unread notice (a 任务通知) and the open task shows 北京朝阳店 已完成.
 */
import { randomBytes } from 'node:crypto';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { formatDateTime } from '@zb/contract/time';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './browser';
import { openPost as postOpen } from './openApi';

const browser = useBrowser();

const openPost = <D>(path: string, doc: unknown) => postOpen<D>(browser.baseUrl(), path, doc);

const unreadOf = async (page: Page): Promise<number> => {
  const label = (await page.getByTestId('notice-bell').getAttribute('aria-label')) ?? '';
  return Number(label.match(/(\d+) 条未读/)?.[1] ?? 0);
};

describe('消息中心', () => {
  it('sends a task to one region; a store answers through the open API; bell and task update live', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, '13800000001', 'hq123456', '总部运营');
    await page.goto('/taskList');
    await page.getByRole('button', { name: '新增任务' }).click();
    await page.waitForURL('**/taskDetail?new=1');

    const title = `e2e 门店盘点确认 ${randomBytes(3).toString('hex')}`;
    // /taskList stays mounted (kept alive) behind the form: look inside the form only.
    const form = page.locator('#task-form');
    await form.getByPlaceholder('请输入标题').fill(title);
    await form.getByPlaceholder('请输入内容').fill('请清点洗护用品库存并回复数量');
    const deadline = formatDateTime(new Date(Date.now() + 3 * 86_400_000)).slice(0, 16);
    const picker = form.getByPlaceholder('请选择截止时间');
    await picker.click();
    await picker.fill(deadline);
    await picker.press('Enter');
    await expect.poll(() => picker.inputValue(), { timeout: 5_000 }).toBe(deadline);
    const north = form.locator('.ant-tree-treenode', { hasText: '华北大区' }).first();
    await north.locator('.ant-tree-checkbox').click();
    await expect
      .poll(() => form.getByText(/接收门店（已选 \d+ 家）/).innerText(), { timeout: 15_000 })
      .toMatch(/已选 [1-9]\d* 家/);
    await page.getByRole('button', { name: '下发任务' }).click();
    await page.waitForURL(/\/taskDetail\?id=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const row = page.locator('.ant-table-tbody tr.ant-table-row:visible', { hasText: '北京朝阳店' });
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('未读');
    const doneBefore = await page.getByTestId('task-done').innerText();
    const storeCount = Number(doneBefore.split('/')[1]);
    expect(doneBefore).toBe(`0/${storeCount}`);
    // Every store of 华北大区 got it.
    expect(await page.locator('.ant-table-tbody tr.ant-table-row:visible').count()).toBe(Math.min(storeCount, 20));

    await expect.poll(() => unreadOf(page), { timeout: 15_000 }).toBeGreaterThan(0);
    const before = await unreadOf(page);
    const reloads: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) reloads.push(f.url());
    });

    // 北京朝阳店's POS lists its tasks, finds this one and answers it.
    const mine = await openPost<{ list: { id: number; title: string }[] }>(OPEN_PATHS.taskMsgs, { kind: 2 });
    expect(mine.errcode, mine.errmsg).toBe('0');
    expect(mine.data.list.find((x) => x.id === id)?.title).toBe(title);
    const answered = await openPost(OPEN_PATHS.taskMsgAnswer, { id, result: '已清点：洗发水 24 瓶' });
    expect(answered.errcode, answered.errmsg).toBe('0');

    // Without a reload: the bell counts the 任务通知, the task shows the store done.
    await expect.poll(() => unreadOf(page), { timeout: 10_000 }).toBe(before + 1);
    await expect.poll(() => page.getByTestId('task-done').innerText(), { timeout: 10_000 }).toBe(`1/${storeCount}`);
    expect(await row.innerText()).toContain('已完成');
    expect(await row.innerText()).toContain('已清点：洗发水 24 瓶');
    expect(reloads).toEqual([]);

    // The notice is the newest in 张's notice centre.
    await page.getByTestId('notice-bell').click();
    await page.waitForURL('**/taskCenterBoss');
    const first = page.locator('.ant-table-tbody tr.ant-table-row:visible').first();
    // Polled: for a moment after the URL changes the task's own table may still be the one on screen.
    await expect.poll(() => first.innerText(), { timeout: 15_000 }).toContain(`北京朝阳店 已完成任务：${title}`);
    expect(await first.innerText()).toContain('任务通知');
    await context.close();
  });
});
