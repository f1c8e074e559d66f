/** The open API's call of 评价 (contract OPEN_PATHS.evaluations): a member's evaluation of a bill. */
import { openEvaluationBody } from '@zb/contract/entities/evaluation';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { openRoute } from '../openApi/types';
import { openEvaluate } from './service';

export const EVALUATION_OPEN_ROUTES = [
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.evaluations,
    body: openEvaluationBody,
    handle: (db, caller, body) => openEvaluate(db, caller, body),
  }),
];
