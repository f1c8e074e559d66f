/** /moveIn: upload only with the 导入 button; the dry run's figures and wrong rows; the confirmed start. */
import { fireEvent, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { MemberImportHeader } from '@zb/contract/entities/memberImport';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { buttonIn, findButton, openModal } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const PAGE = '/moveIn';

const signIn = (buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-HYGL', name: '会员管理', description: '' },
        { code: routeByPath(PAGE)!.code!, name: '会员迁入', description: '' },
      ],
      btn: buttons.map((b) => buttonCodeOf(PAGE, b)),
    }),
  );

const header = (over: Partial<MemberImportHeader> = {}): MemberImportHeader => ({
  id: 7,
  batchNo: 'QR00000007',
  fileName: '旧系统.xlsx',
  state: 'checked',
  totalRows: 5,
  errorRows: 2,
  readyRows: 3,
  skippedRows: 0,
  newMembers: 2,
  existingMembers: 1,
  cards: 3,
  principal: 123456,
  bonus: 10000,
  sessions: 8,
  processedRows: 0,
  createdRows: 0,
  failure: null,
  createdByName: '管理员',
  createdAt: '2026-11-27T02:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  rolledBackAt: null,
  sameFileAs: null,
  ...over,
});

const server = () => {
  let state: MemberImportHeader = header();
  return stubFetch((url) => {
    const path = url.split('?')[0] ?? '';
    if (path === '/rest/moveIn/upload') {
      return {
        body: envelope({
          header: state,
          errors: [
            { row: 3, message: '门店编码「NOSUCH」不存在' },
            { row: 5, message: '储值本金最多两位小数' },
          ],
        }),
      };
    }
    if (path === '/rest/moveIn/start') {
      state = header({ state: 'done', processedRows: 3, createdRows: 3 });
      return { body: envelope(state) };
    }
    if (path === '/rest/moveIn/detail/7') return { body: envelope(state) };
    return { body: envelope([]) };
  });
};

const chooseFile = async () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], '旧系统.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  fireEvent.change(input, { target: { files: [file] } });
  await within(document.body).findByText('旧系统.xlsx', {}, SLOW);
};

/** The page's chunk, transformed on first use: longer than SLOW on a loaded machine. */
const pageOpen = () =>
  waitFor(
    () => {
      if (!buttonIn(document.body, '下载模板')) throw new Error('page not open yet');
    },
    { timeout: 45_000 },
  );

describe('/moveIn', { timeout: 120_000 }, () => {
  it('offers the template to any reader but the upload only with the 导入 button', async () => {
    signIn([]);
    server();
    renderApp(PAGE);
    await pageOpen();
    expect(buttonIn(document.body, '上传校验')).toBeNull();
  });

  it('shows the dry run and the wrong rows, then starts the import after confirmation', async () => {
    signIn(['import']);
    const fetch = server();
    renderApp(PAGE);
    await pageOpen();
    await chooseFile();
    fireEvent.click(await findButton(document.body, '上传校验'));
    expect(await within(document.body).findByText('门店编码「NOSUCH」不存在', {}, SLOW)).toBeTruthy();
    expect(within(document.body).getByText('第 5 行')).toBeTruthy();
    expect(within(document.body).getByText('¥1,234.56')).toBeTruthy();
    expect(buttonIn(document.body, '下载错误报告')).toBeTruthy();
    const [, init] = fetch.mock.calls.find((c) => String(c[0]).includes('/rest/moveIn/upload'))!;
    expect(((init!.body as FormData).get('file') as File).name).toBe('旧系统.xlsx');
    fireEvent.click(await findButton(document.body, '开始导入'));
    const dialog = await openModal();
    expect(within(dialog).getAllByText('确认开始导入？').length).toBeGreaterThan(0);
    expect(fetch.mock.calls.some((c) => String(c[0]).includes('/rest/moveIn/start'))).toBe(false);
    fireEvent.click(await findButton(dialog, '开始导入'));
    await waitFor(
      () => expect(fetch.mock.calls.some((c) => String(c[0]).includes('/rest/moveIn/start'))).toBe(true),
      SLOW,
    );
    expect(await within(document.body).findByText('查看迁入明细', {}, SLOW)).toBeTruthy();
  });
});
