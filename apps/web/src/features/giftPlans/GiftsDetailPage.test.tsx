/**
 * /giftsDetail: a running plan's 赠送效果 and its gifts; its coupon picked by name in the form;
 * 停用 asks first and calls the server.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { closeAlert, currentAlert } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { findButton } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const PLAN = {
  id: 2,
  code: 'ZS000002',
  name: '充值满 3000 送 450 加护理券',
  status: 'active',
  startDay: '2026-11-01',
  endDay: '2026-12-31',
  remark: null,
  trigger: 'topUp',
  minAmount: 300_000,
  cardCodes: null,
  giftBonus: 45_000,
  couponTemplateId: 9,
  couponName: '护理礼券（赠送）',
  couponCount: 2,
  storeScope: 'chosen',
  storeCodes: 'TJ001,CQ001',
  times: 2,
  members: 1,
  bonusGiven: 90_000,
  couponsGiven: 4,
  revenue: 600_000,
  createdAt: '2026-11-01T00:00:00.000Z',
};

const server = () =>
  stubFetch((url) => {
    const path = url.split('?')[0];
    if (path === '/rest/giftPlan/detail/2') return { body: envelope(PLAN) };
    if (path === '/rest/giftPlan/disable') return { body: envelope({ id: 2, status: 'disabled' }) };
    if (path === '/rest/giftPlan/coupons') return { body: envelope([{ id: 9, name: '护理礼券（赠送）' }]) };
    if (path === '/rest/giftPlan/record/list')
      return {
        body: envelope({
          list: [
            {
              id: 1,
              planId: 2,
              at: '2026-11-24T02:00:00.000Z',
              billNo: 'XF2026112400007',
              storeName: '天津和平店',
              memberName: '王芳',
              trigger: 'topUp',
              amount: 300_000,
              bonus: 45_000,
              coupons: 2,
              note: null,
            },
          ],
          total: 1,
        }),
      };
    return { body: envelope(null) };
  });

describe('/giftsDetail', { timeout: 60_000 }, () => {
  it('shows the gifts given and stops the plan after its confirm', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: 'ZBHT-YHFA-PAG', name: '优惠方案', description: '' },
          { code: routeByPath('/giftsList')!.code!, name: '赠送方案', description: '' },
        ],
        btn: ['edit', 'audit'].map((k) => buttonCodeOf('/giftsList', k)),
      }),
    );
    const fetch = server();
    renderApp('/giftsDetail?id=2');
    expect(await screen.findByText('赠送效果', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('¥900.00', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('XF2026112400007', {}, SLOW)).toBeTruthy();
    expect((await screen.findAllByText('护理礼券（赠送）', {}, SLOW)).length).toBeGreaterThan(0);
    fireEvent.click(await findButton(document.body, '停用'));
    await waitFor(() => expect(currentAlert()?.text).toMatch(/停用赠送方案「充值满 3000 送 450 加护理券」/), SLOW);
    closeAlert(currentAlert()!.id, true);
    await waitFor(
      () => expect(fetch.mock.calls.filter((c) => String(c[0]).includes('/rest/giftPlan/disable'))).toHaveLength(1),
      SLOW,
    );
  });
});
