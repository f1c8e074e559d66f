/**
 * 意向金 pages with the calls stubbed: /stoIntentConfig lists at SPEC's list call and saves with
 * the update GET (values in the query, amounts in 分); /payIntentionDetail shows the deposit, its
 * history, and 申请退款 only from 已支付 and only to holders of the button; /refundIntentionDetail
 * shows its application's 审批编号 and the money paid back; /stoIntentConfig sends 通店使用.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IntentConfigDto, IntentDepositDetail, IntentRefundDetail } from '@zb/contract/api/intents';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const cfgRoute = routeByPath('/stoIntentConfig')!;
const FIRST_LOAD = { timeout: 40_000 };
const recordRoute = routeByPath('/payIntentionRecord')!;

const bj: IntentConfigDto = {
  storeId: 7,
  storeCode: 'BJ001',
  storeName: '北京朝阳店',
  regionName: '华北大区',
  configured: true,
  enabled: true,
  amountMode: 'fixed',
  fixedAmounts: [5000, 10000],
  minAmount: null,
  maxAmount: null,
  validityDays: 90,
  refundable: true,
  refundBy: 'store',
  crossStore: false,
  updatedAt: '2026-11-20T02:00:00.000Z',
  updatedByName: '系统管理员',
};

const detail = (status: 'paid' | 'used'): IntentDepositDetail => ({
  deposit: {
    id: 11,
    depositNo: 'YX0000000011',
    memberId: 9,
    memberCode: 'HY00000009',
    memberName: '林晓',
    memberPhone: '13900001234',
    storeId: 7,
    storeName: '北京朝阳店',
    amount: 10000,
    payMethod: 'wechat',
    tradeNo: '4200001',
    source: 'pos',
    outerNo: 'POS-1',
    paidAt: '2026-11-20T02:00:00.000Z',
    expiresAt: '2027-02-18T02:00:00.000Z',
    status,
    consumeId: status === 'used' ? 55 : null,
    billNo: status === 'used' ? 'XF0000000055' : null,
    memberCardNo: status === 'used' ? 'KH00000031' : null,
    usedAt: status === 'used' ? '2026-11-22T02:00:00.000Z' : null,
    remark: null,
  },
  history: [
    {
      at: '2026-11-20T02:00:00.000Z',
      step: 'create',
      label: '创建',
      from: '',
      to: 'paid',
      actorKind: 'open',
      userName: null,
      clientId: 1,
      reason: '支付意向金',
    },
  ],
  refunds: [],
});

describe('意向金 pages', { timeout: 60_000 }, () => {
  it('/stoIntentConfig lists the stores and saves one with the update GET, amounts in 分', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: cfgRoute.group, name: '基础设置', description: '' },
          { code: cfgRoute.code!, name: '门店意向金配置', description: '' },
        ],
        btn: [buttonCodeOf('/stoIntentConfig', 'edit')],
      }),
    );
    let updated: URLSearchParams | null = null;
    stubFetch((url) => {
      const [path = '', qs = ''] = url.split('?');
      if (path === '/jeecg-boot/stoIntentConfig/list') return { body: envelope({ total: 1, list: [bj] }) };
      if (path === '/jeecg-boot/stoIntentConfig/update') {
        updated = new URLSearchParams(qs);
        return { body: envelope({ ...bj, validityDays: 60 }) };
      }
      return { body: envelope(null) };
    });
    renderApp('/stoIntentConfig');
    // The page's chunk loads first: slow on a loaded machine.
    const table = await screen.findByRole('table', { name: '门店意向金配置' }, FIRST_LOAD);
    expect(await within(table).findByText('北京朝阳店', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('¥50.00、¥100.00')).toBeTruthy();
    fireEvent.click(within(table).getByText('编辑'));
    const days = await screen.findByRole('spinbutton', {}, SLOW);
    fireEvent.change(days, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(updated).not.toBeNull(), SLOW);
    const q = updated as unknown as URLSearchParams;
    expect(q.get('storeId')).toBe('7');
    expect(q.get('validityDays')).toBe('60');
    expect(q.getAll('fixedAmounts')).toEqual(['5000', '10000']);
    expect(q.get('enabled')).toBe('true');
    expect(q.get('refundBy')).toBe('store');
    expect(q.get('crossStore')).toBe('false');
  });

  it('/refundIntentionDetail shows its application in the approval center and the money paid back', async () => {
    const refundList = routeByPath('/refundList')!;
    setSessionUser(
      sessionUser({
        menu: [
          { code: refundList.group, name: '订单管理', description: '' },
          { code: refundList.code!, name: '退款列表', description: '' },
        ],
        btn: [],
      }),
    );
    const d = detail('paid').deposit;
    const refunded: IntentRefundDetail = {
      refund: {
        id: 4,
        refundNo: 'YT0000000004',
        depositId: 11,
        amount: 10000,
        reason: '会员暂不开卡',
        status: 'refunded',
        appliedAt: '2026-11-21T02:00:00.000Z',
        appliedByName: '系统管理员',
        decidedAt: '2026-11-21T03:00:00.000Z',
        decidedByName: '系统管理员',
        refundTradeNo: '50300001',
        refundedAt: '2026-11-21T03:00:00.000Z',
        approvalId: 8,
        spNo: 'SP202611210001',
      },
      deposit: { ...d, status: 'refunded' },
      history: [],
      depositHistory: [],
      payouts: [
        {
          refundNo: 'TK0000000002',
          kind: 'intentRefund',
          method: 'wechat',
          amount: 10000,
          tradeNo: '4200001',
          refundTradeNo: '50300001',
          refundedAt: '2026-11-21T03:00:00.000Z',
        },
      ],
    };
    stubFetch((url) => {
      const [path = ''] = url.split('?');
      if (path === '/rest/intent/refund/4') return { body: envelope(refunded) };
      return { body: envelope(null) };
    });
    renderApp('/refundIntentionDetail?id=4');
    expect(await screen.findByText('意向金退款 YT0000000004', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('SP202611210001')).toBeTruthy();
    expect(screen.getByText('TK0000000002')).toBeTruthy();
    expect(screen.getAllByText('50300001').length).toBe(2);
    expect(screen.queryByRole('button', { name: /审核通过/ })).toBeNull();
  });

  const holder = () =>
    setSessionUser(
      sessionUser({
        menu: [
          { code: recordRoute.group, name: '订单管理', description: '' },
          { code: recordRoute.code!, name: '意向金记录', description: '' },
        ],
        btn: [buttonCodeOf('/payIntentionRecord', 'refund')],
      }),
    );
  const serve = (status: 'paid' | 'used') =>
    stubFetch((url) => {
      const [path = ''] = url.split('?');
      if (path === '/rest/intent/deposit/11') return { body: envelope(detail(status)) };
      return { body: envelope(null) };
    });

  it('/payIntentionDetail shows the deposit, its history and 申请退款 from 已支付 to a holder of the button', async () => {
    holder();
    serve('paid');
    renderApp('/payIntentionDetail?id=11');
    expect(await screen.findByText('意向金 YX0000000011', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('已支付')).toBeTruthy();
    expect(screen.getByText('说明：支付意向金')).toBeTruthy();
    expect(screen.getByRole('button', { name: '申请退款' })).toBeTruthy();
  });

  it('/payIntentionDetail shows no 申请退款 once the deposit is used, and the bill it was used toward', async () => {
    holder();
    serve('used');
    renderApp('/payIntentionDetail?id=11');
    expect(await screen.findByText('意向金 YX0000000011', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('已使用')).toBeTruthy();
    expect(screen.getByText('XF0000000055')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申请退款' })).toBeNull();
  });

  it('the member file’s 意向记录 tab reads SPEC’s stoUserIntent calls with the member’s id', async () => {
    const memberList = routeByPath('/memberList')!;
    setSessionUser(
      sessionUser({
        menu: [
          { code: memberList.group, name: '会员管理', description: '' },
          { code: memberList.code!, name: '会员列表', description: '' },
        ],
        btn: [],
      }),
    );
    const fetch = stubFetch((url) => {
      const [path = ''] = url.split('?');
      if (path === '/rest/member/detail/9') {
        return {
          body: envelope({
            id: 9,
            code: 'HY00000009',
            name: '林晓',
            areaCode: '0086',
            phone: '13900001234',
            storeName: '北京朝阳店',
            status: 'normal',
          }),
        };
      }
      if (path === '/jeecg-boot/stoUserIntent/findStoUserIntentCountByUserId') {
        return {
          body: envelope({
            total: 1,
            totalAmount: 10000,
            byStatus: [{ status: 'used', count: 1, amount: 10000 }],
          }),
        };
      }
      if (path === '/jeecg-boot/stoUserIntent/findStoUserIntentListByUserId') {
        return { body: envelope({ total: 1, list: [detail('used').deposit] }) };
      }
      if (path === '/rest/member/findMemberConsume') return { body: envelope({ total: 0, list: [] }) };
      return { body: envelope([]) };
    });
    renderApp('/personalAccount?id=9');
    const tab = await screen.findByRole('tab', { name: '意向记录' }, FIRST_LOAD);
    fireEvent.click(tab);
    const table = await screen.findByRole('table', { name: '意向记录' }, FIRST_LOAD);
    expect(await within(table).findByText('YX0000000011', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('已使用')).toBeTruthy();
    const urls = fetch.mock.calls.map((c) => String(c[0]));
    expect(urls.some((u) => u.includes('findStoUserIntentListByUserId?userId=9'))).toBe(true);
    expect(urls.some((u) => u.includes('findStoUserIntentCountByUserId?userId=9'))).toBe(true);
  });
});
