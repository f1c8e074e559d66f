/**
 * 评价 pages with the calls stubbed: /evaluationDetailList shows the scores per dimension, the
 * reply and a 差评's history, and the steps its state allows only to holders of /evaManagement's
 * 编辑 (回复 posts the text); /evaluateSetting refuses a 差评分数线 not below the 好评分数线 before
 * calling, and saves the settings whole.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { EvaluationDetailDto } from '@zb/contract/api/evaluations';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { EVA_SETTING_DEFAULTS, type EvaSettingDto } from '@zb/contract/entities/evaluation';
import { routeByPath } from '@zb/contract/routes';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '../../platform/session';
import { envelope, sessionUser, stubFetch } from '../../test/fixtures';
import { renderApp, SLOW } from '../../test/renderApp';

const FIRST_LOAD = { timeout: 60_000 };
const list = routeByPath('/evaluationList')!;
const manage = routeByPath('/evaManagement')!;
const setting = routeByPath('/evaluateSetting')!;

const bad: EvaluationDetailDto = {
  id: 5,
  evaNo: 'PJ0000000005',
  billNo: 'XF0000000100',
  billId: 100,
  billTotal: 38800,
  consumedAt: '2026-11-20 10:00:00',
  storeId: 7,
  storeName: '北京朝阳店',
  regionName: '华北大区',
  memberId: 9,
  memberName: '林晓',
  memberPhone: '13900001234',
  staffName: '王芳',
  scaleMax: 5,
  scoreText: '2.0 / 5',
  scoreRate: 4000,
  level: 'bad',
  scores: [
    { dimensionId: 1, code: 'service', name: '服务态度', score: 1 },
    { dimensionId: 2, code: 'skill', name: '专业技能', score: 3 },
  ],
  comment: '等了很久',
  images: [],
  reply: null,
  repliedAt: null,
  repliedByName: null,
  status: 'pending',
  handlerId: null,
  handlerName: null,
  evaluatedAt: '2026-11-20 12:00:00',
  history: [
    {
      at: '2026-11-20T04:00:00.000Z',
      step: 'create',
      label: '创建',
      from: '',
      to: 'pending',
      actorKind: 'open',
      userName: null,
      clientId: 1,
      reason: '会员提交差评',
    },
  ],
};

const user = (buttons: string[]) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: list.group, name: '会员管理', description: '' },
        { code: list.code!, name: '评价列表', description: '' },
        { code: manage.code!, name: '差评处理', description: '' },
        { code: setting.code!, name: '评价设置', description: '' },
      ],
      btn: buttons,
    }),
  );

describe('评价 pages', { timeout: 120_000 }, () => {
  it('/evaluationDetailList shows a 差评 with its scores and history; 回复 posts the text', async () => {
    user([buttonCodeOf('/evaManagement', 'edit')]);
    let replied: unknown = null;
    stubFetch((url, init) => {
      const [path = ''] = url.split('?');
      if (path === '/rest/evaluation/view/5') return { body: envelope(bad) };
      if (path === '/rest/evaluation/reply') {
        replied = JSON.parse(String(init?.body));
        return { body: envelope({ status: 'replied' }) };
      }
      return { body: envelope(null) };
    });
    renderApp('/evaluationDetailList?id=5');
    expect(await screen.findByText('服务态度', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('等了很久')).toBeTruthy();
    expect(screen.getByText('会员提交差评')).toBeTruthy();
    expect(screen.getByRole('button', { name: /分\s*派/ })).toBeTruthy();
    // 关闭 only after 分派 or 回复.
    expect(screen.queryByRole('button', { name: /关\s*闭/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /回\s*复/ }));
    fireEvent.change(await screen.findByLabelText('回复内容', {}, SLOW), { target: { value: '非常抱歉' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(replied).toEqual({ id: 5, reply: '非常抱歉' }), SLOW);
  });

  it('/evaluationDetailList shows no handling to a user without 差评处理’s 编辑', async () => {
    user([]);
    stubFetch((url) => {
      const [path = ''] = url.split('?');
      if (path === '/rest/evaluation/view/5') return { body: envelope(bad) };
      return { body: envelope(null) };
    });
    renderApp('/evaluationDetailList?id=5');
    expect(await screen.findByText('服务态度', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /分\s*派/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /回\s*复/ })).toBeNull();
  });

  it('/evaluateSetting checks the lines before saving and saves the settings whole', async () => {
    user([buttonCodeOf('/evaluateSetting', 'edit')]);
    const dto: EvaSettingDto = {
      ...EVA_SETTING_DEFAULTS,
      notifyUserIds: [1],
      notifyUsers: [{ id: 1, name: '系统管理员' }],
      updatedAt: null,
      updatedByName: null,
    };
    let saved: unknown = null;
    stubFetch((url, init) => {
      const [path = ''] = url.split('?');
      if (path === '/rest/evaluateSetting/get') return { body: envelope(dto) };
      if (path === '/rest/evaluation/handlers') return { body: envelope([{ id: 1, name: '系统管理员' }]) };
      if (path === '/rest/evaDimension/list') return { body: envelope({ total: 0, list: [] }) };
      if (path === '/rest/evaluateSetting/save') {
        saved = JSON.parse(String(init?.body));
        return { body: envelope(dto) };
      }
      return { body: envelope(null) };
    });
    renderApp('/evaluateSetting');
    const bad = await screen.findByLabelText('差评分数线', {}, FIRST_LOAD);
    await waitFor(() => expect((bad as HTMLInputElement).value).toBe('2'), SLOW);
    fireEvent.change(bad, { target: { value: '4' } });
    fireEvent.blur(bad);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('差评分数线须低于好评分数线', {}, SLOW)).toBeTruthy();
    expect(saved).toBeNull();
    fireEvent.change(bad, { target: { value: '1' } });
    fireEvent.blur(bad);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toMatchObject({ badMax: 1, goodMin: 4, scaleMax: 5, notifyUserIds: [1] }), SLOW);
  });
});
