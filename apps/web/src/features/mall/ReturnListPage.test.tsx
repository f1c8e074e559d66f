/**
 * /returnList: each after-sale request's row shows the steps MALL_RETURN_FLOW allows from its
 * state for a holder of 审核 (审核通过 and 驳回 while 待审核, 退款 while 待退款, none after); 驳回
 * needs a reason; 退款 asks first. Without 审核 the rows only link to their order.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { resourceCode } from '@zb/contract/routeTable/define';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAlert, currentAlert, resetAlerts } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { findButton, openModal, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const row = (id: number, status: string) => ({
  id,
  returnNo: `SH2026112500000${id}`,
  orderNo: `SC2026112500000${id}`,
  orderId: 40 + id,
  storeName: '上海徐汇店',
  memberName: '王芳',
  memberPhone: '13911112222',
  kind: 'returnRefund',
  status,
  amount: 12800,
  reason: '尺寸不合适',
  auditRemark: null,
  createdAt: '2026-11-25T02:00:00.000Z',
  refundedAt: null,
});

const PAGE = '/returnList';

const userWith = (...buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-DDGL', name: '订单管理', description: '' },
        { code: resourceCode('ZBHT-DDGL', PAGE), name: '退货列表', description: '' },
      ],
      btn: buttons.map((b) => buttonCodeOf(PAGE, b)),
    }),
  );

const server = () =>
  stubFetch((url) => {
    const path = url.split('?')[0];
    if (path === '/rest/mallReturn/list') {
      return { body: envelope({ list: [row(1, 'applied'), row(2, 'approved'), row(3, 'refunded')], total: 3 }) };
    }
    if (path?.startsWith('/rest/mallReturn/')) return { body: envelope({ id: 1, status: 'x' }) };
    return { body: envelope(null) };
  });

const rowOf = async (returnNo: string) => {
  const table = await tableBody();
  const cell = await within(table).findByText(returnNo, {}, { timeout: 30_000 });
  return cell.closest('tr') as HTMLElement;
};

const labels = (tr: HTMLElement) => [...tr.querySelectorAll('button, a')].map((b) => b.textContent?.replace(/\s/g, ''));

const calls = (fetch: ReturnType<typeof stubFetch>, part: string) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes(part));

afterEach(() => resetAlerts());

describe('/returnList', { timeout: 90_000 }, () => {
  it('shows each request the steps its state allows, and 驳回 needs a reason', async () => {
    userWith('audit', 'export');
    const fetch = server();
    renderApp(PAGE);
    const applied = await rowOf('SH20261125000001');
    await waitFor(() => expect(labels(applied)).toEqual(expect.arrayContaining(['订单', '审核通过', '驳回'])), SLOW);
    expect(labels(applied)).not.toContain('退款');
    expect(labels(await rowOf('SH20261125000002'))).toEqual(expect.arrayContaining(['订单', '退款']));
    expect(labels(await rowOf('SH20261125000003'))).not.toContain('退款');

    fireEvent.click(await findButton(applied, '驳回'));
    const modal = await openModal();
    fireEvent.click(await findButton(modal, '确定驳回'));
    expect(await within(modal).findByText('请填写驳回原因', {}, SLOW)).toBeTruthy();
    expect(calls(fetch, '/rest/mallReturn/reject')).toHaveLength(0);
    fireEvent.change(within(modal).getByLabelText('驳回原因'), { target: { value: '商品完好' } });
    fireEvent.click(await findButton(modal, '确定驳回'));
    await waitFor(() => expect(calls(fetch, '/rest/mallReturn/reject')).toHaveLength(1), SLOW);
    expect(JSON.parse(String(calls(fetch, '/rest/mallReturn/reject')[0]![1]!.body))).toEqual({
      id: 1,
      reason: '商品完好',
    });

    fireEvent.click(await findButton(await rowOf('SH20261125000002'), '退款'));
    await waitFor(() => expect(currentAlert()?.text).toContain('确定退款'), SLOW);
    expect(calls(fetch, '/rest/mallReturn/refund')).toHaveLength(0);
    act(() => closeAlert(currentAlert()!.id, true));
    await waitFor(() => expect(calls(fetch, '/rest/mallReturn/refund')).toHaveLength(1), SLOW);
    expect(screen.getAllByText('退货退款').length).toBeGreaterThan(0);
  });

  it('without 审核: only the link to the order', async () => {
    userWith('export');
    server();
    renderApp(PAGE);
    const applied = await rowOf('SH20261125000001');
    expect(labels(applied).filter((l) => ['审核通过', '驳回', '退款'].includes(l ?? ''))).toEqual([]);
    expect(labels(applied)).toContain('订单');
  });
});
