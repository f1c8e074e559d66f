/**
 * /wxTemplatenext: the template's fields beside a preview filled with example values; a field
 * using a variable the event lacks is named and 保存 waits; 保存 writes the fields; 添加字段
 * suggests the next keyword; without 编辑 the fields are read-only and there is no test send.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { buttonIn, findButton } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';
import { nextFieldKey } from './WxFieldsInput';

const signIn = (buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-JCGL', name: '基础管理', description: '' },
        { code: routeByPath('/wxTemplate')!.code!, name: '微信模板消息', description: '' },
      ],
      btn: buttons.map((k) => buttonCodeOf('/wxTemplate', k)),
    }),
  );

const TEMPLATE = {
  id: 7,
  title: '消费成功通知',
  event: 'billNotice',
  templateId: 'Xb7Ue2hQx9Lm4Pq1ConsumeOK0001',
  url: null,
  fields: [
    { key: 'first', value: '${memberName}，您的消费已完成' },
    { key: 'keyword1', value: '${amount}元' },
  ],
  fieldsText: '',
  enabled: true,
  updatedAt: '2026-11-28T01:00:00.000Z',
};

const server = () =>
  stubFetch((url) => {
    if (url.startsWith('/rest/wxTemplate/template/detail/7')) return { body: envelope(TEMPLATE) };
    if (url.startsWith('/rest/wxTemplate/template/save')) return { body: envelope({ id: 7 }) };
    return { body: envelope(null) };
  });

const saves = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter((c) => String(c[0]).startsWith('/rest/wxTemplate/template/save'));

const input = (label: string) => document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;

describe('/wxTemplatenext', { timeout: 60_000 }, () => {
  it('previews with example values, refuses an unknown variable and saves the fields', async () => {
    signIn(['edit']);
    const fetch = server();
    renderApp('/wxTemplatenext?id=7');
    const preview = await screen.findByTestId('wx-preview', {}, SLOW);
    expect(preview.textContent).toContain('张三，您的消费已完成');
    expect(preview.textContent).toContain('268.00元');

    fireEvent.change(input('第 2 个字段内容'), { target: { value: '${evaDays}天' } });
    expect(await screen.findByText(/字段 keyword1：变量 \$\{evaDays\} 不是「消费提醒」的可用变量/)).toBeTruthy();
    expect(buttonIn(document.body, '保存')!.disabled).toBe(true);

    fireEvent.change(input('第 2 个字段内容'), { target: { value: '${storeName}' } });
    fireEvent.click(await findButton(document.body, '添加字段'));
    expect(input('第 3 个字段名').value).toBe('keyword2');
    fireEvent.change(input('第 3 个字段内容'), { target: { value: '${billNo}' } });
    await waitFor(() => expect(screen.getByTestId('wx-preview').textContent).toContain('XF0000012345'), SLOW);
    fireEvent.click(await findButton(document.body, '保存'));
    await waitFor(() => expect(saves(fetch)).toHaveLength(1), SLOW);
    expect(saves(fetch)[0]![1]!.method).toBe('PUT');
    expect(JSON.parse(String(saves(fetch)[0]![1]!.body))).toEqual({
      id: 7,
      fields: [
        { key: 'first', value: '${memberName}，您的消费已完成' },
        { key: 'keyword1', value: '${storeName}' },
        { key: 'keyword2', value: '${billNo}' },
      ],
    });
    expect(buttonIn(document.body, '测试发送')).toBeTruthy();
  });

  it('is read-only without 编辑', async () => {
    signIn([]);
    server();
    renderApp('/wxTemplatenext?id=7');
    await screen.findByTestId('wx-preview', {}, SLOW);
    expect(input('第 1 个字段内容').disabled).toBe(true);
    expect(buttonIn(document.body, '保存')).toBeNull();
    expect(buttonIn(document.body, '测试发送')).toBeNull();
  });

  it('suggests first, then the next free keyword', () => {
    expect(nextFieldKey([])).toBe('first');
    expect(nextFieldKey([{ key: 'first', value: 'a' }])).toBe('keyword1');
    expect(
      nextFieldKey([
        { key: 'first', value: 'a' },
        { key: 'keyword2', value: 'b' },
      ]),
    ).toBe('keyword1');
  });
});
