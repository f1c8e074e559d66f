/**
 * Members as people, with the calls stubbed: /memberFile of a member shows who they are, their
 * tags and the staff who served them, and 建立档案 creates the file for that member; /follow of a
 * member reads SPEC's getMemberFollowUp with the member's filter and shows getUserStoreRemark's
 * remarks; /tabsManagement opens a manual tag's members and 打标签 sends the phones typed.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { MemberFileView, StoreRemarkDto } from '@zb/contract/entities/memberCare';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';
import { keysOf } from './TabsManagementPage';

const FIRST_LOAD = { timeout: 40_000 };
const memberList = routeByPath('/memberList')!;
const tabs = routeByPath('/tabsManagement')!;

const signedIn = (btn: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: memberList.group, name: '会员管理', description: '' },
        { code: memberList.code!, name: '会员列表', description: '' },
        { code: tabs.code!, name: '会员标签', description: '' },
      ],
      btn,
    }),
  );

const view: MemberFileView = {
  memberId: 9,
  memberCode: 'HY00000009',
  memberName: '林晓',
  phone: '13900001234',
  storeName: '北京朝阳店',
  fileId: null,
  staff: [
    { staffId: 3, staffName: '王芳', storeName: '北京朝阳店', bills: 4, lastServedAt: '2026-11-20T02:00:00.000Z' },
  ],
  tags: [
    {
      id: 1,
      name: 'VIP关怀',
      kind: 'manual',
      color: 'orange',
      source: 'manual',
      assignedAt: '2026-11-20T02:00:00.000Z',
    },
  ],
};

describe('members as people', { timeout: 60_000 }, () => {
  it('/memberFile of a member: who, tags, staff served, and 建立档案 for that member', async () => {
    signedIn([buttonCodeOf('/memberList', 'edit')]);
    let created: unknown = null;
    stubFetch((url, init) => {
      const [path = ''] = url.split('?');
      if (path === '/rest/memberFile/ofMember') return { body: envelope(view) };
      if (path === '/rest/memberFile/save' && init.method === 'POST') {
        created = JSON.parse(String(init.body));
        return { body: envelope({ id: 5 }) };
      }
      return { body: envelope(null) };
    });
    renderApp('/memberFile?memberId=9');
    expect(await screen.findByText('林晓', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('VIP关怀')).toBeTruthy();
    const staff = screen.getByRole('table', { name: '服务过的员工' });
    expect(within(staff).getByText('王芳')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /建立档案/ }));
    await waitFor(() => expect(created).toEqual({ memberId: 9 }), SLOW);
  });

  it('/follow of a member: the list filtered by the member, and the stores’ remarks', async () => {
    signedIn([]);
    const asked: string[] = [];
    const remarks: StoreRemarkDto[] = [
      {
        storeId: 7,
        storeName: '北京朝阳店',
        remark: '对香味敏感',
        staffName: '王芳',
        updatedAt: '2026-11-20T02:00:00.000Z',
      },
    ];
    stubFetch((url) => {
      const [path = ''] = url.split('?');
      asked.push(url);
      if (path === '/jeecg-boot/follow/getUserStoreRemark') return { body: envelope(remarks) };
      if (path === '/jeecg-boot/follow/getMemberFollowUp') {
        return {
          body: envelope({
            total: 1,
            list: [
              {
                id: 3,
                followNo: 'GJ0000000003',
                memberId: 9,
                memberName: '林晓',
                memberPhone: '13900001234',
                storeName: '北京朝阳店',
                staffName: '王芳',
                kind: 'afterVisit',
                state: 'overdue',
                dueDate: '2026-11-01',
                billNo: 'XF0000000055',
                content: '护理后回访',
                channel: null,
                result: null,
                doneAt: null,
                createdAt: '2026-10-29T02:00:00.000Z',
              },
            ],
          }),
        };
      }
      return { body: envelope(null) };
    });
    renderApp('/follow?memberId=9');
    expect(await screen.findByText('对香味敏感', {}, FIRST_LOAD)).toBeTruthy();
    expect(await screen.findByText('GJ0000000003', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('已逾期')).toBeTruthy();
    expect(asked.some((u) => u.startsWith('/jeecg-boot/follow/getMemberFollowUp') && u.includes('memberId=9'))).toBe(
      true,
    );
    expect(asked.some((u) => u.startsWith('/jeecg-boot/follow/getUserStoreRemark') && u.includes('userId=9'))).toBe(
      true,
    );
  });

  it('/tabsManagement: a manual tag’s members, and 打标签 by the phones typed', async () => {
    signedIn([buttonCodeOf('/tabsManagement', 'edit')]);
    let assigned: unknown = null;
    stubFetch((url, init) => {
      const [path = ''] = url.split('?');
      if (path === '/rest/memberTag/list') {
        return {
          body: envelope({
            total: 1,
            list: [
              {
                id: 1,
                name: 'VIP关怀',
                kind: 'manual',
                color: 'orange',
                ruleText: null,
                enabled: true,
                description: '重点关怀',
                memberCount: 0,
                evaluatedAt: null,
                createdAt: '2026-11-20T02:00:00.000Z',
              },
            ],
          }),
        };
      }
      if (path === '/rest/memberTag/members') return { body: envelope({ total: 0, list: [] }) };
      if (path === '/rest/memberTag/assign' && init.method === 'POST') {
        assigned = JSON.parse(String(init.body));
        return { body: envelope({ added: 2, already: 0 }) };
      }
      return { body: envelope(null) };
    });
    renderApp('/tabsManagement');
    expect(await screen.findByText('VIP关怀', {}, FIRST_LOAD)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '会员' }));
    const input = await screen.findByRole('textbox', { name: '会员手机号或编号' }, SLOW);
    fireEvent.change(input, { target: { value: '13900001234, HY00000002' } });
    fireEvent.click(screen.getByRole('button', { name: /打标签/ }));
    await waitFor(() => expect(assigned).toEqual({ tagId: 1, memberKeys: ['13900001234', 'HY00000002'] }), SLOW);
  });

  it('reads phones and 会员编号 separated by spaces, commas or new lines, each once', () => {
    expect(keysOf(' 139 ,138；139\nHY1 ')).toEqual(['139', '138', 'HY1']);
  });
});
