/**
 * /jointLabelConfig: the status card says where WeCom is, how many SCRM stores and staff are read
 * and how the last sync went; 立即同步 posts after its confirm and says what the run did; without
 * 编辑 there is no sync button.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { ScrmRunResult, ScrmStatus } from '@zb/contract/entities/scrm';
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
        { code: routeByPath('/jointLabelConfig')!.code!, name: '联合标签配置', description: '' },
      ],
      btn: buttons.map((k) => buttonCodeOf('/jointLabelConfig', k)),
    }),
  );

const STATUS: ScrmStatus = {
  endpoint: '企业微信模拟器（内置）',
  stores: 6,
  staff: 18,
  lastRun: {
    at: '2026-11-28T02:10:00.000Z',
    status: 'succeeded',
    text: '企业微信客户 108 人（关联会员 96，新增 3，删除 1）',
  },
};
const RESULT: ScrmRunResult = {
  contacts: 109,
  linked: 97,
  added: 1,
  removed: 0,
  tagsToMembers: 2,
  tagsToWecom: 1,
  tagsCreated: 0,
};

const server = () =>
  stubFetch((url) => {
    const path = url.split('?')[0] ?? '';
    if (path === '/rest/jointLabelConfig/status') return { body: envelope(STATUS) };
    if (path === '/rest/jointLabelConfig/sync') return { body: envelope(RESULT) };
    if (path === '/rest/jointLabelConfig/tags') return { body: envelope([]) };
    if (path.endsWith('/list')) return { body: envelope({ list: [], total: 0 }) };
    return { body: envelope(null) };
  });

const syncs = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes('/rest/jointLabelConfig/sync'));

describe('/jointLabelConfig', { timeout: 60_000 }, () => {
  it('shows the last sync; 立即同步 posts after its confirm and tells the result', async () => {
    signIn(['edit']);
    const fetch = server();
    renderApp('/jointLabelConfig');
    expect(await screen.findByText(/企业微信客户 108 人/, {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/6 家，员工 18 人/)).toBeTruthy();
    fireEvent.click(await findButton(document.body, '立即同步'));
    expect(syncs(fetch)).toHaveLength(0);
    fireEvent.click(await findButton(document.body, '确定'));
    await waitFor(() => expect(syncs(fetch)).toHaveLength(1), SLOW);
    expect(await screen.findByText(/企业微信客户 109 人（关联会员 97，新增 1，删除 0）/, {}, SLOW)).toBeTruthy();
  });

  it('has no sync without 编辑', async () => {
    signIn([]);
    server();
    renderApp('/jointLabelConfig');
    expect(await screen.findByText(/企业微信客户 108 人/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('立即同步')).toBeNull();
  });
});
