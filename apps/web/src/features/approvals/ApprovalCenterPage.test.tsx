import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApprovalDetail, ApprovalRow } from '@zb/contract/api/approvals';
import { resourceCode } from '@zb/contract/routeTable/define';
import { describe, expect, it } from 'vitest';
import { closeAlert, currentAlert } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { buttonIn, findButton, openDrawer, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const row: ApprovalRow = {
  id: 7,
  spNo: 'SP202611220001',
  type: 'bossAuthority',
  title: '杭州西湖店 · 老板权限申请',
  applicantName: '王建国',
  applicantPhone: '13800000003',
  storeName: '杭州西湖店',
  status: 'pending',
  createdAt: '2026-11-22 10:00:00',
  decidedAt: null,
};

const detail = (over: Partial<ApprovalDetail> = {}): ApprovalDetail => ({
  ...row,
  reason: '杭州西湖店老板王建国申请总部后台老板权限',
  deciderName: null,
  comment: '',
  history: [{ at: '2026-11-22 10:00:00', actorName: '王建国', action: 'submit', comment: '' }],
  link: null,
  ...over,
});

const approver = () =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-SPZX', name: '审批中心', description: '' },
        { code: resourceCode('ZBHT-SPZX', '/approvalCenter'), name: '审批中心', description: '' },
      ],
      roleName: '总部财务',
    }),
  );

const server = (decided = detail({ status: 'approved', comment: '同意', deciderName: '系统管理员' })) => {
  let current = detail();
  return stubFetch((url, init) => {
    const path = url.split('?')[0];
    if (path === '/rest/approval/list')
      return { body: envelope({ list: [{ ...row, status: current.status }], total: 1 }) };
    if (path === '/rest/approval/detail/7') return { body: envelope(current) };
    if (path === '/rest/approval/decide' && init.method === 'POST') {
      current = decided;
      return { body: envelope(decided) };
    }
    return { body: envelope(null) };
  });
};

const calls = (fetch: ReturnType<typeof stubFetch>, part: string) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes(part));

describe('/approvalCenter', { timeout: 60_000 }, () => {
  it('lists applications with the filters of the URL and 共 N 条', async () => {
    approver();
    const fetch = server();
    renderApp('/approvalCenter?status=pending&keyword=SP');
    expect(await screen.findByText('SP202611220001', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('共 1 条')).toBeTruthy();
    const table = await tableBody();
    expect(within(table).getByText('待审批')).toBeTruthy();
    expect(within(table).getByText('老板权限申请')).toBeTruthy();
    const listUrl = String(calls(fetch, '/rest/approval/list')[0]?.[0]);
    expect(listUrl).toContain('status=pending');
    expect(listUrl).toContain('keyword=SP');
  });

  it('重置 clears the filters in the URL', async () => {
    approver();
    const fetch = server();
    const app = renderApp('/approvalCenter?status=approved');
    await screen.findByText('SP202611220001', {}, SLOW);
    fireEvent.click(await findButton(document, '重置'));
    await app.waitForPath('/approvalCenter?pageNo=1');
    await waitFor(() => expect(String(calls(fetch, '/rest/approval/list').at(-1)?.[0])).not.toContain('status='));
  });

  it('查看 opens the detail with its history; 通过 asks first, then decides with the comment', async () => {
    approver();
    const fetch = server();
    renderApp('/approvalCenter');
    fireEvent.click(await findButton(await tableBody(), '查看'));
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('提交申请', {}, SLOW)).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('审批意见'), { target: { value: '同意' } });
    fireEvent.click(await findButton(drawer, '通过'));

    await waitFor(() => expect(currentAlert()?.text).toBe('确定通过该申请？'), SLOW);
    expect(calls(fetch, '/rest/approval/decide')).toHaveLength(0);
    act(() => closeAlert(currentAlert()!.id, true));

    await waitFor(() => expect(calls(fetch, '/rest/approval/decide')).toHaveLength(1), SLOW);
    const body = JSON.parse(String(calls(fetch, '/rest/approval/decide')[0]![1]!.body));
    expect(body).toEqual({ id: 7, decision: 'approve', comment: '同意' });
    expect(await within(drawer).findByText('已通过', {}, SLOW)).toBeTruthy();
    expect(buttonIn(drawer, '驳回')).toBeNull();
    // The list asks again and shows the new state.
    await waitFor(() => expect(calls(fetch, '/rest/approval/list').length).toBeGreaterThan(1), SLOW);
  });

  it('a cancelled confirm decides nothing', async () => {
    approver();
    const fetch = server();
    renderApp('/approvalCenter');
    fireEvent.click(await findButton(await tableBody(), '查看'));
    const drawer = await openDrawer();
    fireEvent.click(await findButton(drawer, '驳回'));
    await waitFor(() => expect(currentAlert()?.text).toBe('确定驳回该申请？'), SLOW);
    act(() => closeAlert(currentAlert()!.id, false));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls(fetch, '/rest/approval/decide')).toHaveLength(0);
  });
});
