/**
 * /editMemberLifeCycle: the current definition in the form, a bad range refused under its field
 * before any call, a save after the confirmation (the body in 分 and days), the run's progress
 * and the history in words.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  LIFECYCLE_DEFAULTS,
  type LifecycleDefinitionView,
  type LifecycleRunDto,
} from '@zb/contract/entities/memberLifecycle';
import { resourceCode } from '@zb/contract/routeTable/define';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAlert, currentAlert, resetAlerts } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';
import { changeText, runPercent, saveBodyOf } from './lifecycleForm';

const CODES = ['ZBHT-BBHZ', resourceCode('ZBHT-BBHZ', '/memberBuyCardLiftcycle')];
const FIRST = { timeout: 90_000 };

const run = (over: Partial<LifecycleRunDto> = {}): LifecycleRunDto => ({
  id: 1,
  version: 1,
  status: 'done',
  total: 120,
  done: 120,
  message: '已重算 120 位会员',
  createdAt: '2026-11-26 10:00:00',
  finishedAt: '2026-11-26 10:00:05',
  ...over,
});

const v1: LifecycleDefinitionView = {
  version: 1,
  params: { ...LIFECYCLE_DEFAULTS, activeDays: 90, sleepFrom: 91 },
  history: [
    {
      version: 1,
      params: { ...LIFECYCLE_DEFAULTS, activeDays: 90, sleepFrom: 91 },
      note: '门店护理周期较长',
      createdByName: '管理员',
      createdAt: '2026-11-26 10:00:00',
      changes: [
        { field: 'activeDays', label: '活跃：距最近到店不超过', before: 60, after: 90 },
        { field: 'sleepFrom', label: '沉睡：距最近到店起始', before: 61, after: 91 },
      ],
    },
  ],
  run: run(),
};

afterEach(() => resetAlerts());

describe('/editMemberLifeCycle', { timeout: 180_000 }, () => {
  it('the rules: the contract checks the form; history and progress in words', () => {
    const bad = saveBodyOf(1, { ...v1.params, sleepFrom: 80 }, '');
    expect(bad).toEqual({ ok: false, fields: { sleepFrom: '沉睡与活跃的天数区间重叠：沉睡须从第 91 天开始' } });
    expect(saveBodyOf(1, { ...v1.params, lostAfter: 200 }, '')).toEqual({
      ok: false,
      fields: { lostAfter: '沉睡与流失之间有空档：第 181–200 天不属于任何阶段' },
    });
    expect(saveBodyOf(1, { ...v1.params, newDays: null }, ' x ')).toMatchObject({ ok: false });
    expect(saveBodyOf(1, { ...v1.params, activeMinSpend: 5000 }, ' 提高门槛 ')).toEqual({
      ok: true,
      body: { baseVersion: 1, params: { ...v1.params, activeMinSpend: 5000 }, note: '提高门槛' },
    });
    expect(changeText({ field: 'activeMinSpend', label: '活跃：窗口内消费至少', before: 0, after: 5000 })).toBe(
      '活跃：窗口内消费至少 0.00 元 → 50.00 元',
    );
    expect(runPercent(run({ status: 'running', done: 30 }))).toBe(25);
    expect(runPercent(run())).toBe(100);
  });

  it('refuses a bad range before any call, saves after the confirmation and polls the run', async () => {
    setSessionUser(sessionUser({ menu: CODES.map((code) => ({ code, name: code, description: '' })), btn: [] }));
    const posted: unknown[] = [];
    let view = v1;
    stubFetch((url, init) => {
      if (url.startsWith('/rest/memberLifecycle/save')) {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        view = {
          version: 2,
          params: body.params,
          history: [
            {
              version: 2,
              params: body.params,
              note: body.note ?? null,
              createdByName: '管理员',
              createdAt: '2026-11-27 09:00:00',
              changes: [{ field: 'activeMinVisits', label: '活跃：窗口内到店至少', before: 2, after: 3 }],
            },
            ...v1.history,
          ],
          run: run({ id: 2, version: 2, status: 'running', done: 60, message: null, finishedAt: null }),
        };
        return { body: envelope(view) };
      }
      if (url.startsWith('/rest/memberLifecycle/definition')) return { body: envelope(view) };
      return { body: envelope([]) };
    });
    renderApp('/editMemberLifeCycle');
    await screen.findByText('生命周期阶段定义（当前版本 V1）', {}, FIRST);
    expect(screen.getByText('门店护理周期较长')).toBeTruthy();
    expect(screen.getByText('活跃：距最近到店不超过 60 天 → 90 天')).toBeTruthy();
    expect(screen.getByText('已重算 120 位会员')).toBeTruthy();

    // An overlap: refused under its field, nothing sent.
    const sleepFrom = screen.getByLabelText('沉睡：距最近到店起始');
    fireEvent.change(sleepFrom, { target: { value: '50' } });
    fireEvent.blur(sleepFrom);
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await screen.findByText('沉睡与活跃的天数区间重叠：沉睡须从第 91 天开始', {}, SLOW);
    expect(posted).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: '重 置' }));
    const visits = screen.getByLabelText('活跃：窗口内到店至少');
    fireEvent.change(visits, { target: { value: '3' } });
    fireEvent.blur(visits);
    fireEvent.change(screen.getByLabelText('修改说明'), { target: { value: '活跃须半年三次' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(currentAlert()?.text).toMatch(/^确认修改？/), SLOW);
    act(() => closeAlert(currentAlert()!.id, true));
    await waitFor(
      () =>
        expect(posted).toEqual([
          { baseVersion: 1, params: { ...v1.params, activeMinVisits: 3 }, note: '活跃须半年三次' },
        ]),
      SLOW,
    );
    await screen.findByText('生命周期阶段定义（当前版本 V2）', {}, SLOW);
    expect(screen.getByText('计算中')).toBeTruthy();
    expect(screen.getByText('已处理 60 / 120 位会员')).toBeTruthy();
    expect(screen.getByText('活跃：窗口内到店至少 2 次 → 3 次')).toBeTruthy();
  });
});
