/**
 * /crowdDetail's builder: the live count asks the server with the rule as built (money typed in 元
 * sent in 分), again after a condition is removed; a rule the contract refuses shows its message
 * and is not counted; 保存 sends the rule; 生成快照 asks first, and a snapshot's members show.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { CrowdRule, CrowdView } from '@zb/contract/entities/crowd';
import { resourceCode } from '@zb/contract/routeTable/define';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAlert, currentAlert, resetAlerts } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { findButton } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const LIST = '/crowdManagement';

const CROWD: CrowdView = {
  id: 5,
  name: '沉睡储值会员',
  description: null,
  rule: {
    groups: [
      [
        { kind: 'balance', amount: { min: 50_000 } },
        { kind: 'level', levelIds: [31] },
      ],
    ],
  },
  summary: '储值余额 ≥ ¥500 且 会员等级为 金卡会员',
  lastCount: 40,
  lastCountedAt: '2026-11-27 10:00:00',
  createdByName: '张敏',
  createdAt: '2026-11-20 10:00:00',
};

const userWith = (...buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-YHFA-PAG', name: '平台优惠', description: '' },
        { code: resourceCode('ZBHT-YHFA-PAG', LIST), name: '人群管理', description: '' },
      ],
      btn: buttons.map((b) => buttonCodeOf(LIST, b)),
    }),
  );

const server = () =>
  stubFetch((url, init) => {
    const path = url.split('?')[0];
    if (path === '/rest/crowd/view/5') return { body: envelope(CROWD) };
    if (path === '/rest/crowd/options') {
      return {
        body: envelope({
          stores: [{ id: 1, name: '上海徐汇店', regionId: 1 }],
          regions: [{ id: 1, name: '华东大区' }],
          levels: [{ id: 31, name: '金卡会员' }],
          genders: [],
          cards: [],
        }),
      };
    }
    if (path === '/rest/crowd/count') {
      const { rule } = JSON.parse(String(init.body)) as { rule: CrowdRule };
      return { body: envelope({ count: 100 + rule.groups[0]!.length }) };
    }
    if (path === '/rest/crowd/saveCrowd') return { body: envelope({ id: 5, count: 101 }) };
    if (path === '/rest/crowd/snapshot') return { body: envelope({ snapshotId: 9, count: 101 }) };
    if (path === '/rest/crowd/snapshots') {
      return {
        body: envelope({
          list: [
            {
              id: 9,
              crowdId: 5,
              count: 101,
              summary: CROWD.summary,
              createdByName: '张敏',
              createdAt: '2026-11-27 11:00:00',
            },
          ],
          total: 1,
        }),
      };
    }
    if (path === '/rest/crowd/snapshotMembers') {
      return {
        body: envelope({
          list: [
            {
              id: 77,
              code: 'HY00000077',
              name: '王静',
              phone: '13700000077',
              storeName: '上海徐汇店',
              levelName: '金卡会员',
              lastVisitDay: '2026-08-01',
              storedValid: 80_000,
              joinedAt: '2025-01-02 10:00:00',
            },
          ],
          total: 1,
        }),
      };
    }
    return { body: envelope(null) };
  });

/** The live count as the page shows it. */
const shownCount = () => document.querySelector('.ant-statistic-content-value')?.textContent;

/** The calls of one path (its query aside). */
const calls = (fetch: ReturnType<typeof stubFetch>, path: string) =>
  fetch.mock.calls.filter((c) => String(c[0]).split('?')[0] === path);
const lastBody = (fetch: ReturnType<typeof stubFetch>, path: string) =>
  JSON.parse(String(calls(fetch, path).at(-1)![1]!.body));

afterEach(() => resetAlerts());

describe('/crowdDetail', { timeout: 60_000 }, () => {
  it('counts the rule as built, refuses what the contract refuses, saves, and snapshots after asking', async () => {
    userWith('add', 'edit', 'export');
    const fetch = server();
    renderApp('/crowdDetail?id=5');
    await screen.findByText('人群：沉睡储值会员', {}, SLOW);

    // The saved rule is counted as it stands.
    await waitFor(() => expect(calls(fetch, '/rest/crowd/count').length).toBeGreaterThan(0), SLOW);
    expect(lastBody(fetch, '/rest/crowd/count')).toEqual({ rule: CROWD.rule });
    await waitFor(() => expect(shownCount()).toBe('102'), SLOW);

    // 元 typed, 分 sent.
    const lower = screen.getByLabelText('储值余额下限');
    fireEvent.change(lower, { target: { value: '800' } });
    await waitFor(
      () =>
        expect(lastBody(fetch, '/rest/crowd/count').rule.groups[0][0]).toEqual({
          kind: 'balance',
          amount: { min: 80_000 },
        }),
      SLOW,
    );

    // Removing the level condition counts the balance alone.
    const removes = screen.getAllByLabelText('删除条件');
    fireEvent.click(removes[1]!);
    await waitFor(() => expect(lastBody(fetch, '/rest/crowd/count').rule.groups[0]).toHaveLength(1), SLOW);
    await waitFor(() => expect(shownCount()).toBe('101'), SLOW);

    // An upper bound below the lower one: the contract's message, and no count asked for it.
    const asked = calls(fetch, '/rest/crowd/count').length;
    fireEvent.change(screen.getByLabelText('储值余额上限'), { target: { value: '100' } });
    await screen.findByText(/储值余额上限不能小于下限/, {}, SLOW);
    expect(calls(fetch, '/rest/crowd/count').length).toBe(asked);
    fireEvent.change(screen.getByLabelText('储值余额上限'), { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText(/储值余额上限不能小于下限/)).toBeNull(), SLOW);

    fireEvent.click(await findButton(document.body, '保存'));
    await waitFor(() => expect(calls(fetch, '/rest/crowd/saveCrowd')).toHaveLength(1), SLOW);
    expect(lastBody(fetch, '/rest/crowd/saveCrowd')).toMatchObject({
      id: 5,
      name: '沉睡储值会员',
      rule: { groups: [[{ kind: 'balance', amount: { min: 80_000, max: null } }]] },
    });

    fireEvent.click(await findButton(document.body, '生成快照'));
    await waitFor(() => expect(currentAlert()?.text).toMatch(/确定按「沉睡储值会员」当前的条件生成快照/), SLOW);
    expect(calls(fetch, '/rest/crowd/snapshot')).toHaveLength(0);
    act(() => closeAlert(currentAlert()!.id, true));
    await waitFor(() => expect(calls(fetch, '/rest/crowd/snapshot')).not.toHaveLength(0), SLOW);
    expect(lastBody(fetch, '/rest/crowd/snapshot')).toEqual({ id: 5 });
    const members = await screen.findByText('快照 9 的会员', {}, SLOW);
    const card = members.closest('.ant-card') as HTMLElement;
    await within(card).findByText('王静', {}, SLOW);
    expect(within(card).getByText('¥800.00')).toBeTruthy();
  });

  it('shows no 保存 nor 生成快照 to a user without 编辑', async () => {
    userWith('export');
    server();
    renderApp('/crowdDetail?id=5');
    await screen.findByText('人群：沉睡储值会员', {}, SLOW);
    await screen.findByText('导出', {}, SLOW);
    expect(screen.queryByText('保存')).toBeNull();
    expect(screen.queryByText('生成快照')).toBeNull();
  });
});
