/** /memberReceiveAudit: 审核 only on 待审核 rows for a user with the button; 驳回 needs a reason; refusals alert; the member's code. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { ERR } from '@zb/contract/errcodes';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { closeAlert, currentAlert } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { buttonIn, findButton, openModal, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const PAGE = '/memberReceiveAudit';
const route = routeByPath(PAGE)!;

const row = (id: number, status: string, code: string) => ({
  id,
  code,
  storeName: '上海徐汇店',
  regionName: '华东大区',
  memberName: '周丽',
  memberPhone: '13912345678',
  memberCode: id === 1 ? 'HY00000042' : null,
  linesText: '固发精华 ×2瓶',
  totalPieces: 2,
  status,
  createdByName: '张敏',
  createdAt: '2025-06-28T02:00:00.000Z',
  auditedByName: null,
});

const signIn = (buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-MDGL', name: '门店管理', description: '' },
        { code: route.code!, name: '会员领用审核', description: '' },
      ],
      btn: buttons.map((b) => buttonCodeOf(PAGE, b)),
    }),
  );

const server = (audit: (body: Record<string, unknown>) => unknown = () => envelope({ id: 1, status: 'approved' })) =>
  stubFetch((url, init) => {
    const path = url.split('?')[0] ?? '';
    if (path === '/rest/memberReceive/list') {
      return {
        body: envelope({ list: [row(1, 'pending', 'LY00000001'), row(2, 'approved', 'LY00000002')], total: 2 }),
      };
    }
    if (path === '/rest/memberReceive/audit') return { body: audit(JSON.parse(String(init.body))) };
    return { body: envelope([]) };
  });

const calls = (fetch: ReturnType<typeof stubFetch>, part: string) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes(part));

const auditButtons = (table: HTMLElement) =>
  [...table.querySelectorAll('button')].filter((b) => /^审\s*核$/.test(b.textContent ?? ''));

describe('/memberReceiveAudit', { timeout: 60_000 }, () => {
  it('shows 审核 only on 待审核 rows, and only to a user with the 审核 button', async () => {
    signIn(['audit']);
    server();
    const view = renderApp(PAGE);
    const table = await tableBody();
    await within(table).findByText('LY00000001', {}, SLOW);
    expect(within(table).getByText('待审核')).toBeTruthy();
    // The member the record is for: their code when the phone is a member's.
    expect(within(table).getByText('HY00000042')).toBeTruthy();
    expect(auditButtons(table)).toHaveLength(1);
    view.unmount();

    signIn([]);
    server();
    renderApp(PAGE);
    const plain = await tableBody();
    await within(plain).findByText('LY00000001', {}, SLOW);
    expect(auditButtons(plain)).toHaveLength(0);
    expect(buttonIn(document.body, '新增会员领用')).toBeNull();
  });

  it('驳回 asks for a reason before calling, then sends it', async () => {
    signIn(['audit']);
    const fetch = server(() => envelope({ id: 1, status: 'rejected' }));
    renderApp(PAGE);
    const table = await tableBody();
    await within(table).findByText('LY00000001', {}, SLOW);
    fireEvent.click(auditButtons(table)[0]!);
    const modal = await openModal();
    expect(within(modal).getByText('固发精华 ×2瓶')).toBeTruthy();
    fireEvent.click(within(modal).getByText('驳回'));
    fireEvent.click(await findButton(modal, '驳回'));
    expect(await within(modal).findByText('请填写驳回原因', {}, SLOW)).toBeTruthy();
    expect(calls(fetch, '/rest/memberReceive/audit')).toHaveLength(0);

    fireEvent.change(within(modal).getByLabelText('驳回原因'), { target: { value: '会员未完成付款' } });
    fireEvent.click(await findButton(modal, '驳回'));
    await waitFor(() => expect(calls(fetch, '/rest/memberReceive/audit')).toHaveLength(1), SLOW);
    expect(JSON.parse(String(calls(fetch, '/rest/memberReceive/audit')[0]![1]!.body))).toEqual({
      id: 1,
      pass: false,
      reason: '会员未完成付款',
    });
  });

  it('通过 sends the decision; a store short of stock is told with the server’s message', async () => {
    signIn(['audit']);
    const fetch = server(() => envelope(null, ERR.STOCK_SHORT, '「固发精华」库存不足：现有 1瓶，需要 2瓶'));
    renderApp(PAGE);
    const table = await tableBody();
    await within(table).findByText('LY00000001', {}, SLOW);
    fireEvent.click(auditButtons(table)[0]!);
    const modal = await openModal();
    fireEvent.click(await findButton(modal, '通过'));
    await waitFor(() => expect(calls(fetch, '/rest/memberReceive/audit')).toHaveLength(1), SLOW);
    expect(JSON.parse(String(calls(fetch, '/rest/memberReceive/audit')[0]![1]!.body))).toEqual({
      id: 1,
      pass: true,
      reason: null,
    });
    await waitFor(() => expect(currentAlert()?.text).toBe('「固发精华」库存不足：现有 1瓶，需要 2瓶'), SLOW);
    act(() => closeAlert(currentAlert()!.id, true));
    // The list is read again after any decision, so the row shows what the server holds now.
    await waitFor(() => expect(calls(fetch, '/rest/memberReceive/list').length).toBeGreaterThan(1), SLOW);
    expect(screen.queryByText('审核会员领用')).toBeNull();
  });
});
