/**
 * 评价 in the console (entities/evaluation.ts) beyond the resource engine's lists: an evaluation's
 * whole detail (scores per dimension, images, reply, handling history), the handling of a 差评
 * (分派, 回复, 关闭; a reply to any evaluation), the users a bad review may be assigned to, and the
 * settings of /evaluateSetting.
 */
import { z } from 'zod';
import {
  EVA_REPLY_MAX,
  type EvaHandleStatus,
  type EvaLevel,
  type EvaSettingDto,
  evaSettingSchema,
} from '../entities/evaluation';
import { routeByPath } from '../routes';
import { codes, endpoint } from './endpoint';
import { idOf, idParamOf } from './ids';
import type { FlowHistoryDto } from './intents';
import { buttonAccess, pageAccess } from './pageAccess';

export interface EvaluationScoreDto {
  dimensionId: number;
  code: string;
  name: string;
  score: number;
}

export interface EvaluationDetailDto {
  id: number;
  evaNo: string;
  billNo: string;
  billId: number;
  billTotal: number;
  consumedAt: string;
  storeId: number;
  storeName: string;
  regionName: string;
  memberId: number;
  memberName: string;
  memberPhone: string;
  staffName: string | null;
  scaleMax: number;
  scoreText: string;
  scoreRate: number;
  level: EvaLevel;
  scores: EvaluationScoreDto[];
  comment: string;
  images: string[];
  reply: string | null;
  repliedAt: string | null;
  repliedByName: string | null;
  status: EvaHandleStatus;
  handlerId: number | null;
  handlerName: string | null;
  evaluatedAt: string;
  history: FlowHistoryDto[];
}

export interface EvaHandlerOption {
  id: number;
  name: string;
}

const replyText = z
  .string({ error: '请填写回复内容' })
  .trim()
  .min(1, '请填写回复内容')
  .max(EVA_REPLY_MAX, `回复内容最多 ${EVA_REPLY_MAX} 字`);

const noteText = z.string({ error: '说明格式无效' }).trim().max(EVA_REPLY_MAX, `说明最多 ${EVA_REPLY_MAX} 字`);

export const evaAssignBody = z.object({
  id: idOf('评价'),
  handlerId: idOf('处理人', '请选择处理人'),
  note: noteText.optional(),
});
export const evaReplyBody = z.object({ id: idOf('评价'), reply: replyText });
export const evaCloseBody = z.object({
  id: idOf('评价'),
  reason: z
    .string({ error: '请填写处理结果' })
    .trim()
    .min(1, '请填写处理结果')
    .max(EVA_REPLY_MAX, `处理结果最多 ${EVA_REPLY_MAX} 字`),
});

const readers = () => {
  const list = routeByPath('/evaluationList')!;
  const manage = routeByPath('/evaManagement')!;
  return codes(...new Set([...list.codes, ...manage.codes]));
};

export const EVALUATION_EXTRA_API = {
  /** An evaluation whole: from /evaluationDetailList and from /evaManagement's handling drawer. */
  view: endpoint<undefined, undefined, EvaluationDetailDto>({
    method: 'GET',
    path: '/rest/evaluation/view/:id',
    access: readers(),
    params: z.object({ id: idParamOf('评价') }),
    summary: '评价详情（评分、图片、回复、处理记录）',
    read: true,
  }),
  handlers: endpoint<{ keyword?: string }, undefined, EvaHandlerOption[]>({
    method: 'GET',
    path: '/rest/evaluation/handlers',
    // 分派 on /evaManagement and the 差评通知人员 of /evaluateSetting pick from them.
    access: codes(...new Set([...routeByPath('/evaManagement')!.codes, ...routeByPath('/evaluateSetting')!.codes])),
    query: z.object({ keyword: z.string().trim().max(40, '关键字过长').optional() }),
    summary: '可选的处理人与通知人员（启用的账号）',
    read: true,
  }),
  assign: endpoint<undefined, z.output<typeof evaAssignBody>, { status: EvaHandleStatus }>({
    method: 'POST',
    path: '/rest/evaluation/assign',
    access: buttonAccess('/evaManagement', 'edit'),
    body: evaAssignBody,
    summary: '分派差评',
  }),
  reply: endpoint<undefined, z.output<typeof evaReplyBody>, { status: EvaHandleStatus }>({
    method: 'POST',
    path: '/rest/evaluation/reply',
    access: buttonAccess('/evaManagement', 'edit'),
    body: evaReplyBody,
    summary: '回复评价',
  }),
  close: endpoint<undefined, z.output<typeof evaCloseBody>, { status: EvaHandleStatus }>({
    method: 'POST',
    path: '/rest/evaluation/close',
    access: buttonAccess('/evaManagement', 'edit'),
    body: evaCloseBody,
    summary: '关闭差评',
  }),
  getSetting: endpoint<undefined, undefined, EvaSettingDto>({
    method: 'GET',
    path: '/rest/evaluateSetting/get',
    access: pageAccess('/evaluateSetting'),
    summary: '评价设置',
    read: true,
  }),
  saveSetting: endpoint<undefined, z.output<typeof evaSettingSchema>, EvaSettingDto>({
    method: 'POST',
    path: '/rest/evaluateSetting/save',
    access: buttonAccess('/evaluateSetting', 'edit'),
    body: evaSettingSchema,
    summary: '保存评价设置',
  }),
} as const;
