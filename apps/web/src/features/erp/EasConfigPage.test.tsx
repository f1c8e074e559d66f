/** /easConfig: the unmapped fee types named above the mappings; 生成凭证 checked before it is sent; a voucher's row actions by its state. */
import { fireEvent, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { buttonIn, findButton, openModal, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';
import { resultText, unmappedFeeTypes } from './EasConfigPage';

const PAGE = '/easConfig';
const route = routeByPath(PAGE)!;

const signIn = (buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-JCGL', name: '基础管理', description: '' },
        { code: route.code!, name: 'EAS对接配置', description: '' },
      ],
      btn: buttons.map((b) => buttonCodeOf(PAGE, b)),
    }),
  );

const subject = {
  id: 1,
  feeType: 'cash',
  subjectCode: '1001',
  subjectName: '库存现金',
  direction: 'debit',
  remark: null,
  updatedAt: '2026-11-20T02:00:00.000Z',
};
const voucher = (id: number, status: 'made' | 'failed') => ({
  id,
  voucherNo: `PZ2026112${id}SH001`,
  day: `2026-11-2${id}`,
  storeId: 3,
  storeCode: 'SH001',
  storeName: '上海徐汇店',
  companyCode: 'ZB-SH001',
  status,
  debitTotal: status === 'made' ? 12800 : 0,
  creditTotal: status === 'made' ? 12800 : 0,
  lineCount: status === 'made' ? 2 : 0,
  billCount: 3,
  error: status === 'failed' ? '缺少科目映射：微信收入' : null,
  source: 'job',
  madeAt: `2026-11-2${id}T17:30:00.000Z`,
});

const server = () =>
  stubFetch((url) => {
    const path = url.split('?')[0] ?? '';
    if (path === '/rest/easConfig/subject/list') return { body: envelope({ list: [subject], total: 1 }) };
    if (path === '/rest/easConfig/voucher/list')
      return { body: envelope({ list: [voucher(1, 'made'), voucher(2, 'failed')], total: 2 }) };
    if (path === '/rest/easConfig/voucher/generate')
      return { body: envelope({ made: 1, failed: 0, empty: 0, failures: [] }) };
    return { body: envelope([]) };
  });

const calls = (fetch: ReturnType<typeof stubFetch>, part: string) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes(part));

describe('the page’s rules', () => {
  it('names the fee types without a mapping, in their order', () => {
    expect(unmappedFeeTypes([{ feeType: 'cash' }, { feeType: 'project' }]).slice(0, 2)).toEqual([
      '微信收入',
      '支付宝收入',
    ]);
    expect(unmappedFeeTypes([{ feeType: 'cash' }])).not.toContain('现金收入');
  });
  it('says what 生成凭证 did', () => {
    expect(resultText({ made: 0, failed: 0, empty: 2, failures: [] })).toBe('所选范围内没有需要生成凭证的单据');
    expect(resultText({ made: 3, failed: 1, empty: 0, failures: [] })).toBe('生成凭证 3 张，失败 1 张');
  });
});

describe('/easConfig', { timeout: 60_000 }, () => {
  it('warns of the unmapped fee types above the mappings', async () => {
    signIn(['edit']);
    server();
    renderApp(PAGE);
    const table = await tableBody();
    expect(await within(table).findByText('库存现金', {}, SLOW)).toBeTruthy();
    expect(await within(document.body).findByText(/尚未配置科目.*微信收入、支付宝收入/, {}, SLOW)).toBeTruthy();
  });

  it('checks 生成凭证’s days before sending it; a voucher downloads when made, is made again when failed', async () => {
    signIn(['edit']);
    const fetch = server();
    renderApp(PAGE);
    fireEvent.click(await within(document.body).findByRole('tab', { name: '凭证' }, SLOW));
    await waitFor(() => expect(document.body.textContent).toContain('缺少科目映射：微信收入'), SLOW);
    expect(buttonIn(document.body, '下载凭证')).not.toBeNull();
    expect(buttonIn(document.body, '重新生成')).not.toBeNull();
    fireEvent.click(await findButton(document.body, '生成凭证'));
    const modal = await openModal();
    fireEvent.click(await findButton(modal, '生成'));
    fireEvent.click(await findButton(document.body, '确定'));
    expect(await within(modal).findByText('请选择业务日期', {}, SLOW)).toBeTruthy();
    expect(calls(fetch, '/voucher/generate')).toHaveLength(0);
  });

  it('shows no 生成凭证 to a user without the 编辑 button', async () => {
    signIn([]);
    server();
    renderApp(PAGE);
    fireEvent.click(await within(document.body).findByRole('tab', { name: '凭证' }, SLOW));
    await waitFor(() => expect(document.body.textContent).toContain('上海徐汇店'), SLOW);
    expect(buttonIn(document.body, '生成凭证')).toBeNull();
    expect(buttonIn(document.body, '重新生成')).toBeNull();
  });
});
