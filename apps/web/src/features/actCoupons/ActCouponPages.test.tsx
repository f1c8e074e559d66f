/**
 * /actCouponsM lists the batches with what was allotted and redeemed; 分配 and 券码 open
 * /actCouponAllot on the batch, whose code list asks for that batch's codes.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { findButton, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const BATCH = {
  id: 4,
  batchNo: 'HD00004',
  name: '周年庆门店活动券',
  templateName: '会员日85折券',
  quantity: 300,
  allotted: 150,
  redeemed: 3,
  enabled: true,
  remark: null,
  createdAt: '2026-11-28T01:00:00.000Z',
};

describe('活动券', { timeout: 60_000 }, () => {
  it('lists the batches; 券码 opens the batch’s codes', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: 'ZBHT-YHFA-PAG', name: '优惠方案', description: '' },
          { code: routeByPath('/actCouponsM')!.code!, name: '活动券管理', description: '' },
        ],
        btn: ['add', 'edit', 'delete', 'export'].map((k) => buttonCodeOf('/actCouponsM', k)),
      }),
    );
    const fetch = stubFetch((url) => {
      const path = url.split('?')[0] ?? '';
      if (path === '/rest/actCoupons/batch/list') return { body: envelope({ list: [BATCH], total: 1 }) };
      if (path.endsWith('/list')) return { body: envelope({ list: [], total: 0 }) };
      return { body: envelope([]) };
    });
    const app = renderApp('/actCouponsM');
    const body = await tableBody();
    await waitFor(() => expect(body.textContent).toContain('周年庆门店活动券'), SLOW);
    expect(body.textContent).toContain('HD00004');
    expect(body.textContent).toContain('会员日85折券');
    fireEvent.click(await findButton(body, '券码'));
    await app.waitForPath('/actCouponAllot?tab=codes&batchId=4');
    await waitFor(
      () =>
        expect(fetch.mock.calls.some((c) => /\/rest\/actCoupons\/code\/list\?.*batchId=4/.test(String(c[0])))).toBe(
          true,
        ),
      SLOW,
    );
    expect((await screen.findAllByText('兑换密码', {}, SLOW)).length).toBeGreaterThan(0);
  });
});
