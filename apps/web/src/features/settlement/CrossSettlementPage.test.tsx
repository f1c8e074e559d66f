/**
 * /crossSettlement with the calls stubbed: the month's statements with exactly the steps
 * SETTLEMENT_FLOW allows from each state to holders of their buttons, 生成月结单 asking first and
 * posting the month, and the per-store net view adding up to zero.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { MonthNet, StatementDto } from '@zb/contract/api/settlement';
import { routeByPath } from '@zb/contract/routes';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { closeAlert, currentAlert } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';
import { defaultMonth, netTotal, stepButtons } from './CrossSettlementPage';

const route = routeByPath('/crossSettlement')!;
const FIRST_LOAD = { timeout: 40_000 };
const AUDIT = buttonCodeOf('/crossSettlement', 'audit');
const SETTLE = buttonCodeOf('/crossSettlement', 'settle');
const GENERATE = buttonCodeOf('/crossSettlement', 'generate');

const statement = (id: number, status: StatementDto['status'], amount: number): StatementDto => ({
  id,
  statementNo: `JS${String(id).padStart(8, '0')}`,
  month: defaultMonth(),
  issuingStoreId: 1,
  issuingStoreName: '北京朝阳店',
  servingStoreId: 2,
  servingStoreName: id === 1 ? '北京海淀店' : '天津和平店',
  status,
  lineCount: 3,
  served: amount + 1000,
  deducted: 0,
  amount,
  matched: status === 'confirmed' ? amount : 0,
  generatedAt: '2026-11-01T02:00:00.000Z',
});

const net: MonthNet = {
  month: defaultMonth(),
  stores: [
    { storeId: 2, storeCode: 'BJ002', storeName: '北京海淀店', receivable: 9000, payable: 0, net: 9000 },
    { storeId: 3, storeCode: 'TJ001', storeName: '天津和平店', receivable: 4000, payable: 0, net: 4000 },
    { storeId: 1, storeCode: 'BJ001', storeName: '北京朝阳店', receivable: 0, payable: 13000, net: -13000 },
  ],
  total: 0,
};

describe('跨店结算 page logic', () => {
  it('opens on last month and offers each state’s steps only to holders of their buttons', () => {
    expect(defaultMonth(dayjs('2026-03-15'))).toBe('2026-02');
    expect(defaultMonth(dayjs('2026-01-01'))).toBe('2025-12');
    const all = (code: string) => [AUDIT, SETTLE].includes(code);
    expect(stepButtons('pending', all)).toEqual(['confirm', 'reject']);
    expect(stepButtons('confirmed', all)).toEqual(['settle']);
    expect(stepButtons('settled', all)).toEqual([]);
    expect(stepButtons('rejected', all)).toEqual([]);
    expect(stepButtons('pending', (c) => c === SETTLE)).toEqual([]);
    expect(netTotal(net.stores)).toBe(0);
  });
});

describe('/crossSettlement', { timeout: 60_000 }, () => {
  it('lists the statements with their steps, generates a month after asking, and nets stores to zero', async () => {
    setSessionUser(
      sessionUser({
        menu: [
          { code: route.group, name: '订单管理', description: '' },
          { code: route.code!, name: '跨店结算', description: '' },
        ],
        btn: [AUDIT, GENERATE],
      }),
    );
    let generated: unknown = null;
    stubFetch((url, init) => {
      const [path = ''] = url.split('?');
      if (path === '/rest/crossSettlement/list') {
        return { body: envelope({ total: 2, list: [statement(1, 'pending', 9000), statement(2, 'confirmed', 4000)] }) };
      }
      if (path === '/rest/crossSettlement/net') return { body: envelope(net) };
      if (path === '/rest/crossSettlement/generate') {
        generated = JSON.parse(String(init.body ?? 'null'));
        return { body: envelope({ month: defaultMonth(), written: 2, kept: 0, removed: 0, lines: 6 }) };
      }
      return { body: envelope(null) };
    });
    renderApp('/crossSettlement');
    const table = await screen.findByRole('table', { name: '结算单' }, FIRST_LOAD);
    expect(await within(table).findByText('JS00000001', {}, SLOW)).toBeTruthy();
    // (role queries over the table's rows are very slow in jsdom: text queries instead)
    // the pending statement offers 确认 and 驳回; the confirmed one no 标记已结算 (the user lacks its button)
    expect(within(table).getAllByText('确认')).toHaveLength(1);
    expect(within(table).getAllByText('驳回')).toHaveLength(1);
    expect(within(table).queryByText('标记已结算')).toBeNull();

    fireEvent.click(screen.getByText('生成月结单'));
    await waitFor(() => expect(currentAlert()?.text).toContain('生成'), SLOW);
    closeAlert(currentAlert()!.id, true);
    await waitFor(() => expect(generated).toEqual({ month: defaultMonth() }), SLOW);
    await waitFor(() => expect(currentAlert()?.text).toContain('生成/更新 2 张'), SLOW);
    closeAlert(currentAlert()!.id, true);

    fireEvent.click(screen.getByText('门店净额'));
    const nets = await screen.findByRole('table', { name: '门店净额' }, SLOW);
    expect(await within(nets).findByText('北京朝阳店', {}, SLOW)).toBeTruthy();
    expect(within(nets).getByText('¥-130.00')).toBeTruthy();
    // the totals row: the stores net to zero
    const totals = within(nets).getByText('合计（所有门店相抵为 0）').closest('tr')!;
    expect(within(totals as HTMLElement).getByText('¥0.00')).toBeTruthy();
  });
});
