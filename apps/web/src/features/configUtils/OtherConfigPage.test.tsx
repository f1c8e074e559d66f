/**
 * /otherConfig: the business settings with their bounds; a switch changes after its confirm, a
 * number left empty is refused before any call with the server's Chinese message (the input keeps
 * a typed number within its bounds), and
 * without /otherConfig 编辑 nothing can be changed.
 */
import { fireEvent, waitFor, within } from '@testing-library/react';
import type { SettingRow } from '@zb/contract/api/configUtils';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { closeAlert, currentAlert } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const signIn = (buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-JCGL', name: '基础管理', description: '' },
        { code: routeByPath('/otherConfig')!.code!, name: '其他配置', description: '' },
      ],
      btn: buttons.map((k) => buttonCodeOf('/otherConfig', k)),
    }),
  );

const ROWS: SettingRow[] = [
  {
    key: 'abnormalScanEnabled',
    type: 'switch',
    label: '异常开单自动识别',
    description: '定时任务按规则识别异常开单',
    value: 1,
    default: 1,
    unit: '',
    min: 0,
    max: 1,
    updatedBy: null,
    updatedAt: null,
  },
  {
    key: 'abnormalDuplicateMinutes',
    type: 'int',
    label: '重复开单间隔',
    description: '同一会员在同一门店此时间内开出金额相同的单',
    value: 10,
    default: 10,
    unit: '分钟',
    min: 1,
    max: 1440,
    updatedBy: '管理员',
    updatedAt: '2026-11-20 10:00:00',
  },
];

const server = () =>
  stubFetch((url, init) => {
    const path = url.split('?')[0] ?? '';
    if (path === '/rest/otherConfig/list') return { body: envelope(ROWS) };
    if (path === '/rest/otherConfig/update') {
      const body = JSON.parse(String(init?.body)) as { key: string; value: number };
      return { body: envelope({ ...ROWS.find((r) => r.key === body.key)!, value: body.value }) };
    }
    return { body: envelope(null) };
  });

const updates = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes('/rest/otherConfig/update'));

describe('/otherConfig', { timeout: 60_000 }, () => {
  it('turns a switch off after its confirm, and refuses an empty number before any call', async () => {
    signIn(['edit']);
    const fetch = server();
    renderApp('/otherConfig');
    const table = await tableBody();
    expect(await within(table).findByText('重复开单间隔', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('1 – 1440 分钟，默认 10 分钟')).toBeTruthy();
    expect(within(table).getByText('开启 / 关闭，默认开启')).toBeTruthy();

    fireEvent.click(within(table).getByLabelText('异常开单自动识别'));
    await waitFor(() => expect(currentAlert()?.text).toBe('确定关闭「异常开单自动识别」？'), SLOW);
    closeAlert(currentAlert()!.id, true);
    await waitFor(() => expect(updates(fetch)).toHaveLength(1), SLOW);
    expect(JSON.parse(String(updates(fetch)[0]![1]!.body))).toEqual({ key: 'abnormalScanEnabled', value: 0 });

    fireEvent.click(within(table).getByText(/^修\s*改$/));
    const input = within(table).getByLabelText('重复开单间隔');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(within(table).getByText(/^保\s*存$/));
    expect(await within(table).findByText('请填写配置值', {}, SLOW)).toBeTruthy();
    expect(updates(fetch)).toHaveLength(1);
  });

  it('changes nothing without /otherConfig 编辑', async () => {
    signIn([]);
    server();
    renderApp('/otherConfig');
    const table = await tableBody();
    expect(await within(table).findByText('重复开单间隔', {}, SLOW)).toBeTruthy();
    expect(within(table).queryByText(/^修\s*改$/)).toBeNull();
    expect((within(table).getByLabelText('异常开单自动识别') as HTMLButtonElement).disabled).toBe(true);
  });
});
