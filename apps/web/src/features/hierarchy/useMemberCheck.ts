/** The 添加成员 check as a hook over checkReducer: pick an account, the server says whether it may be added. */
import type { MemberCandidate } from '@zb/contract/api/hierarchy';
import { useCallback, useReducer } from 'react';
import { hierApi } from './api';
import { canConfirm, checkReducer, IDLE } from './memberCheck';

export const useMemberCheck = (contentRoleId: number) => {
  const [state, dispatch] = useReducer(checkReducer, IDLE);
  const pick = useCallback(
    async (account: MemberCandidate) => {
      dispatch({ type: 'pick', account });
      try {
        const result = await hierApi.check(contentRoleId, account.id);
        dispatch({ type: 'answer', userId: account.id, result });
      } catch {
        dispatch({ type: 'error', userId: account.id });
      }
    },
    [contentRoleId],
  );
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  return { state, pick, reset, allowed: canConfirm(state) };
};
