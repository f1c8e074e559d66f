/**
 * /supplementOrCancellation: the declared list of 补卡 and 注销 applications, and the 申请补卡 form —
 * the card found by number or phone, the contract's rules before any call, a confirmation, the
 * server's refusal shown as it is (the form stays open), then the application sent.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClosableCardDto } from '@zb/contract/api/memberAssets';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { resourceCode } from '@zb/contract/routeTable/define';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAlert, currentAlert, resetAlerts } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';
import { cardOptionLabel, closureBodyOf } from './cardClosure';

const found: ClosableCardDto = {
  memberCardId: 9,
  cardNo: 'KH00000009',
  memberName: '补卡会员甲',
  phone: '13990090000',
  cardName: '资产演示储值卡',
  kind: 'stored',
  status: 'frozen',
  storeName: '上海徐汇店',
  expiresAt: '2028-11-27 10:00:00',
  balance: 95_000,
  bonusBalance: 10_000,
  sessionsLeft: 0,
  pending: false,
};

const page = {
  list: [
    {
      id: 1,
      memberId: 3,
      spNo: 'SP202611270001',
      kind: 'reissue',
      status: 'executed',
      cardNo: 'KH00000007',
      memberName: '补卡会员乙',
      phone: '13990090001',
      cardName: '乌发养护季卡',
      storeId: 1,
      storeName: '上海徐汇店',
      newCardNo: 'BK20260002',
      newSystemCardNo: 'KH00000011',
      rule: null,
      reason: '卡面磨损无法识别',
      applicantName: '管理员',
      createdAt: '2026-11-27T02:00:00.000Z',
      deciderName: '管理员',
      decidedAt: '2026-11-27T02:10:00.000Z',
      amount: 0,
      bonus: 0,
      sessions: 12,
      refundAmount: 0,
    },
  ],
  total: 1,
  totals: { amount: 0, bonus: 0, sessions: 12, refundAmount: 0 },
};

const HYGL = ['ZBHT-HYGL', resourceCode('ZBHT-HYGL', '/abnormalCardList')];
const user = (buttons: string[]) =>
  setSessionUser(sessionUser({ menu: HYGL.map((code) => ({ code, name: code, description: '' })), btn: buttons }));

/** The page's first render loads its chunk and the report view's (slow on a loaded machine). */
const FIRST = { timeout: 90_000 };

afterEach(() => resetAlerts());

describe('/supplementOrCancellation', { timeout: 180_000 }, () => {
  it('the form’s rules: a card first, the new number’s form, a refund in 分 and only with 退还本金', () => {
    expect(closureBodyOf('reissue', { newCardNo: 'BK01', reason: '遗失' })).toEqual({
      ok: false,
      message: '请先查询并选择会员卡',
    });
    expect(closureBodyOf('reissue', { memberCardId: 9, newCardNo: 'bk-1', reason: '遗失' })).toEqual({
      ok: false,
      message: '新卡号须为 4 到 20 位字母或数字',
    });
    expect(closureBodyOf('reissue', { memberCardId: 9, newCardNo: ' bk0001 ', reason: ' 遗失 ' })).toEqual({
      ok: true,
      body: { memberCardId: 9, newCardNo: 'BK0001', reason: '遗失' },
    });
    expect(closureBodyOf('cancel', { memberCardId: 9, rule: 'refund', refundYuan: '12.5', reason: '退卡' })).toEqual({
      ok: true,
      body: { memberCardId: 9, rule: 'refund', refundAmount: 1250, reason: '退卡' },
    });
    expect(closureBodyOf('cancel', { memberCardId: 9, rule: 'refund', refundYuan: '1.234', reason: '退卡' })).toEqual({
      ok: false,
      message: '退款金额须为数字，最多两位小数',
    });
    expect(closureBodyOf('cancel', { memberCardId: 9, rule: 'refund', reason: '退卡' })).toEqual({
      ok: false,
      message: '请填写退款金额',
    });
    expect(closureBodyOf('cancel', { memberCardId: 9, rule: 'forfeit', refundYuan: '5', reason: '作废' })).toEqual({
      ok: true,
      body: { memberCardId: 9, rule: 'forfeit', refundAmount: 0, reason: '作废' },
    });
    expect(cardOptionLabel(found)).toBe('KH00000009 补卡会员甲 资产演示储值卡 本金 950.00 元、赠金 100.00 元（冻结）');
  });

  it('lists the applications; 申请补卡 finds the card, checks, confirms, shows a refusal and sends the application', async () => {
    user([buttonCodeOf('/abnormalCardList', 'audit')]);
    const posted: unknown[] = [];
    stubFetch((url, init) => {
      if (url.startsWith('/rest/report/cardClosures/list')) return { body: envelope(page) };
      if (url.startsWith('/rest/memberAssets/closableCards')) {
        return { body: envelope(url.includes('keyword=13990090000') ? [found] : []) };
      }
      if (url.startsWith('/rest/memberAssets/reissue')) {
        const body = JSON.parse(String(init.body)) as { newCardNo: string };
        posted.push(body);
        return body.newCardNo === 'BK20260001'
          ? { body: envelope(null, 'CARDHDL-40902', '新卡号 BK20260001 已被使用，请换一个卡号') }
          : {
              body: envelope({
                id: 7,
                kind: 'reissue',
                status: 'pending',
                cardNo: 'KH00000009',
                newCardNo: body.newCardNo,
                spNo: 'SP202611270009',
              }),
            };
      }
      return { body: envelope([]) };
    });
    renderApp('/supplementOrCancellation');
    await screen.findByText('BK20260002', {}, FIRST);
    expect(screen.getAllByText('已通过并执行').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '申请补卡' }));
    const title = await screen.findByText('申请补卡', { selector: '.ant-modal-title' }, SLOW);
    const m = title.closest('.ant-modal') as HTMLElement;
    // Nothing chosen yet: the rule speaks before any call.
    fireEvent.click(within(m).getByRole('button', { name: '提 交' }));
    await within(m).findByText('请先查询并选择会员卡', {}, SLOW);
    fireEvent.change(within(m).getByLabelText('卡号或手机号'), { target: { value: '13990090000' } });
    fireEvent.click(within(m).getByRole('button', { name: /查\s*询/ }));
    await within(m).findByText(cardOptionLabel(found), {}, SLOW);
    fireEvent.change(within(m).getByLabelText('新卡号'), { target: { value: 'BK20260001' } });
    fireEvent.change(within(m).getByLabelText('原因'), { target: { value: '会员卡遗失' } });
    fireEvent.click(within(m).getByRole('button', { name: '提 交' }));
    await waitFor(() => expect(currentAlert()?.text).toMatch(/^确定提交会员卡 KH00000009 的补卡申请吗？/), SLOW);
    act(() => closeAlert(currentAlert()!.id, true));
    await waitFor(() => expect(currentAlert()?.text).toBe('新卡号 BK20260001 已被使用，请换一个卡号'), SLOW);
    act(() => closeAlert(currentAlert()!.id, true));
    // The form stays open; another number goes through.
    fireEvent.change(within(m).getByLabelText('新卡号'), { target: { value: 'bk20269999' } });
    // (The closed alerts' dialogs may still be leaving: the form's button is found by its text.)
    fireEvent.click(
      within(m)
        .getByText(/^提\s*交$/)
        .closest('button')!,
    );
    await waitFor(() => expect(currentAlert()?.text).toMatch(/^确定提交会员卡 KH00000009 的补卡申请吗？/), SLOW);
    act(() => closeAlert(currentAlert()!.id, true));
    await waitFor(
      () =>
        expect(posted).toEqual([
          { memberCardId: 9, newCardNo: 'BK20260001', reason: '会员卡遗失' },
          { memberCardId: 9, newCardNo: 'BK20269999', reason: '会员卡遗失' },
        ]),
      SLOW,
    );
    // Sent: the form closes.
    await waitFor(() => expect(screen.queryByText('申请补卡', { selector: '.ant-modal-title' })).toBeNull(), SLOW);
  });

  it('a reader without 审核 sees the list, no 申请 buttons', async () => {
    user([]);
    stubFetch((url) =>
      url.startsWith('/rest/report/cardClosures/list') ? { body: envelope(page) } : { body: envelope([]) },
    );
    renderApp('/supplementOrCancellation');
    await screen.findByText('BK20260002', {}, FIRST);
    expect(screen.queryByRole('button', { name: '申请补卡' })).toBeNull();
    expect(screen.queryByRole('button', { name: '申请注销' })).toBeNull();
  });
});
