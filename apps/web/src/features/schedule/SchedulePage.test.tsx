import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { ScheduleJobRow } from '@zb/contract/api/schedule';
import { resourceCode } from '@zb/contract/routeTable/define';
import { describe, expect, it } from 'vitest';
import { closeAlert, currentAlert } from '../../platform/alerts';
import { setSessionUser } from '../../platform/session';
import { openModal, tableBody } from '../../test/dom';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

// The first render compiles the page's antd parts (table, switch, modal, drawer): allow for it.
const LOAD = { timeout: 30_000 };

const job: ScheduleJobRow = {
  name: 'purgeSessions',
  title: '清理过期会话',
  cron: '*/30 * * * *',
  defaultCron: '*/30 * * * *',
  enabled: true,
  nextRunAt: '2026-11-22 10:30:00',
  lastRun: {
    id: 3,
    job: 'purgeSessions',
    trigger: 'cron',
    userName: null,
    instance: 'host:1:abc',
    startedAt: '2026-11-22 10:00:00',
    finishedAt: '2026-11-22 10:00:01',
    status: 'failed',
    message: '磁盘已满',
  },
};

const operator = (buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-XTYW', name: '系统运维', description: '' },
        { code: resourceCode('ZBHT-XTYW', '/schedule'), name: '定时任务', description: '' },
      ],
      btn: buttons,
    }),
  );

const server = () =>
  stubFetch((url) => {
    const path = url.split('?')[0];
    if (path === '/rest/schedule/list') return { body: envelope([job]) };
    if (path === '/rest/schedule/runNow')
      return {
        body: envelope({ ...job.lastRun, id: 4, trigger: 'manual', status: 'ok', message: '清理过期会话 2 条' }),
      };
    if (path === '/rest/schedule/preview') {
      const cron = new URL(url, 'http://x').searchParams.get('cron');
      return cron === '0 2 * * *'
        ? { body: envelope(['2026-11-23 02:00:00', '2026-11-24 02:00:00']) }
        : {
            body: envelope(
              { fields: { cron: 'Cron 表达式须为 5 段：分 时 日 月 周，以空格分隔' } },
              'PARAM-40001',
              '无效',
            ),
          };
    }
    return { body: envelope(null) };
  });

const calls = (fetch: ReturnType<typeof stubFetch>, part: string) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes(part));

describe('/schedule', { timeout: 120_000 }, () => {
  it('lists the jobs with cron, next run and the last run’s status and message', async () => {
    operator([buttonCodeOf('/schedule', 'edit'), buttonCodeOf('/schedule', 'enable')]);
    server();
    renderApp('/schedule');
    expect(await screen.findByText('清理过期会话', {}, LOAD)).toBeTruthy();
    const table = await tableBody();
    expect(within(table).getByText('*/30 * * * *')).toBeTruthy();
    expect(within(table).getByText('2026-11-22 10:30:00')).toBeTruthy();
    expect(within(table).getByText('失败')).toBeTruthy();
    expect(within(table).getByText('磁盘已满')).toBeTruthy();
  });

  it('立即执行 asks first and then runs the job', async () => {
    operator([buttonCodeOf('/schedule', 'edit')]);
    const fetch = server();
    renderApp('/schedule');
    fireEvent.click(await screen.findByText(/^立即执行$/, {}, LOAD));
    await waitFor(() => expect(currentAlert()?.text).toBe('确定立即执行「清理过期会话」？'), LOAD);
    expect(calls(fetch, '/rest/schedule/runNow')).toHaveLength(0);
    act(() => closeAlert(currentAlert()!.id, true));
    await waitFor(() => expect(calls(fetch, '/rest/schedule/runNow')).toHaveLength(1), LOAD);
    expect(JSON.parse(String(calls(fetch, '/rest/schedule/runNow')[0]![1]!.body))).toEqual({ name: 'purgeSessions' });
  });

  it('修改 shows the next run times of what is typed, or why it is refused', async () => {
    operator([buttonCodeOf('/schedule', 'edit')]);
    server();
    renderApp('/schedule');
    await screen.findByText('清理过期会话', {}, LOAD);
    // Within the table: the top bar has its own 修改密码.
    fireEvent.click(within(await tableBody()).getByText(/^修\s*改$/));
    const input = await screen.findByLabelText('Cron 表达式', {}, LOAD);
    const dialog = await openModal();
    fireEvent.change(input, { target: { value: '0 2 * * *' } });
    expect(await within(dialog).findByText('2026-11-23 02:00:00', {}, LOAD)).toBeTruthy();
    fireEvent.change(input, { target: { value: '0 2 * *' } });
    expect(await within(dialog).findByText('Cron 表达式须为 5 段：分 时 日 月 周，以空格分隔', {}, LOAD)).toBeTruthy();
  });

  it('without the button codes, shows no 立即执行 or 修改 and a disabled switch', async () => {
    operator([]);
    server();
    renderApp('/schedule');
    await screen.findByText('清理过期会话', {}, LOAD);
    const table = await tableBody();
    expect(within(table).queryByText(/^立即执行$/)).toBeNull();
    expect(within(table).queryByText(/^修\s*改$/)).toBeNull();
    expect(within(table).getByText(/^执行记录$/)).toBeTruthy();
    expect(table.querySelector('button[role="switch"]')?.hasAttribute('disabled')).toBe(true);
  });
});
