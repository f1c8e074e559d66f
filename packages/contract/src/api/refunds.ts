/** 退款 on the console (entities/refund.ts): the list, a refund's detail, applying, and the flow's steps. */
import { z } from 'zod';
import {
  consoleRefundBody,
  type RefundDetail,
  type RefundRow,
  refundListQuery,
  refundStepBody,
} from '../entities/refund';
import type { StorePick } from '../entities/storesCommon';
import { APPROVER } from './approvals';
import { codes, endpoint } from './endpoint';
import { idParamOf } from './ids';
import { buttonCodeOf, pageAccess } from './pageAccess';
import type { Page } from './paging';

/** A step: the list's 审核 button, or an approver of the approval center. */
const STEP_ACCESS = codes(buttonCodeOf('/refundList', 'audit'), ...(APPROVER.kind === 'codes' ? APPROVER.codes : []));

export const REFUND_API = {
  /** The stores of the caller's data scope, for the list's filter. */
  stores: endpoint<undefined, undefined, StorePick[]>({
    method: 'GET',
    path: '/rest/refund/stores',
    access: pageAccess('/refundList'),
    summary: '退款列表的门店',
    read: true,
  }),
  list: endpoint<z.output<typeof refundListQuery>, undefined, Page<RefundRow>>({
    method: 'GET',
    path: '/rest/refund/list',
    access: pageAccess('/refundList'),
    query: refundListQuery,
    summary: '退款列表',
    read: true,
  }),
  detail: endpoint<undefined, undefined, RefundDetail>({
    method: 'GET',
    path: '/rest/refund/detail/:id',
    access: pageAccess('/refundDetail'),
    params: z.object({ id: idParamOf('退款单') }),
    summary: '退款详情',
    read: true,
  }),
  apply: endpoint<undefined, z.output<typeof consoleRefundBody>, RefundDetail>({
    method: 'POST',
    path: '/rest/refund/apply',
    access: pageAccess('/orderDetails'),
    body: consoleRefundBody,
    summary: '申请退款',
  }),
  step: endpoint<undefined, z.output<typeof refundStepBody>, RefundDetail>({
    method: 'POST',
    path: '/rest/refund/step',
    access: STEP_ACCESS,
    body: refundStepBody,
    summary: '退款审核、驳回或执行',
  }),
} as const;
