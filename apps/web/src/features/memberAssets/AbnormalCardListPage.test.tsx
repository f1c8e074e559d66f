/**
 * /abnormalCardList: the declared list of abnormal cards, and a card's handling drawer — the
 * buttons its state allows a holder of 审核, a reason required before the call, a confirmation,
 * the 调整 sent in 分, and the history.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CardHandlingView } from '@zb/contract/api/memberAssets';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { resourceCode } from '@zb/contract/routeTable/define';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAlert, currentAlert, resetAlerts } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';
import { adjustBodyOf, handlingsOf } from './cardHandling';

const card = (over: Partial<CardHandlingView> = {}): CardHandlingView => ({
  memberCardId: 9,
  cardNo: 'KH00000009',
  memberName: '异常卡乙',
  cardName: '资产演示储值卡',
  kind: 'stored',
  storeName: '上海徐汇店',
  status: 'active',
  expiresAt: '2028-11-27 10:00:00',
  balance: 95_000,
  bonusBalance: 10_000,
  sessions: [],
  history: [
    {
      id: 1,
      action: 'freeze',
      status: 'done',
      reason: '单日在三家门店消费，先冻结核实',
      amount: 0,
      bonus: 0,
      projectName: null,
      sessions: 0,
      spNo: null,
      createdByName: '管理员',
      createdAt: '2026-11-26 10:00:00',
      decidedAt: null,
    },
  ],
  ...over,
});

const HYGL = ['ZBHT-HYGL', resourceCode('ZBHT-HYGL', '/abnormalCardList')];
const user = (buttons: string[]) =>
  setSessionUser(sessionUser({ menu: HYGL.map((code) => ({ code, name: code, description: '' })), btn: buttons }));

const page = {
  list: [
    {
      memberCardId: 9,
      cardNo: 'KH00000009',
      rule: 'manyStores',
      evidence: '2026-11-26 在 3 家门店消费',
      memberName: '异常卡乙',
      cardName: '资产演示储值卡',
      cardKind: 'stored',
      storeId: 1,
      storeName: '上海徐汇店',
      status: 'active',
      expiresAt: '2028-11-27T02:00:00.000Z',
      balance: 95_000,
      bonusBalance: 10_000,
      sessionsLeft: 0,
    },
  ],
  total: 1,
  totals: { balance: 95_000, bonusBalance: 10_000, sessionsLeft: 0 },
};

/** The page's first render loads its chunk and the report view's (slow on a loaded machine). */
const FIRST = { timeout: 90_000 };

afterEach(() => resetAlerts());

describe('/abnormalCardList', { timeout: 180_000 }, () => {
  it('the rules: the buttons a state allows, and the 调整 form checked and sent in 分', () => {
    expect(handlingsOf(card())).toEqual(['freeze', 'adjust']);
    expect(handlingsOf(card({ status: 'frozen' }))).toEqual(['unfreeze', 'adjust']);
    const pending = card().history.map((h) => ({ ...h, action: 'adjust' as const, status: 'pending' as const }));
    expect(handlingsOf(card({ history: pending }))).toEqual(['freeze']);
    expect(adjustBodyOf(9, 'stored', { amountYuan: '12.5', bonusYuan: '-1', reason: ' 补录 ' })).toEqual({
      ok: true,
      body: { memberCardId: 9, amount: 1250, bonus: -100, sessions: 0, reason: '补录' },
    });
    expect(adjustBodyOf(9, 'stored', { amountYuan: '1.234', reason: 'x' })).toEqual({
      ok: false,
      message: '金额须为数字，最多两位小数',
    });
    expect(adjustBodyOf(9, 'stored', { reason: '没有金额' }).ok).toBe(false);
    expect(adjustBodyOf(9, 'combo', { sessions: '2', reason: '没有项目' })).toEqual({
      ok: false,
      message: '次数调整须指明项目',
    });
  });

  it('lists the cards with the rule and evidence; a card’s drawer freezes it after a reason and a confirmation', async () => {
    user([buttonCodeOf('/abnormalCardList', 'audit')]);
    const posted: { url: string; body: unknown }[] = [];
    let status: CardHandlingView['status'] = 'active';
    stubFetch((url, init) => {
      if (url.startsWith('/rest/report/abnormalCards/list')) return { body: envelope(page) };
      if (url.startsWith('/rest/memberAssets/card')) return { body: envelope(card({ status })) };
      if (url.startsWith('/rest/memberAssets/freeze')) {
        posted.push({ url, body: JSON.parse(String(init.body)) });
        status = 'frozen';
        return { body: envelope(card({ status })) };
      }
      return { body: envelope([]) };
    });
    renderApp('/abnormalCardList?memberCardId=9');
    await screen.findByText('2026-11-26 在 3 家门店消费', {}, FIRST);
    expect(screen.getAllByText('单日多店消费').length).toBeGreaterThan(0);
    const drawer = (await screen.findByText('异常卡处理', {}, SLOW)).closest('.ant-drawer') as HTMLElement;
    await within(drawer).findByText('单日在三家门店消费，先冻结核实', {}, SLOW);
    fireEvent.click(within(drawer).getByRole('button', { name: '冻 结' }));
    const modal = (await screen.findByText('冻结会员卡 KH00000009', {}, SLOW)).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(modal).getByRole('button', { name: '提 交' }));
    await within(modal).findByText('请填写原因', {}, SLOW);
    expect(posted).toEqual([]);
    fireEvent.change(within(modal).getByLabelText('原因'), { target: { value: '会员报失' } });
    fireEvent.click(within(modal).getByRole('button', { name: '提 交' }));
    await waitFor(() => expect(currentAlert()?.text).toBe('确定冻结会员卡 KH00000009 吗？'), SLOW);
    act(() => closeAlert(currentAlert()!.id, true));
    await waitFor(
      () =>
        expect(posted).toEqual([{ url: '/rest/memberAssets/freeze', body: { memberCardId: 9, reason: '会员报失' } }]),
      SLOW,
    );
    await within(drawer).findByRole('button', { name: '解 冻' }, SLOW);
  });

  it('a reader without 审核 sees the card and its history, no buttons', async () => {
    user([]);
    stubFetch((url) => {
      if (url.startsWith('/rest/report/abnormalCards/list')) return { body: envelope(page) };
      if (url.startsWith('/rest/memberAssets/card')) return { body: envelope(card()) };
      return { body: envelope([]) };
    });
    renderApp('/abnormalCardList?memberCardId=9');
    const drawer = (await screen.findByText('异常卡处理', {}, FIRST)).closest('.ant-drawer') as HTMLElement;
    await within(drawer).findByText('单日在三家门店消费，先冻结核实', {}, SLOW);
    expect(within(drawer).queryByRole('button', { name: '冻 结' })).toBeNull();
  });
});
