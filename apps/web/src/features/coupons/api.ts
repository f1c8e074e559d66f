/** The coupon calls of the pages: the template steps, 发放, 延期申请, the list of applications. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COUPON_API,
  COUPON_FAILURE,
  COUPON_TEMPLATE,
  type CouponDelayBody,
  type CouponIssueBody,
  type CouponTemplateStep,
  MEMBER_COUPON,
} from '@zb/contract/entities/coupon';
import { ERR } from '@zb/contract/errcodes';
import { useCallback } from 'react';
import { call } from '../../platform/http';
import { resourceKey } from '../../platform/queryClient';

export const COUPON_KEYS = { delays: (q: object) => ['coupons', 'delays', q] as const };

/** After a write: the templates, the issued coupons, the failures and the applications read again. */
export const useRefreshCoupons = () => {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKey(COUPON_TEMPLATE) }),
        queryClient.invalidateQueries({ queryKey: resourceKey(MEMBER_COUPON) }),
        queryClient.invalidateQueries({ queryKey: resourceKey(COUPON_FAILURE) }),
        queryClient.invalidateQueries({ queryKey: ['coupons'] }),
      ]),
    [queryClient],
  );
};

export const runTemplateStep = (step: CouponTemplateStep, id: number, reason?: string) =>
  step === 'reject'
    ? call(COUPON_API.reject, { body: { id, reason: reason ?? '' } })
    : call(COUPON_API[step], { body: { id } });

export const issueCoupons = (body: CouponIssueBody) =>
  call(COUPON_API.issue, { body }, { handled: [ERR.PARAM_INVALID] });

/** The crowds to issue to, a crowd's live count, and a crowd issue's job read every second while it runs. */
export const useIssueCrowds = (enabled: boolean) =>
  useQuery({ queryKey: ['coupons', 'crowds'], queryFn: () => call(COUPON_API.crowds), enabled });

export const useCrowdCount = (crowdId: number | undefined) =>
  useQuery({
    queryKey: ['coupons', 'crowdCount', crowdId],
    queryFn: () => call(COUPON_API.crowdCount, { query: { crowdId: crowdId! } }),
    enabled: crowdId !== undefined,
  });

export const useIssueProgress = (issueId: number | undefined, running: boolean) =>
  useQuery({
    queryKey: ['coupons', 'issueProgress', issueId],
    queryFn: () => call(COUPON_API.progress, { query: { id: issueId! } }),
    enabled: issueId !== undefined && running,
    refetchInterval: (q) => (q.state.data && q.state.data.state !== 'running' ? false : 1000),
  });

export const applyCouponDelay = (body: CouponDelayBody) =>
  call(COUPON_API.applyDelay, { body }, { handled: [ERR.PARAM_INVALID] });

export const useCouponDelays = (q: { pageNo: number; pageSize: number }) =>
  useQuery({ queryKey: COUPON_KEYS.delays(q), queryFn: () => call(COUPON_API.delays, { query: q }) });

/** Phones, 会员编号 or 券号 typed or pasted: one per line, or separated by commas or spaces. */
export const splitList = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,，;；]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];
