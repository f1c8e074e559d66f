/** /barCodeDatabase: 导入 for a user with the button; wrong rows listed in the dialog (no alert); a good file's counts. */
import { fireEvent, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { ERR } from '@zb/contract/errcodes';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { currentAlert } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { buttonIn, findButton, openModal, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const PAGE = '/barCodeDatabase';
const route = routeByPath(PAGE)!;

const signIn = (buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-MDGL', name: '门店管理', description: '' },
        { code: route.code!, name: '商品条码库', description: '' },
      ],
      btn: buttons.map((b) => buttonCodeOf(PAGE, b)),
    }),
  );

const row = {
  id: 5,
  barcode: '6901234567892',
  productCode: 'P001',
  productName: '草本控油洗发露',
  spec: '500ml/瓶',
  unit: '瓶',
  pieces: 1,
  kind: 'unit',
  note: null,
  createdAt: '2025-06-01T02:00:00.000Z',
};

const server = (importAnswer: () => unknown) =>
  stubFetch((url) => {
    const path = url.split('?')[0] ?? '';
    if (path === '/rest/barCodeDatabase/list') return { body: envelope({ list: [row], total: 1 }) };
    if (path === '/rest/barCodeDatabase/import') return { body: importAnswer() };
    return { body: envelope([]) };
  });

const calls = (fetch: ReturnType<typeof stubFetch>, part: string) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes(part));

const chooseFile = async (modal: HTMLElement) => {
  const input = modal.querySelector<HTMLInputElement>('input[type="file"]')!;
  const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], '条码.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  fireEvent.change(input, { target: { files: [file] } });
  await within(modal).findByText('条码.xlsx', {}, SLOW);
};

describe('/barCodeDatabase', { timeout: 60_000 }, () => {
  it('lists barcodes; 导入 and the template only for a user with the 导入 button', async () => {
    signIn([]);
    server(() => envelope(null));
    renderApp(PAGE);
    const table = await tableBody();
    expect(await within(table).findByText('6901234567892', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('单品码')).toBeTruthy();
    expect(buttonIn(document.body, '导入')).toBeNull();
    expect(buttonIn(document.body, '下载导入模板')).toBeNull();
  });

  it('lists the wrong rows of a refused file in the dialog, without the generic alert', async () => {
    signIn(['import']);
    const fetch = server(() =>
      envelope(
        {
          errors: [
            { row: 3, message: '条码校验位不正确，请核对条码' },
            { row: 4, message: '商品编码「NOPE」不存在' },
          ],
          total: 2,
        },
        ERR.BARCODE_IMPORT_INVALID,
        '导入失败：共 2 行有误，未导入任何数据',
      ),
    );
    renderApp(PAGE);
    fireEvent.click(await findButton(document.body, '导入'));
    const modal = await openModal();
    expect(buttonIn(modal, '开始导入')?.disabled).toBe(true);
    await chooseFile(modal);
    fireEvent.click(await findButton(modal, '开始导入'));
    expect(await within(modal).findByText('导入失败：共 2 行有误，未导入任何数据', {}, SLOW)).toBeTruthy();
    expect(within(modal).getByText('第 3 行')).toBeTruthy();
    expect(within(modal).getByText('商品编码「NOPE」不存在')).toBeTruthy();
    expect(currentAlert()).toBeNull();
    const [, init] = calls(fetch, '/rest/barCodeDatabase/import')[0]!;
    expect(init!.body).toBeInstanceOf(FormData);
    expect(((init!.body as FormData).get('file') as File).name).toBe('条码.xlsx');
  });

  it('a good file says how many were written and reads the list again', async () => {
    signIn(['import']);
    const fetch = server(() => envelope({ created: 3, unchanged: 1 }));
    renderApp(PAGE);
    await within(await tableBody()).findByText('6901234567892', {}, SLOW);
    fireEvent.click(await findButton(document.body, '导入'));
    const modal = await openModal();
    await chooseFile(modal);
    const lists = calls(fetch, '/rest/barCodeDatabase/list').length;
    fireEvent.click(await findButton(modal, '开始导入'));
    expect(await within(modal).findByText('新增 3 条条码，1 条与库中相同未变化', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(calls(fetch, '/rest/barCodeDatabase/list').length).toBeGreaterThan(lists), SLOW);
  });
});
