/** /fissionActDetail: the result panel, the registrations and the sharing tree with who invited whom. */
import { screen } from '@testing-library/react';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const ACT = {
  id: 1,
  code: 'LX000001',
  name: '好友一起来·护理礼券',
  status: 'active',
  startDay: '2026-11-14',
  endDay: '2027-01-13',
  remark: null,
  friendCouponTemplateId: 9,
  friendCouponName: '护理礼券（赠送）',
  sharerCouponTemplateId: 9,
  sharerCouponName: '护理礼券（赠送）',
  sharerEvery: 2,
  sharerMax: 5,
  sharers: 3,
  friends: 5,
  sharerRewards: 2,
  friendRewards: 5,
  depth: 3,
  createdAt: '2026-11-14T00:00:00.000Z',
};

describe('/fissionActDetail', { timeout: 60_000 }, () => {
  it('shows the numbers, the registrations and the tree', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: 'ZBHT-YHFA-PAG', name: '优惠方案', description: '' },
          { code: routeByPath('/fissionActList')!.code!, name: '裂变活动', description: '' },
        ],
        btn: [],
      }),
    );
    stubFetch((url) => {
      const path = url.split('?')[0];
      if (path === '/rest/fission/detail/1') return { body: envelope(ACT) };
      if (path === '/rest/fission/coupons') return { body: envelope([{ id: 9, name: '护理礼券（赠送）' }]) };
      if (path === '/rest/fission/tree')
        return {
          body: envelope({
            roots: [
              {
                memberId: 1,
                name: '王芳',
                phone: '13900000001',
                invited: 2,
                children: [
                  {
                    memberId: 2,
                    name: '李娜',
                    phone: '13900000002',
                    invited: 1,
                    children: [{ memberId: 4, name: '赵磊', phone: '13900000004', invited: 0, children: [] }],
                  },
                  { memberId: 3, name: '周杰', phone: '13900000003', invited: 0, children: [] },
                ],
              },
            ],
            omitted: 0,
          }),
        };
      if (path === '/rest/fission/node/list')
        return {
          body: envelope({
            list: [
              {
                id: 4,
                actId: 1,
                at: '2026-11-26T02:00:00.000Z',
                memberName: '赵磊',
                memberPhone: '13900000004',
                sharerName: '李娜',
                sharerPhone: '13900000002',
                level: 2,
                invited: 0,
                reward: '好友获新会员礼券',
              },
            ],
            total: 1,
          }),
        };
      return { body: envelope(null) };
    });
    renderApp('/fissionActDetail?id=1');
    expect(await screen.findByText('裂变效果', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('王芳（13900000001） · 邀请 2 人', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('赵磊（13900000004）', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('好友获新会员礼券', {}, SLOW)).toBeTruthy();
  });
});
