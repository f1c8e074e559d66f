/**
 * The 添加成员 flow, headless: picking an account runs the server's check; only an allowed check
 * enables 确定, and the add itself repeats the check on the server. A pick made while an older
 * check is still answering wins: the older answer is dropped.
 */
import type { MemberCandidate, MemberCheck } from '@zb/contract/api/hierarchy';

export type CheckState =
  | { step: 'idle' }
  | { step: 'checking'; account: MemberCandidate }
  | { step: 'checked'; account: MemberCandidate; result: MemberCheck }
  | { step: 'failed'; account: MemberCandidate };

export type CheckEvent =
  | { type: 'pick'; account: MemberCandidate }
  | { type: 'answer'; userId: number; result: MemberCheck }
  | { type: 'error'; userId: number }
  | { type: 'reset' };

export const IDLE: CheckState = { step: 'idle' };

export const checkReducer = (state: CheckState, e: CheckEvent): CheckState => {
  switch (e.type) {
    case 'reset':
      return IDLE;
    case 'pick':
      return { step: 'checking', account: e.account };
    case 'answer':
      if (state.step !== 'checking' || state.account.id !== e.userId) return state;
      return { step: 'checked', account: state.account, result: e.result };
    case 'error':
      if (state.step !== 'checking' || state.account.id !== e.userId) return state;
      return { step: 'failed', account: state.account };
  }
};

export const canConfirm = (s: CheckState): boolean => s.step === 'checked' && s.result.allowed;

/** What the modal says under the table. */
export const checkMessage = (
  s: CheckState,
): { type: 'info' | 'success' | 'warning' | 'error'; text: string } | null => {
  switch (s.step) {
    case 'idle':
      return null;
    case 'checking':
      return { type: 'info', text: `正在检查 ${s.account.nickname} 能否添加…` };
    case 'failed':
      return { type: 'error', text: '检查失败，请重新选择账号' };
    case 'checked':
      return s.result.allowed
        ? {
            type: 'success',
            text: `可以将 ${s.account.nickname} 添加为“${s.result.contentName} · ${s.result.roleName}”的成员`,
          }
        : { type: 'warning', text: s.result.reason ?? '该账号不能添加' };
  }
};
