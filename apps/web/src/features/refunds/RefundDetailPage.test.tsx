/** /refundDetail: the refund's fields and history, and the buttons REFUND_FLOW allows from its state to a holder of 审核 or the approval center. */
import { screen, waitFor } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { RefundDetail, RefundStatus } from '@zb/contract/entities/refund';
import { resourceCode } from '@zb/contract/routeTable/define';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAlerts } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const detail = (status: RefundStatus): RefundDetail => ({
  id: 7,
  refundNo: 'TK0000000007',
  status,
  source: 'open',
  storeName: '上海徐汇店',
  billId: 3,
  billNo: 'XF0000000003',
  memberName: '王丽',
  memberPhone: '13900000001',
  amount: 12_800,
  toCards: 0,
  outside: 0,
  reason: '项目未做完',
  applicant: '门店（收银终端）',
  createdAt: '2026-11-25 10:00:00',
  executedAt: null,
  billTotal: 25_600,
  billRefunded: 0,
  billAt: '2026-11-25 09:00:00',
  approvalId: 2,
  spNo: 'SP202611250001',
  lines: [
    {
      line: 1,
      item: '草本控油洗发露',
      itemKind: 'product',
      quantity: 1,
      lineAmount: 12_800,
      cardNo: 'KH00000001',
      lineSessions: null,
      amount: 12_800,
      sessions: null,
    },
  ],
  payments: [],
  history: [{ at: '2026-11-25 10:00:00', label: '创建', to: 'applied', by: '门店（收银终端）', reason: '门店申请' }],
  ledger: [],
});

const userWith = (codes: string[], buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: codes.map((code) => ({ code, name: code, description: '' })),
      btn: buttons,
    }),
  );

const DDGL = ['ZBHT-DDGL', resourceCode('ZBHT-DDGL', '/refundList')];

const bar = async () => {
  await screen.findByText('退款单 TK0000000007', {}, SLOW);
  return document.querySelector<HTMLElement>('.ant-card-extra') ?? document.createElement('div');
};
const labels = (root: HTMLElement) =>
  [...root.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''));

afterEach(() => resetAlerts());

describe('/refundDetail', { timeout: 60_000 }, () => {
  it('an applied refund: 审核通过 and 驳回 for a holder of 审核, with its lines and history', async () => {
    userWith(DDGL, [buttonCodeOf('/refundList', 'audit')]);
    stubFetch((url) =>
      url.startsWith('/rest/refund/detail/7') ? { body: envelope(detail('applied')) } : { body: envelope(null) },
    );
    renderApp('/refundDetail?id=7');
    const b = await bar();
    await waitFor(() => expect(labels(b)).toEqual(['审核通过', '驳回']), SLOW);
    expect(screen.getByText('草本控油洗发露')).toBeTruthy();
    expect(screen.getAllByText('门店申请').length).toBeGreaterThan(0);
  });

  it('an approved refund: 执行退款 for an approver of the approval center; nothing for a reader', async () => {
    userWith(['ZBHT-SPZX'], []);
    stubFetch((url) =>
      url.startsWith('/rest/refund/detail/7') ? { body: envelope(detail('approved')) } : { body: envelope(null) },
    );
    const first = renderApp('/refundDetail?id=7');
    await waitFor(async () => expect(labels(await bar())).toEqual(['执行退款']), SLOW);
    first.unmount();
    userWith(DDGL, []);
    renderApp('/refundDetail?id=7');
    await bar();
    await screen.findByText('项目未做完', {}, SLOW);
    expect(document.querySelector('.ant-card-extra button')).toBeNull();
  });
});
