/**
 * /shrConfig: the status card tells how the last sync went and which SHR organisations have no
 * store; 立即同步 posts after its confirm and says what the run did; without 编辑 there is no
 * sync button.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { ShrRunResult, ShrStatus } from '@zb/contract/entities/shr';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { findButton } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const signIn = (buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-JCGL', name: '基础管理', description: '' },
        { code: routeByPath('/shrConfig')!.code!, name: 'SHR对接配置', description: '' },
      ],
      btn: buttons.map((k) => buttonCodeOf('/shrConfig', k)),
    }),
  );

const STATUS: ShrStatus = {
  endpoint: 'SHR模拟器（内置）',
  enabled: true,
  watermark: '2026-11-26T18:30:00.000Z',
  lastRun: {
    runId: 1,
    status: 'succeeded',
    trigger: 'job',
    startedAt: '2026-11-26T18:30:00.000Z',
    fetched: 12,
    created: 2,
    updated: 9,
    left: 1,
    skipped: 1,
    failed: 0,
    error: null,
  },
  unmappedOrgs: ['ORG-NEW01'],
};

const RESULT: ShrRunResult = {
  runId: 2,
  status: 'succeeded',
  fetched: 1,
  created: 0,
  updated: 1,
  left: 0,
  skipped: 0,
  failed: 0,
  error: null,
};

const server = () =>
  stubFetch((url) => {
    const path = url.split('?')[0] ?? '';
    if (path === '/rest/shrConfig/status') return { body: envelope(STATUS) };
    if (path === '/rest/shrConfig/sync') return { body: envelope(RESULT) };
    if (path.endsWith('/list'))
      return { body: envelope(path.startsWith('/rest/shrConfig/list') ? [] : { list: [], total: 0 }) };
    return { body: envelope(null) };
  });

const syncs = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes('/rest/shrConfig/sync'));

describe('/shrConfig', { timeout: 60_000 }, () => {
  it('shows the last run and the unmapped organisations; 立即同步 posts after its confirm', async () => {
    signIn(['edit']);
    const fetch = server();
    renderApp('/shrConfig');
    expect(await screen.findByText(/获取 12 人：新增 2，更新 9，离职 1，跳过 1，失败 0/, {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/以下 SHR 组织没有对应门店，其人员未同步：ORG-NEW01/)).toBeTruthy();
    expect(screen.getByText('SHR模拟器（内置）')).toBeTruthy();

    fireEvent.click(await findButton(document.body, '立即同步'));
    expect(syncs(fetch)).toHaveLength(0);
    fireEvent.click(await findButton(document.body, '确定'));
    await waitFor(() => expect(syncs(fetch)).toHaveLength(1), SLOW);
    expect(JSON.parse(String(syncs(fetch)[0]![1]!.body))).toEqual({ full: false });
    expect(await screen.findByText('获取 1 人：新增 0，更新 1，离职 0，跳过 0，失败 0', {}, SLOW)).toBeTruthy();
  });

  it('has no sync without 编辑', async () => {
    signIn([]);
    server();
    renderApp('/shrConfig');
    expect(await screen.findByText(/获取 12 人/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('立即同步')).toBeNull();
    expect(screen.getByText('查看同步日志')).toBeTruthy();
  });
});
