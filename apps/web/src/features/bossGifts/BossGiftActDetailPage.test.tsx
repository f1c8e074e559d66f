/**
 * /bossGiftActDetail: a running activity offers 赠送 to whoever holds /bossGiftActList's 新增 —
 * its stores with the budget left, its gifts by name, the members' phones one a line — and sends
 * them; a draft or a reader without the button gets no 赠送 form.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { findButton } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const act = (status: string) => ({
  id: 3,
  code: 'LB000003',
  name: '老板请客·头疗体验',
  status,
  startDay: '2026-11-19',
  endDay: '2027-01-18',
  remark: null,
  items: [{ couponTemplateId: 9, value: 3000 }],
  itemsText: '护理礼券（赠送）（计 30 元/张）',
  storeBudget: 200_000,
  perMemberMax: 3,
  storeScope: 'all',
  storeCodes: null,
  stores: 2,
  gifts: 10,
  given: 65_400,
  used: 1,
  createdAt: '2026-11-19T00:00:00.000Z',
});

const signIn = (buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-YHFA-PAG', name: '优惠方案', description: '' },
        { code: routeByPath('/bossGiftActList')!.code!, name: '老板赠送活动', description: '' },
      ],
      btn: buttons.map((k) => buttonCodeOf('/bossGiftActList', k)),
    }),
  );

const server = (status: string) =>
  stubFetch((url) => {
    const path = url.split('?')[0];
    if (path === '/rest/bossGift/detail/3') return { body: envelope(act(status)) };
    if (path === '/rest/bossGift/coupons') return { body: envelope([{ id: 9, name: '护理礼券（赠送）' }]) };
    if (path === '/rest/bossGift/budgets')
      return {
        body: envelope([{ storeId: 7, storeName: '天津和平店', budget: 200_000, given: 33_000, left: 167_000 }]),
      };
    if (path === '/rest/bossGift/give') return { body: envelope({ members: 2, coupons: 2, budgetLeft: 161_000 }) };
    if (path === '/rest/bossGift/record/list') return { body: envelope({ list: [], total: 0 }) };
    return { body: envelope(null) };
  });

const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(await screen.findByLabelText(label, {}, SLOW));
  const all = await screen.findAllByTitle(option, {}, SLOW);
  fireEvent.click(all[all.length - 1]!.closest('.ant-select-item-option') as HTMLElement);
};

describe('/bossGiftActDetail', { timeout: 60_000 }, () => {
  it('gives members a gift at a store of the boss, within its budget', async () => {
    signIn(['add', 'edit', 'audit']);
    const fetch = server('active');
    renderApp('/bossGiftActDetail?id=3');
    expect(await screen.findByText('赠送效果', {}, SLOW)).toBeTruthy();
    await choose('门店', '天津和平店（剩余 ¥1,670.00）');
    await choose('赠品', '护理礼券（赠送）（¥30.00/张）');
    fireEvent.change(screen.getByLabelText('会员手机号'), { target: { value: '13900000001\n13900000002' } });
    fireEvent.click(await findButton(document.body, '赠送'));
    await waitFor(
      () => expect(fetch.mock.calls.filter((c) => String(c[0]).includes('/rest/bossGift/give'))).toHaveLength(1),
      SLOW,
    );
    const call = fetch.mock.calls.find((c) => String(c[0]).includes('/rest/bossGift/give'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      actId: 3,
      storeId: 7,
      couponTemplateId: 9,
      count: 1,
      phones: ['13900000001', '13900000002'],
    });
  });

  it('offers no 赠送 on a draft, nor to a reader without 新增', async () => {
    signIn(['edit']);
    server('active');
    renderApp('/bossGiftActDetail?id=3');
    expect(await screen.findByText('赠送效果', {}, SLOW)).toBeTruthy();
    expect(screen.queryByLabelText('会员手机号')).toBeNull();
  });
});
