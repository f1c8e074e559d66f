/** One application with its history, and the decision on it (confirmed first; the list refreshes after). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { confirm } from '../../platform/alerts';
import { APPROVAL_KEYS, approvalDetail, decideApproval } from './api';

export type DecisionKind = 'approve' | 'reject';

const CONFIRM_TEXT: Record<DecisionKind, string> = {
  approve: '确定通过该申请？',
  reject: '确定驳回该申请？',
};

export const useApprovalDetail = (id: number | null) => {
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: APPROVAL_KEYS.detail(id ?? 0),
    queryFn: () => approvalDetail(id ?? 0),
    enabled: id !== null,
  });
  const mutation = useMutation({
    mutationFn: (v: { decision: DecisionKind; comment: string }) => decideApproval(id ?? 0, v.decision, v.comment),
    onSuccess: (data) => {
      queryClient.setQueryData(APPROVAL_KEYS.detail(data.id), data);
      void queryClient.invalidateQueries({ queryKey: APPROVAL_KEYS.all });
    },
    // A refused decision (e.g. 该申请已处理) was alerted; show what the application is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: APPROVAL_KEYS.all }),
  });

  const decide = useCallback(
    async (decision: DecisionKind, comment: string): Promise<boolean> => {
      if (id === null || mutation.isPending) return false;
      if (!(await confirm(CONFIRM_TEXT[decision]))) return false;
      try {
        await mutation.mutateAsync({ decision, comment });
        return true;
      } catch {
        return false;
      }
    },
    [id, mutation],
  );

  return {
    detail: detail.data ?? null,
    loading: detail.isFetching,
    deciding: mutation.isPending ? (mutation.variables?.decision ?? null) : null,
    decide,
  };
};
