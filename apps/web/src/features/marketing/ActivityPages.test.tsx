/**
 * /activityList and /activityDetail: the review buttons follow the activity's state and the user's
 * buttons; steps ask first; the cards table filters and voids; 下载二维码 fetches the zip; the form
 * checks with the contract's schema and shows the server's field errors on their fields.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { ActivityStatus, RealCardActivityView, RealCardRow } from '@zb/contract/entities/marketingActivity';
import { resourceCode } from '@zb/contract/routeTable/define';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAlert, currentAlert, resetAlerts } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { buttonIn, findButton, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const PAGE = '/activityList';

const activity = (status: ActivityStatus): RealCardActivityView => ({
  id: 8,
  code: 'HD000008',
  kind: 'realCard',
  name: '春节实体卡',
  status,
  cardId: 3,
  cardName: '洗护套餐卡',
  cardKind: 'combo',
  quantity: 3,
  startDate: '2026-12-01',
  endDate: '2027-01-31',
  remark: null,
  rejectReason: null,
  counts: { unclaimed: 2, claimed: 1, voided: 0 },
  createdByName: '张敏',
  createdAt: '2026-11-20 10:00:00',
  approvedByName: null,
  approvedAt: null,
});

const CARDS: RealCardRow[] = [
  {
    id: 81,
    number: '000008000017',
    status: 'claimed',
    memberPhone: '13700000000',
    memberId: 9,
    memberName: '王静',
    memberCode: 'HY00000009',
    memberCardNo: 'KH00000031',
    claimedAt: '2026-12-02 09:00:00',
    voidedAt: null,
  },
  {
    id: 82,
    number: '000008000025',
    status: 'unclaimed',
    memberPhone: null,
    memberId: null,
    memberName: null,
    memberCode: null,
    memberCardNo: null,
    claimedAt: null,
    voidedAt: null,
  },
  {
    id: 83,
    number: '000008000033',
    status: 'unclaimed',
    memberPhone: null,
    memberId: null,
    memberName: null,
    memberCode: null,
    memberCardNo: null,
    claimedAt: null,
    voidedAt: null,
  },
];

const MEMBER_PAGES = [
  { code: 'ZBHT-HYGL', name: '会员管理', description: '' },
  { code: resourceCode('ZBHT-HYGL', '/memberList'), name: '会员列表', description: '' },
];

const userWith = (...buttons: string[]) => userWithPages([], ...buttons);

const userWithPages = (pages: typeof MEMBER_PAGES, ...buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-YHFA-PAG', name: '平台优惠', description: '' },
        { code: resourceCode('ZBHT-YHFA-PAG', PAGE), name: '营销活动', description: '' },
        ...pages,
      ],
      btn: buttons.map((b) => buttonCodeOf(PAGE, b)),
    }),
  );

const server = (initial: RealCardActivityView) => {
  let current = initial;
  return stubFetch((url, init) => {
    const path = url.split('?')[0];
    if (path === '/rest/activity/view/8') return { body: envelope(current) };
    if (path === '/rest/activity/realCards') {
      const status = new URLSearchParams(url.split('?')[1]).get('status');
      const list = CARDS.filter((c) => !status || c.status === status);
      return { body: envelope({ list, total: list.length }) };
    }
    if (path === '/rest/activity/cardOptions') {
      return { body: envelope([{ id: 3, code: 'K003', name: '洗护套餐卡', kind: 'combo' }]) };
    }
    const step = path?.match(/^\/rest\/activity\/(submit|approve|reject|disable)$/)?.[1];
    if (step && init.method === 'POST') {
      const to = { submit: 'pending', approve: 'approved', reject: 'rejected', disable: 'disabled' }[
        step
      ] as ActivityStatus;
      current = { ...current, status: to };
      return { body: envelope({ id: 8, code: current.code, status: to }) };
    }
    if (path === '/rest/activity/voidRealCards') return { body: envelope({ count: 1 }) };
    if (path === '/lbhd/MarketingActivityRealCardRest/qrcodePackDownloadRealCard') {
      return { text: 'PK-zip-bytes', headers: { 'Content-Type': 'application/zip' } };
    }
    if (path === '/lbhd/MarketingActivityRealCardRest/saveActivityRealCard') {
      const body = JSON.parse(String(init.body)) as { quantity: number };
      if (body.quantity > 10_000) {
        return { body: envelope({ fields: { quantity: '库存卡面不足' } }, 'PARAM-40001', '库存卡面不足') };
      }
      return { body: envelope({ id: 8, code: 'HD000008', status: 'draft' }) };
    }
    if (path === '/rest/activity/list') {
      return {
        body: envelope({
          list: [
            {
              id: 8,
              code: 'HD000008',
              name: '春节实体卡',
              kind: 'realCard',
              status: 'approved',
              cardName: '洗护套餐卡',
              startDate: '2026-12-01',
              endDate: '2027-01-31',
              quantity: 3,
              claimedCount: 1,
              voidedCount: 0,
              createdByName: '张敏',
              createdAt: '2026-11-20T02:00:00.000Z',
            },
          ],
          total: 1,
        }),
      };
    }
    return { body: envelope(null) };
  });
};

const calls = (fetch: ReturnType<typeof stubFetch>, part: string) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes(part));

const bodyOf = (fetch: ReturnType<typeof stubFetch>, part: string) =>
  JSON.parse(String(calls(fetch, part).at(-1)![1]!.body));

const actionBar = async () => {
  await screen.findByText('春节实体卡（HD000008）', {}, SLOW);
  return document.querySelector<HTMLElement>('.ant-card-extra') ?? document.createElement('div');
};

const labels = (root: HTMLElement) =>
  [...root.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''));

const accept = async (text: RegExp) => {
  await waitFor(() => expect(currentAlert()?.text).toMatch(text), SLOW);
  act(() => closeAlert(currentAlert()!.id, true));
};

afterEach(() => resetAlerts());

describe('/activityDetail', { timeout: 60_000 }, () => {
  it('a draft: 编辑 and 提交审核 for an editor; 提交审核 asks, then submits', async () => {
    userWith('edit');
    const fetch = server(activity('draft'));
    renderApp('/activityDetail?id=8');
    await waitFor(async () => expect(labels(await actionBar())).toEqual(['编辑', '提交审核']), SLOW);
    fireEvent.click(await findButton(await actionBar(), '提交审核'));
    await accept(/确定提交「春节实体卡」审核/);
    await waitFor(() => expect(calls(fetch, '/rest/activity/submit')).toHaveLength(1), SLOW);
    expect(bodyOf(fetch, '/rest/activity/submit')).toEqual({ id: 8 });
    await waitFor(async () => expect(labels(await actionBar())).toEqual([]), SLOW);
  });

  it('a pending activity: 审核通过 and 驳回 for an approver only', async () => {
    userWith('edit', 'export');
    server(activity('pending'));
    const first = renderApp('/activityDetail?id=8');
    await screen.findByText('待审核', {}, SLOW);
    expect(labels(await actionBar())).toEqual([]);
    first.unmount();

    userWith('audit', 'export');
    const fetch = server(activity('pending'));
    renderApp('/activityDetail?id=8');
    await waitFor(async () => expect(labels(await actionBar())).toEqual(['审核通过', '驳回']), SLOW);
    fireEvent.click(await findButton(await actionBar(), '审核通过'));
    await accept(/确定审核通过「春节实体卡」/);
    await waitFor(() => expect(calls(fetch, '/rest/activity/approve')).toHaveLength(1), SLOW);
    await waitFor(async () => expect(labels(await actionBar())).toEqual(['停用', '下载二维码']), SLOW);
  });

  it('an approved activity: its cards with who claimed them, 作废 asks and voids, 下载二维码 saves the zip', async () => {
    userWith('edit', 'export');
    const created = vi.fn(() => 'blob:zip');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const fetch = server(activity('approved'));
    renderApp('/activityDetail?id=8');
    await waitFor(async () => expect(labels(await actionBar())).toEqual(['编辑', '下载二维码']), SLOW);
    const body = await tableBody();
    await within(body).findByText('000008000025', {}, SLOW);
    expect(within(body).getByText('13700000000')).toBeTruthy();
    expect(within(body).getByText('KH00000031')).toBeTruthy();
    // No /personalAccount for this user: the claimer's name, not a link.
    expect(within(body).getByText('王静（HY00000009）').closest('a')).toBeNull();

    fireEvent.click(buttonIn(body, '作废')!);
    await accept(/确定作废卡号 000008000025/);
    await waitFor(() => expect(calls(fetch, '/rest/activity/voidRealCards')).toHaveLength(1), SLOW);
    expect(bodyOf(fetch, '/rest/activity/voidRealCards')).toEqual({ activityId: 8, cardIds: [82] });

    fireEvent.click(await findButton(document.body, '作废全部未领取'));
    await accept(/确定作废全部 2 张未领取的卡/);
    await waitFor(() => expect(calls(fetch, '/rest/activity/voidRealCards')).toHaveLength(2), SLOW);
    expect(bodyOf(fetch, '/rest/activity/voidRealCards')).toEqual({ activityId: 8, all: true });

    fireEvent.click(await findButton(await actionBar(), '下载二维码'));
    await waitFor(() => expect(calls(fetch, 'qrcodePackDownloadRealCard?id=8')).toHaveLength(1), SLOW);
    await waitFor(() => expect(created).toHaveBeenCalled(), SLOW);
  });

  it('links a claimed card’s member to their account for a user who may open it', async () => {
    userWithPages(MEMBER_PAGES, 'edit');
    server(activity('approved'));
    renderApp('/activityDetail?id=8');
    const body = await tableBody();
    const name = await within(body).findByText('王静（HY00000009）', {}, SLOW);
    expect(name.closest('a')?.getAttribute('href')).toBe('/personalAccount?id=9');
  });

  it('the form checks before sending and shows the server’s field errors on their fields', async () => {
    userWith('add');
    const fetch = server(activity('draft'));
    renderApp('/activityDetail?create=1');
    const form = await waitFor(() => {
      const f = document.querySelector<HTMLElement>('form#real-card-activity-form');
      if (!f) throw new Error('no form yet');
      return f;
    }, SLOW);
    fireEvent.click(await findButton(form, '保存并生成卡号'));
    expect(await within(form).findByText('请输入活动名称', {}, SLOW)).toBeTruthy();
    expect(within(form).getByText('请选择卡项')).toBeTruthy();
    expect(calls(fetch, 'saveActivityRealCard')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('活动名称'), { target: { value: '元旦实体卡' } });
    fireEvent.mouseDown(within(form).getByLabelText('卡项'));
    fireEvent.click(await screen.findByText('洗护套餐卡（套餐卡）', {}, SLOW));
    fireEvent.change(within(form).getByLabelText('制卡数量'), { target: { value: '12000' } });
    await new Promise((r) => setTimeout(r, 600)); // the double-click throttle
    fireEvent.click(await findButton(form, '保存并生成卡号'));
    expect(await within(form).findByText('库存卡面不足', {}, SLOW)).toBeTruthy();
    expect(bodyOf(fetch, 'saveActivityRealCard')).toMatchObject({ name: '元旦实体卡', cardId: 3, quantity: 12000 });
  });
});

describe('/activityList', { timeout: 60_000 }, () => {
  it('lists activities with 新增, and 下载二维码 on an approved row for a user with 导出', async () => {
    userWith('add', 'export');
    server(activity('approved'));
    renderApp('/activityList');
    const body = await tableBody();
    await within(body).findByText('春节实体卡', {}, SLOW);
    expect(within(body).getByText('已通过')).toBeTruthy();
    expect(buttonIn(body, '下载二维码')).toBeTruthy();
    expect(buttonIn(body, '编辑')).toBeNull();
    expect(buttonIn(document.body, '新增实体卡活动')).toBeTruthy();
  });
});
