/** /crossLevelDrawConfig: the level × level matrix, same level fixed, the whole matrix saved at once. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CrossLevelMatrix } from '@zb/contract/entities/crossLevel';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { buttonIn, findButton } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const A = { id: 41, code: 'A', name: 'A级' };
const B = { id: 42, code: 'B', name: 'B级' };
const C = { id: 43, code: 'C', name: 'C级' };

const signIn = (edit: boolean) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-SPGL', name: '商品管理', description: '' },
        { code: 'ZBHT-SPGL:crossLevelDrawConfig', name: '跨级划卡配置', description: '' },
      ],
      btn: edit ? ['ZBHT-SPGL:crossLevelDrawConfig:edit'] : [],
    }),
  );

const server = () => {
  let matrix: CrossLevelMatrix = { levels: [A, B, C], allowed: [{ soldLevelId: A.id, drawLevelId: B.id }] };
  const saves: unknown[] = [];
  const fetch = stubFetch((url, init) => {
    const path = url.split('?')[0];
    if (path === '/rest/crossLevelDraw/matrix') return { body: envelope(matrix) };
    if (path === '/rest/crossLevelDraw/save') {
      const body = JSON.parse(String(init.body)) as { allowed: CrossLevelMatrix['allowed'] };
      saves.push(body);
      matrix = { ...matrix, allowed: body.allowed };
      return { body: envelope(matrix) };
    }
    return { body: envelope(null) };
  });
  return { fetch, saves };
};

const box = (sold: string, draw: string) =>
  screen.findByLabelText<HTMLInputElement>(`${sold}售出的卡可在${draw}门店划卡`, {}, SLOW);

describe('/crossLevelDrawConfig', { timeout: 60_000 }, () => {
  it('shows every level against every level, the same level always allowed, and saves the whole matrix', async () => {
    signIn(true);
    const { saves } = server();
    renderApp('/crossLevelDrawConfig');

    const same = await box('B级', 'B级');
    expect(same.checked).toBe(true);
    expect(same.disabled).toBe(true);
    expect((await box('A级', 'B级')).checked).toBe(true);
    expect((await box('B级', 'A级')).checked).toBe(false);
    const card = document.querySelector('.ant-card')!;
    const save = await findButton(card, '保存');
    expect(save.disabled).toBe(true);

    fireEvent.click(await box('A级', 'C级'));
    fireEvent.click(await box('A级', 'B级'));
    fireEvent.click(await box('C级', 'B级'));
    expect(await screen.findByText('划卡矩阵已修改，点击保存后生效')).toBeTruthy();
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      allowed: [
        { soldLevelId: A.id, drawLevelId: C.id },
        { soldLevelId: C.id, drawLevelId: B.id },
      ],
    });
    // The saved matrix is now the page's: nothing left to save.
    await waitFor(() => expect(save.disabled).toBe(true));
    expect((await box('A级', 'C级')).checked).toBe(true);
  });

  it('还原 drops the changes', async () => {
    signIn(true);
    server();
    renderApp('/crossLevelDrawConfig');
    fireEvent.click(await box('B级', 'C级'));
    expect((await box('B级', 'C级')).checked).toBe(true);
    fireEvent.click(await findButton(document.querySelector('.ant-card')!, '还原'));
    await waitFor(async () => expect((await box('B级', 'C级')).checked).toBe(false));
  });

  it('shows the matrix read-only to a user without 编辑', async () => {
    signIn(false);
    server();
    renderApp('/crossLevelDrawConfig');
    expect((await box('A级', 'C级')).disabled).toBe(true);
    expect((await box('A级', 'B级')).checked).toBe(true);
    expect(buttonIn(document.querySelector('.ant-card')!, '保存')).toBeNull();
  });
});
