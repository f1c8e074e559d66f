/**
 * /couponsManagement: the templates listed with their figures; 新增 sends the form (money in 分,
 * the discount in basis points) and puts the server's field error on its field; 发放 of a template
 * 进行中 sends the phones typed and shows what was issued and what failed; 按人群 shows the picked
 * crowd's live count, sends the crowd and follows the job's progress to its result.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { ERR } from '@zb/contract/errcodes';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { openDrawer, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const row = (over: Record<string, unknown>) => ({
  code: 'QT000001',
  kind: 'fullReduction',
  status: 'active',
  valueText: '满 120 减 20 元',
  amount: 2000,
  threshold: 12000,
  discountRate: null,
  maxDiscount: null,
  goodsScope: 'all',
  goodsCodes: null,
  storeScope: 'all',
  storeCodes: null,
  stackable: false,
  validityMode: 'days',
  validFrom: null,
  validTo: null,
  validDays: 30,
  validityText: '领取后 30 天内',
  totalQuantity: 500,
  perMemberLimit: 1,
  issuedCount: 12,
  unusedCount: 9,
  usedCount: 3,
  expiredCount: 0,
  discountGiven: 6000,
  billRevenue: 36000,
  failedCount: 1,
  remark: null,
  rejectReason: null,
  createdAt: '2026-11-20T10:00:00+08:00',
  ...over,
});

const ROWS = [
  row({ id: 1, name: '新客满120减20' }),
  row({
    id: 2,
    code: 'QT000002',
    name: '50元代金券',
    kind: 'voucher',
    status: 'draft',
    valueText: '抵 50 元',
    issuedCount: 0,
    usedCount: 0,
    discountGiven: 0,
    billRevenue: 0,
  }),
];

const LIST = '/couponsManagement';

describe('/couponsManagement', { timeout: 90_000 }, () => {
  it('lists the templates; 新增 sends the form and shows the field error; 发放 sends the phones', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: 'ZBHT-YHFA-PAG', name: '优惠方案', description: '' },
          { code: routeByPath(LIST)!.code!, name: '优惠券管理', description: '' },
        ],
        btn: ['add', 'edit', 'delete', 'audit'].map((k) => buttonCodeOf(LIST, k)),
      }),
    );
    const fetch = stubFetch((url, init) => {
      const path = url.split('?')[0] ?? '';
      if (path === '/rest/coupons/issue/crowds') return { body: envelope([{ id: 3, name: '沉睡储值会员' }]) };
      if (path === '/rest/coupons/issue/crowdCount') return { body: envelope({ count: 4200 }) };
      const job = { issueId: 8, failures: [], total: 4200, failure: null };
      if (path === '/rest/coupons/issue/progress') {
        return { body: envelope({ ...job, issued: 4199, failed: 1, state: 'done', done: 4200 }) };
      }
      if (path === '/rest/coupons/issue' && String(init.body).includes('"crowd"')) {
        return { body: envelope({ ...job, issued: 0, failed: 0, state: 'running', done: 0 }) };
      }
      if (path === '/rest/coupons/template/list') return { body: envelope({ list: ROWS, total: ROWS.length }) };
      if (path === '/rest/coupons/template/save') {
        return {
          body: envelope(
            { fields: { threshold: '满减券的使用门槛不能低于减免金额' } },
            ERR.PARAM_INVALID,
            '满减券的使用门槛不能低于减免金额',
          ),
        };
      }
      if (path === '/rest/coupons/issue') {
        return {
          body: envelope({
            issueId: 7,
            issued: 1,
            failed: 1,
            failures: [{ target: '13700000002', reason: '已领 1 张，达到每人限领 1 张' }],
          }),
        };
      }
      if (path === '/rest/report/pick/store') return { body: envelope([{ id: 1, code: 'BJ001', name: '北京朝阳店' }]) };
      return { body: envelope(null) };
    });
    renderApp(LIST);
    // The page's chunk loads first (slow on a loaded machine).
    await screen.findByText('新增优惠券', {}, { timeout: 60_000 });
    const table = await tableBody();
    expect(await within(table).findByText('新客满120减20', {}, { timeout: 60_000 })).toBeTruthy();
    expect(within(table).getByText('满 120 减 20 元')).toBeTruthy();
    expect(within(table).getByText('¥360.00')).toBeTruthy();
    // A draft offers 提交审核, an active template 发放 and 停用.
    expect(within(table).getByText('提交审核')).toBeTruthy();
    expect(within(table).getByText('停用')).toBeTruthy();

    fireEvent.click(screen.getByText('新增优惠券'));
    const drawer = await openDrawer();
    fireEvent.change(within(drawer).getByLabelText('券名称'), { target: { value: '满100减30' } });
    fireEvent.change(within(drawer).getByLabelText('面额/减免金额'), { target: { value: '30' } });
    fireEvent.change(within(drawer).getByLabelText('使用门槛'), { target: { value: '20' } });
    fireEvent.change(within(drawer).getByLabelText('有效天数'), { target: { value: '15' } });
    fireEvent.change(within(drawer).getByLabelText('发行总量'), { target: { value: '100' } });
    fireEvent.click(within(drawer).getByText(/^保\s*存$/));
    const saves = () => fetch.mock.calls.filter((c) => String(c[0]).includes('/rest/coupons/template/save'));
    await waitFor(() => expect(saves()).toHaveLength(1), SLOW);
    expect(JSON.parse(String(saves()[0]![1]!.body))).toMatchObject({
      name: '满100减30',
      kind: 'fullReduction',
      amount: 3000,
      threshold: 2000,
      validityMode: 'days',
      validDays: 15,
      totalQuantity: 100,
      perMemberLimit: 1,
    });
    expect(await within(drawer).findByText('满减券的使用门槛不能低于减免金额', {}, SLOW)).toBeTruthy();

    fireEvent.click(within(table).getByText('发放'));
    const title = await screen.findByText('发放优惠券：新客满120减20', {}, SLOW);
    const dialog = title.closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('会员手机号或会员编号'), {
      target: { value: '13700000001\n13700000002' },
    });
    fireEvent.click(within(dialog).getByText(/^发\s*放$/));
    expect(await within(dialog).findByText('成功发放 1 张，失败 1 人', {}, SLOW)).toBeTruthy();
    const issues = fetch.mock.calls.filter((c) => String(c[0]).includes('/rest/coupons/issue'));
    expect(JSON.parse(String(issues[0]![1]!.body))).toEqual({
      templateId: 1,
      source: 'members',
      memberKeys: ['13700000001', '13700000002'],
    });
    expect(within(dialog).getByText(/达到每人限领/)).toBeTruthy();

    // 按人群: the crowd's live count, then the job followed until it is done.
    fireEvent.click(within(dialog).getByText(/^完\s*成$/));
    await waitFor(() => expect(screen.queryByText('成功发放 1 张，失败 1 人')).toBeNull(), SLOW);
    fireEvent.click(within(table).getByText('发放'));
    const again = (await screen.findByText('发放优惠券：新客满120减20', {}, SLOW)).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(again).getByText('按人群'));
    fireEvent.mouseDown(await within(again).findByLabelText('人群', {}, SLOW));
    fireEvent.click(await screen.findByTitle('沉睡储值会员', {}, SLOW));
    expect(await within(again).findByText('当前符合条件的会员：4200 人', {}, SLOW)).toBeTruthy();
    fireEvent.click(within(again).getByText(/^发\s*放$/));
    expect(await within(again).findByText('成功发放 4199 张，失败 1 人', {}, SLOW)).toBeTruthy();
    expect(within(again).getByText('4200 / 4200')).toBeTruthy();
    const crowdIssue = fetch.mock.calls.filter((c) => String(c[0]).endsWith('/rest/coupons/issue')).at(-1);
    expect(JSON.parse(String(crowdIssue![1]!.body))).toEqual({ templateId: 1, source: 'crowd', crowdId: 3 });
  });
});
