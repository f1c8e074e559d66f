/**
 * /storeLevel: open to any signed-in user (no code of its own); 上移/下移 and the write buttons
 * only with /basicProps's buttons; a refusal of a level in use shows the server's reason.
 */
import { fireEvent, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { ERR } from '@zb/contract/errcodes';
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
        { code: routeByPath('/basicProps')!.code!, name: '基础属性', description: '' },
      ],
      btn: buttons.map((k) => buttonCodeOf('/basicProps', k)),
    }),
  );

const LEVELS = [
  { id: 31, code: 'A', name: 'A级', sort: 1, enabled: true, storeCount: 3, cardCount: 1, crossLevelCount: 2 },
  { id: 32, code: 'B', name: 'B级', sort: 2, enabled: true, storeCount: 5, cardCount: 0, crossLevelCount: 1 },
  { id: 39, code: 'S', name: 'S级', sort: 3, enabled: false, storeCount: 0, cardCount: 0, crossLevelCount: 0 },
];

const server = (move: () => unknown) =>
  stubFetch((url) => {
    const path = url.split('?')[0] ?? '';
    if (path === '/rest/storeLevel/list') return { body: envelope({ list: LEVELS, total: LEVELS.length }) };
    if (path === '/rest/storeLevel/move') return { body: move() };
    return { body: envelope(null) };
  });

describe('/storeLevel', { timeout: 60_000 }, () => {
  it('lists the levels with their uses; 上移 sends the level and the way, a refusal shows its reason', async () => {
    signIn(['add', 'edit', 'delete']);
    let first = true;
    const fetch = server(() => {
      if (!first) return envelope({ count: 2 });
      first = false;
      return envelope(null, ERR.PARAM_INVALID, '该门店等级已在最前面');
    });
    renderApp('/storeLevel');
    const table = await tableBody();
    expect(await within(table).findByText('B级', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('停用')).toBeTruthy();

    fireEvent.click(within(table).getByLabelText('上移A级'));
    await waitFor(() => expect(currentAlert()?.text).toContain('已在最前面'), SLOW);
    closeAlert(currentAlert()!.id, true);
    fireEvent.click(within(table).getByLabelText('上移B级'));
    const moves = () => fetch.mock.calls.filter((c) => String(c[0]).includes('/rest/storeLevel/move'));
    await waitFor(() => expect(moves()).toHaveLength(2), SLOW);
    expect(JSON.parse(String(moves()[1]![1]!.body))).toEqual({ id: 32, dir: 'up' });
  });

  it('is open without any code, but shows no 上移 without /basicProps 编辑', async () => {
    signIn([]);
    server(() => envelope({ count: 0 }));
    renderApp('/storeLevel');
    const table = await tableBody();
    expect(await within(table).findByText('A级', {}, SLOW)).toBeTruthy();
    expect(within(table).queryByLabelText('上移A级')).toBeNull();
  });
});
