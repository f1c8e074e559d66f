import type { MemberCandidate, MemberCheck } from '@zb/contract/api/hierarchy';
import { describe, expect, it } from 'vitest';
import { type CheckState, canConfirm, checkMessage, checkReducer, IDLE } from './memberCheck';

const account = (id: number, nickname: string): MemberCandidate => ({
  id,
  loginName: `1390000000${id}`,
  nickname,
  phone: `1390000000${id}`,
  enabled: true,
  kind: 'hq',
});

const result = (a: MemberCandidate, reason: string | null): MemberCheck => ({
  allowed: reason === null,
  reason,
  account: a,
  contentName: '华东大区',
  roleName: '大区督导',
});

const run = (events: Parameters<typeof checkReducer>[1][]): CheckState => events.reduce(checkReducer, IDLE);

describe('the member check flow', () => {
  const wang = account(1, '王芳');
  const zhao = account(2, '赵磊');

  it('enables 确定 only once the server allowed the picked account', () => {
    const checking = run([{ type: 'pick', account: wang }]);
    expect(checking.step).toBe('checking');
    expect(canConfirm(checking)).toBe(false);
    expect(checkMessage(checking)).toEqual({ type: 'info', text: '正在检查 王芳 能否添加…' });
    const allowed = checkReducer(checking, { type: 'answer', userId: 1, result: result(wang, null) });
    expect(canConfirm(allowed)).toBe(true);
    expect(checkMessage(allowed)).toEqual({ type: 'success', text: '可以将 王芳 添加为“华东大区 · 大区督导”的成员' });
  });

  it('shows the server’s reason when the account may not be added', () => {
    const refused = run([
      { type: 'pick', account: wang },
      { type: 'answer', userId: 1, result: result(wang, '该账号已停用，不能添加为成员') },
    ]);
    expect(canConfirm(refused)).toBe(false);
    expect(checkMessage(refused)).toEqual({ type: 'warning', text: '该账号已停用，不能添加为成员' });
  });

  it('drops the answer for an account no longer picked', () => {
    const state = run([
      { type: 'pick', account: wang },
      { type: 'pick', account: zhao },
      { type: 'answer', userId: 1, result: result(wang, null) },
    ]);
    expect(state).toEqual({ step: 'checking', account: zhao });
    expect(canConfirm(state)).toBe(false);
    expect(
      run([
        { type: 'pick', account: zhao },
        { type: 'error', userId: 1 },
      ]).step,
    ).toBe('checking');
  });

  it('says a failed check failed, and starts over on reset', () => {
    const failed = run([
      { type: 'pick', account: wang },
      { type: 'error', userId: 1 },
    ]);
    expect(checkMessage(failed)).toEqual({ type: 'error', text: '检查失败，请重新选择账号' });
    expect(canConfirm(failed)).toBe(false);
    expect(checkReducer(failed, { type: 'reset' })).toBe(IDLE);
    expect(checkMessage(IDLE)).toBeNull();
  });
});
