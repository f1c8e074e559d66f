/**
 * /close: a holder of 审核 chooses the store, sees its members with the cards and balances that
 * move, chooses the receiving store in bulk and for one member, confirms, and the start call
 * carries exactly those choices before the page goes to the closure's detail; declining the
 * confirmation sends nothing; without 审核 there is no 闭店迁移. Headless rules beside it.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ClosePreviewDto, ClosureDto, MoveStoreDto } from '@zb/contract/api/memberMoves';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { routeByPath } from '@zb/contract/routes';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAlert, currentAlert, resetAlerts } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';
import { progressOf, receivingStores, startBody } from './closeFlow';

const STORES: MoveStoreDto[] = [
  { id: 1, name: '北京朝阳店（BJ003）', status: 'open' },
  { id: 2, name: '北京海淀店（BJ004）', status: 'open' },
  { id: 3, name: '北京西城店（BJ005）', status: 'open' },
  { id: 4, name: '天津和平店（TJ001）', status: 'closed' },
];

const PREVIEW: ClosePreviewDto = {
  store: STORES[0]!,
  members: [
    {
      memberId: 11,
      code: 'HY00000011',
      name: '王丽',
      phone: '13900000011',
      homeStoreId: 1,
      homeStoreName: '北京朝阳店',
      cards: [
        {
          memberCardId: 101,
          cardNo: 'KH00000101',
          cardName: '储值卡1000',
          kind: 'stored',
          balance: 50_000,
          bonusBalance: 5_000,
          sessionsLeft: 0,
        },
      ],
    },
    {
      memberId: 12,
      code: 'HY00000012',
      name: '张伟',
      phone: '13900000012',
      homeStoreId: 1,
      homeStoreName: '北京朝阳店',
      cards: [
        {
          memberCardId: 102,
          cardNo: 'KH00000102',
          cardName: '头皮护理10次卡',
          kind: 'combo',
          balance: null,
          bonusBalance: null,
          sessionsLeft: 6,
        },
      ],
    },
  ],
  amount: 50_000,
  bonus: 5_000,
  sessions: 6,
};

const CLOSURE: ClosureDto = {
  id: 5,
  closureNo: 'BD00000005',
  storeId: 1,
  storeName: '北京朝阳店（BJ003）',
  toStoreName: '北京海淀店（BJ004）',
  status: 'running',
  reason: null,
  total: 2,
  moved: 1,
  failed: 0,
  amount: 50_000,
  bonus: 5_000,
  sessions: 0,
  createdByName: '管理员',
  createdAt: '2026-11-27T06:00:00.000Z',
  finishedAt: null,
};

const page = routeByPath('/close')!;
const userWith = (buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [page.group, ...page.codes].map((code) => ({ code, name: code, description: '' })),
      btn: buttons,
    }),
  );

const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(await screen.findByLabelText(label, {}, SLOW));
  const all = await screen.findAllByTitle(option, {}, SLOW);
  fireEvent.click(all[all.length - 1]!.closest('.ant-select-item-option') as HTMLElement);
};

/** The page's chunk loads through Vite's transform the first time: slow on a loaded machine. */
const FIRST = { timeout: 45_000 };

afterEach(() => resetAlerts());

describe('/close', { timeout: 120_000 }, () => {
  it('the headless rules', () => {
    expect(receivingStores(STORES, 1).map((s) => s.id)).toEqual([2, 3]);
    const chosen = new Map([
      [11, 2],
      [12, 3],
    ]);
    expect(startBody(1, 2, chosen, ' 租约到期 ')).toEqual({
      storeId: 1,
      toStoreId: 2,
      reason: '租约到期',
      members: [{ memberId: 12, toStoreId: 3 }],
    });
    expect(startBody(1, 2, new Map(), '')).toEqual({ storeId: 1, toStoreId: 2 });
    expect(progressOf({ total: 4, moved: 1, failed: 1 })).toBe(50);
    expect(progressOf({ total: 0, moved: 0, failed: 0 })).toBe(100);
  });

  it('closes a store: its members and cards, the receiving stores, confirmation, then the detail', async () => {
    userWith([buttonCodeOf('/close', 'audit')]);
    const starts: unknown[] = [];
    stubFetch((url, init) => {
      if (url.startsWith('/rest/memberMove/stores')) return { body: envelope(STORES) };
      if (url.startsWith('/rest/memberMove/preview?storeId=1')) return { body: envelope(PREVIEW) };
      if (url.startsWith('/rest/memberMove/closures')) return { body: envelope({ list: [], total: 0 }) };
      if (url.startsWith('/rest/memberMove/close') && init.method === 'POST') {
        starts.push(JSON.parse(String(init.body)));
        return { body: envelope({ id: 5, closureNo: 'BD00000005' }) };
      }
      if (url.startsWith('/rest/memberMove/closure?id=5')) return { body: envelope(CLOSURE) };
      if (url.startsWith('/rest/memberMove/closureMembers')) return { body: envelope({ list: [], total: 0 }) };
      return { body: envelope(null) };
    });
    const app = renderApp('/close');
    expect(await screen.findByText('暂无闭店迁移记录', {}, FIRST)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '闭店迁移' }, SLOW));
    await choose('闭店门店', '北京朝阳店（BJ003）');
    // The members with what moves.
    expect(await screen.findByText('王丽', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/KH00000101 储值卡1000（储值卡 本金 ¥500.00 赠送 ¥50.00）/)).toBeTruthy();
    expect(screen.getByText(/KH00000102 头皮护理10次卡（套餐卡 剩余 6 次）/)).toBeTruthy();
    expect(screen.getByText('¥500.00 / ¥50.00 / 0')).toBeTruthy();
    // A closed store receives nothing; the closing store is not offered either.
    fireEvent.mouseDown(screen.getByLabelText('接收门店'));
    await screen.findAllByTitle('北京海淀店（BJ004）', {}, SLOW);
    expect(screen.queryByTitle('天津和平店（TJ001）')).toBeNull();
    await choose('接收门店', '北京海淀店（BJ004）');
    await choose('张伟的接收门店', '北京西城店（BJ005）');
    fireEvent.change(screen.getByLabelText('闭店原因'), { target: { value: '租约到期' } });

    // Declined: nothing sent.
    fireEvent.click(screen.getByRole('button', { name: '确认闭店迁移' }));
    await waitFor(() => expect(currentAlert()?.text).toContain('2 名会员'), SLOW);
    act(() => closeAlert(currentAlert()!.id, false));
    expect(starts).toHaveLength(0);
    // Confirmed: the choices, then the closure's detail.
    fireEvent.click(screen.getByRole('button', { name: '确认闭店迁移' }));
    await waitFor(() => expect(currentAlert()?.text).toContain('北京朝阳店（BJ003）'), SLOW);
    act(() => closeAlert(currentAlert()!.id, true));
    await app.waitForPath('/closeDetail?id=5');
    expect(starts).toEqual([
      { storeId: 1, toStoreId: 2, reason: '租约到期', members: [{ memberId: 12, toStoreId: 3 }] },
    ]);
    expect(await screen.findByText('闭店迁移 BD00000005', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('共 2 名，已迁移 1 名，失败 0 名')).toBeTruthy();
  });

  it('shows no 闭店迁移 without 审核', async () => {
    userWith([]);
    stubFetch((url) =>
      url.startsWith('/rest/memberMove/closures')
        ? { body: envelope({ list: [{ ...CLOSURE, status: 'done', moved: 2 }], total: 1 }) }
        : { body: envelope([]) },
    );
    renderApp('/close');
    expect(await screen.findByText('BD00000005', {}, FIRST)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '闭店迁移' })).toBeNull();
  });
});
