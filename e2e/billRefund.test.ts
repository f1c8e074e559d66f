import type { OpenBillAnswer } from '@zb/contract/entities/bill';
import { REFUND_FLOW } from '@zb/contract/entities/refund';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { formatYuan } from '@zb/contract/resource/format';
import { describe, expect, it } from 'vitest';
import { button, columnTexts, confirmDialog, consoleApi, submitPasswordLogin, useBrowser } from './browser';
import { openPost as postOpen } from './openApi';

const browser = useBrowser();

const STORE = { code: 'BJ001', name: '北京朝阳店' };

const openPost = <D>(path: string, doc: unknown) => postOpen<D>(browser.baseUrl(), path, doc);

/** What the pages show for 分: ¥1,234.56. */
const shown = (fen: number) => `¥${formatYuan(fen)}`;

interface StoredCard {
  id: number;
  cardNo: string;
  cardName: string;
  kind: 'combo' | 'stored';
  storeName: string;
  status: string;
  expired: boolean;
  balance: number | null;
  bonusBalance: number | null;
}

describe('a bill drawn on a 储值卡, refunded through the approval center', () => {
  it('POS bill → /billingList and /orderDetails → POS refund → approved and executed → the card is whole again', async () => {
    const { page, context } = await browser.newPage();
    await submitPasswordLogin(page, 'admin', 'admin123');
    await page.waitForURL('**/welcome');
    const get = await consoleApi(page);

    // A demo member of BJ001 holding a usable 储值卡 whose principal pays one of its 关联项目.
    const links = await get<{ list: { cardName: string; projectCode: string; cardPrice: number }[] }>(
      '/rest/associatedProject/list?pageNo=1&pageSize=100',
    );
    const members = await get<{ list: { id: number; code: string; name: string }[] }>(
      `/rest/member/list?pageNo=1&pageSize=100&storeName=${encodeURIComponent(STORE.name)}`,
    );
    let found: { member: { id: number; code: string; name: string }; card: StoredCard; project: string } | undefined;
    for (const m of members.list) {
      const cards = await get<StoredCard[]>(`/rest/member/cards?memberId=${m.id}`);
      for (const c of cards) {
        if (c.kind !== 'stored' || c.status !== 'active' || c.expired || c.storeName !== STORE.name) continue;
        const link = links.list.find(
          (l) => l.cardName === c.cardName && l.cardPrice > 0 && l.cardPrice <= (c.balance ?? 0),
        );
        if (link) {
          found = { member: m, card: c, project: link.projectCode };
          break;
        }
      }
      if (found) break;
    }
    expect(found, 'a BJ001 member with a 储值卡 that pays a project').toBeDefined();
    const { member, card, project } = found!;
    const before = { balance: card.balance!, bonus: card.bonusBalance! };

    // (1) The POS sends the bill: one project line drawn on that card.
    const outerNo = `E2E-BJ001-${Date.now()}`;
    const bill = await openPost<OpenBillAnswer>(OPEN_PATHS.bills, {
      outerNo,
      storeCode: STORE.code,
      member: member.code,
      at: new Date().toISOString(),
      lines: [{ kind: 'project', code: project, cardNo: card.cardNo }],
      payments: [],
    });
    expect(bill.errcode, bill.errmsg).toBe('0');
    const { billNo, total } = bill.data;
    expect(total).toBeGreaterThan(0);
    expect(bill.data.paidByCard).toBe(total);
    expect(bill.data.paidOther).toBe(0);
    const after = bill.data.cards.find((c) => c.cardNo === card.cardNo);
    expect(after).toMatchObject({ balance: before.balance - total, bonusBalance: before.bonus });

    // (2) Head office: /billingList shows the bill for the member; its number opens /orderDetails.
    await page.goto(`/billingList?member=${member.code}`);
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: billNo });
    await row.waitFor({ timeout: 30_000 });
    await expect.poll(() => row.innerText()).toContain(member.name);
    expect(await row.innerText()).toContain(formatYuan(total));
    // Only that member's bills are listed.
    expect(new Set(await columnTexts(page, '会员'))).toEqual(new Set([member.name]));
    await row.getByRole('link', { name: billNo }).click();
    await page.waitForURL(/\/orderDetails\?id=\d+/);
    await page.getByText(`收银单 ${billNo}`).waitFor({ timeout: 30_000 });
    const cardBox = page
      .locator('.ant-card')
      .filter({ hasText: `${card.cardNo} ${card.cardName}` })
      .last();
    await cardBox.waitFor();
    expect(await cardBox.innerText()).toContain(`当前余额 ${shown(before.balance - total)}`);
    const ledgerRow = cardBox.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => ledgerRow.count()).toBe(1);
    const ledgerText = await ledgerRow.innerText();
    expect(ledgerText).toContain(shown(-total));
    expect(ledgerText).toContain(shown(before.balance - total));

    // (3) The POS applies for the refund of that line: it goes back to the card.
    const applied = await openPost<{ refundNo: string; status: string; amount: number }>(OPEN_PATHS.refunds, {
      outerNo: `E2E-RF-${Date.now()}`,
      billNo,
      lines: [{ line: 1, amount: total }],
      reason: '顾客未做项目',
    });
    expect(applied.errcode, applied.errmsg).toBe('0');
    expect(applied.data).toMatchObject({ status: 'applied', amount: total });
    const refunds = await get<{ list: { id: number; refundNo: string }[] }>(`/rest/refund/list?billNo=${billNo}`);
    const refund = refunds.list.find((r) => r.refundNo === applied.data.refundNo);
    expect(refund).toBeDefined();

    // (4) Head office: /refundDetail names its approval; the approval center approves it.
    await page.goto(`/refundDetail?id=${refund!.id}`);
    await page.getByText(`退款单 ${applied.data.refundNo}`).waitFor({ timeout: 30_000 });
    const head = page.locator('.ant-descriptions').first();
    await head.getByText('待审核').waitFor();
    const spNo = /SP\d+/.exec(await head.innerText())?.[0];
    expect(spNo).toBeDefined();
    await page.goto(`/approvalCenter?status=pending&keyword=${spNo}`);
    const approval = page.getByRole('row').filter({ hasText: spNo! });
    await approval.getByText('待审批').waitFor({ timeout: 30_000 });
    await approval.getByRole('button', { name: /查\s*看/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText(`收银单${billNo}`).waitFor();
    await drawer.getByLabel('审批意见').fill('同意退回会员卡');
    await button(drawer, '通过').click();
    await confirmDialog(page, /确定通过该申请？/);
    await drawer.getByText('已通过').first().waitFor();

    // … then executes it where the flow says: /refundDetail's 执行退款, confirmed.
    await drawer.getByRole('link', { name: '查看单据' }).click();
    await page.waitForURL(/\/refundDetail\?id=\d+/);
    // Following the link closes the approval drawer: nothing lies over the page it opened.
    await drawer.waitFor({ state: 'hidden' });
    await page.getByText(`退款单 ${applied.data.refundNo}`).waitFor({ timeout: 30_000 });
    await page.locator('.ant-descriptions').first().getByText('待退款').waitFor();
    await button(page, REFUND_FLOW.steps.execute.label).click();
    await confirmDialog(page, new RegExp(REFUND_FLOW.steps.execute.confirm ?? '确定'));
    await page.locator('.ant-descriptions').first().getByText('已退款').waitFor({ timeout: 30_000 });
    const back = page.locator('.ant-card').filter({ has: page.getByText('会员卡退回', { exact: true }) });
    const backRow = back.locator('tr.ant-table-row').filter({ hasText: card.cardNo });
    await backRow.waitFor();
    expect(await backRow.innerText()).toContain(shown(before.balance));

    // (5) The card is whole again: the member's /personalAccount shows it, and the API to the 分.
    await page.goto(`/personalAccount?id=${member.id}`);
    const cardRow = page.getByRole('tabpanel').locator('tr.ant-table-row').filter({ hasText: card.cardNo }).first();
    await cardRow.waitFor({ timeout: 30_000 });
    expect(await cardRow.innerText()).toContain(shown(before.balance));
    const cards = await get<StoredCard[]>(`/rest/member/cards?memberId=${member.id}`);
    const now = cards.find((c) => c.cardNo === card.cardNo);
    expect(now).toMatchObject({ balance: before.balance, bonusBalance: before.bonus });
    await context.close();
  });
});
