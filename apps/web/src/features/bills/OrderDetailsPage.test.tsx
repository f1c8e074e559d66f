/** /orderDetails: the bill's figures and cards on screen; the flows' buttons by state and the user's button; 关单 asks twice. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { BillView } from '@zb/contract/entities/billView';
import { resourceCode } from '@zb/contract/routeTable/define';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAlert, currentAlert, resetAlerts } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { findButton } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const view = (status: 'completed' | 'closed', abnormal: 'pending' | 'confirmed' = 'pending'): BillView => ({
  bill: {
    id: 9,
    billNo: 'XF0000000009',
    consumedAt: '2026-11-20T15:30:00.000Z',
    storeId: 1,
    storeCode: 'SH001',
    storeName: '上海徐汇店',
    memberId: 3,
    memberCode: 'HY00000003',
    memberName: '王丽',
    memberPhone: '13900000003',
    staffName: '李娜',
    kind: 'consume',
    source: 'pos',
    status,
    outerNo: 'POS-77',
    total: 36_800,
    paidByCard: 26_800,
    paidOther: 10_000,
    refunded: 0,
    remark: null,
    closedAt: status === 'closed' ? '2026-11-21T02:00:00.000Z' : null,
    closeReason: status === 'closed' ? '会员未到店' : null,
  },
  lines: [
    {
      line: 1,
      kind: 'project',
      code: 'XM001',
      name: '头皮深层清洁',
      quantity: 1,
      unitPrice: 26_800,
      amount: 26_800,
      cardNo: 'KH00000012',
      sessions: null,
      cardAmount: 26_800,
      refunded: 0,
    },
    {
      line: 2,
      kind: 'product',
      code: 'P001',
      name: '草本控油洗发露',
      quantity: 1,
      unitPrice: 10_000,
      amount: 10_000,
      cardNo: null,
      sessions: null,
      cardAmount: 0,
      refunded: 0,
    },
  ],
  payments: [
    {
      seq: 1,
      method: 'storedCard',
      amount: 26_800,
      cardNo: 'KH00000012',
      tradeNo: null,
      signerName: null,
      refunded: 0,
    },
    { seq: 2, method: 'wechat', amount: 10_000, cardNo: null, tradeNo: 'WX20261120001', signerName: null, refunded: 0 },
  ],
  cards: [
    {
      memberCardId: 12,
      cardNo: 'KH00000012',
      cardName: '尊享储值卡',
      cardKind: 'stored',
      balance: 73_200,
      bonusBalance: 0,
      ledger: [
        {
          id: 501,
          at: '2026-11-20T15:30:00.000Z',
          kind: 'consume',
          refType: 'member_consume',
          amount: -26_800,
          bonusAmount: 0,
          balanceAfter: 73_200,
          bonusAfter: 0,
          projectName: '头皮深层清洁',
          sessions: null,
          sessionsAfter: null,
        },
      ],
    },
  ],
  shares: [{ line: 1, staffName: '李娜', performance: 26_800, commission: 2_680 }],
  history: [],
  abnormal: [
    {
      id: 4,
      rule: 'outsideHours',
      reason: '划卡时间 23:30 在营业时间 09:00–22:00 之外',
      status: abnormal,
      detectedAt: '2026-11-20T15:35:00.000Z',
      history: [],
    },
  ],
});

const userWith = (...buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-DDGL', name: '订单管理', description: '' },
        { code: resourceCode('ZBHT-DDGL', '/billingList'), name: '开单记录', description: '' },
        { code: resourceCode('ZBHT-DDGL', '/abnormalBillingList'), name: '异常开单', description: '' },
      ],
      btn: buttons.map((b) => buttonCodeOf('/abnormalBillingList', b)),
    }),
  );

const server = (initial: BillView) => {
  let current = initial;
  return stubFetch((url, init) => {
    const path = url.split('?')[0];
    if (path === '/rest/bills/view/9') return { body: envelope(current) };
    if (path === '/rest/bills/close' && init.method === 'POST') {
      current = view('closed');
      return { body: envelope({ id: 9, status: 'closed' }) };
    }
    if (path === '/rest/abnormalBills/confirm' && init.method === 'POST') {
      current = view(current.bill.status as 'completed', 'confirmed');
      return { body: envelope({ id: 4, status: 'confirmed' }) };
    }
    return { body: envelope(null) };
  });
};

const calls = (fetch: ReturnType<typeof stubFetch>, part: string) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes(part));

const labels = () =>
  [...document.querySelectorAll('.ant-card-extra button')].map((b) => b.textContent?.replace(/\s/g, ''));

afterEach(() => resetAlerts());

describe('/orderDetails', { timeout: 60_000 }, () => {
  it("shows the bill's figures, lines, payments, the card's ledger and the staff's shares", async () => {
    userWith();
    server(view('completed'));
    renderApp('/orderDetails?id=9');
    await screen.findByText('收银单 XF0000000009', {}, SLOW);
    expect(screen.getByText('¥368.00')).toBeTruthy();
    expect(screen.getAllByText('头皮深层清洁').length).toBeGreaterThan(0);
    expect(screen.getByText('WX20261120001')).toBeTruthy();
    expect(screen.getByText('KH00000012 尊享储值卡')).toBeTruthy();
    expect(screen.getByText('¥-268.00')).toBeTruthy();
    expect(screen.getByText('¥26.80')).toBeTruthy();
    expect(screen.getByText(/划卡时间 23:30/)).toBeTruthy();
    // No 审核 button: no step buttons.
    expect(labels()).toEqual([]);
  });

  it('an auditor sees 关单 on a completed bill and 确认无误 / 冲正 / 补单 on a pending abnormal record; none on a closed bill', async () => {
    userWith('audit');
    server(view('completed'));
    const first = renderApp('/orderDetails?id=9');
    await waitFor(() => expect(labels()).toEqual(['关单', '确认无误', '冲正', '补单']), SLOW);
    first.unmount();
    server(view('closed', 'confirmed'));
    renderApp('/orderDetails?id=9');
    await screen.findByText('会员未到店', {}, SLOW);
    expect(labels()).toEqual([]);
  });

  it('关单 asks for confirmation, then for a reason, then calls the server', async () => {
    userWith('audit');
    const fetch = server(view('completed'));
    renderApp('/orderDetails?id=9');
    await waitFor(() => expect(labels()).toContain('关单'), SLOW);
    const bar = document.querySelector<HTMLElement>('.ant-card-extra')!;
    fireEvent.click(await findButton(bar, '关单'));
    await waitFor(() => expect(currentAlert()?.text).toContain('关单后该单的划卡将冲正退回会员卡'), SLOW);
    act(() => closeAlert(currentAlert()!.id, true));
    // The reason dialog (the confirmation's dialog may still be closing beside it).
    const modal = await waitFor(() => {
      const m = [...document.querySelectorAll<HTMLElement>('.ant-modal')].find((x) =>
        x.textContent?.includes('关单原因'),
      );
      if (!m) throw new Error('no reason dialog yet');
      return m;
    }, SLOW);
    fireEvent.click(await findButton(modal, '确定关单'));
    expect(await within(modal).findByText('请填写关单的原因', {}, SLOW)).toBeTruthy();
    expect(calls(fetch, '/rest/bills/close')).toHaveLength(0);
    fireEvent.change(within(modal).getByLabelText('关单原因'), { target: { value: '会员未到店' } });
    fireEvent.click(await findButton(modal, '确定关单'));
    await waitFor(() => expect(calls(fetch, '/rest/bills/close')).toHaveLength(1), SLOW);
    expect(JSON.parse(String(calls(fetch, '/rest/bills/close')[0]![1]!.body))).toEqual({ id: 9, reason: '会员未到店' });
    // Read again: closed, with its reason; no 关单 and no 冲正 left (the bill is closed).
    await screen.findByText('已关单', {}, SLOW);
    await waitFor(() => expect(labels()).toEqual(['确认无误', '补单']), SLOW);
  });
});
