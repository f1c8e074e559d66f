/**
 * The open API's calls of 跟进记录 and 门店备注 (contract open/protocol.ts OPEN_PATHS.followUps,
 * followUpResult, memberRemarks): a store's POS (its own store only) or the mini-program.
 */
import { openFollowUpBody, openFollowUpResultBody, openMemberRemarkBody } from '@zb/contract/entities/memberCare';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { openRoute } from '../openApi/types';
import { openFollowUp, openFollowUpResult, openMemberRemark } from './follow';

export const MEMBER_CARE_OPEN_ROUTES = [
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.followUps,
    body: openFollowUpBody,
    handle: (db, caller, body) => openFollowUp(db, caller, body),
  }),
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.followUpResult,
    body: openFollowUpResultBody,
    handle: (db, caller, body, params) => openFollowUpResult(db, caller, params.outerNo ?? '', body),
  }),
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.memberRemarks,
    body: openMemberRemarkBody,
    handle: (db, caller, body) => openMemberRemark(db, caller, body),
  }),
];
