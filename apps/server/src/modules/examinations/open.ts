/** The open API's 头皮检测 call (contract OPEN_PATHS.examinations): a store device's report, POS keys only. */
import { openExaminationBody } from '@zb/contract/entities/examination';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { openRoute } from '../openApi/types';
import { openExamination } from './service';

export const EXAMINATION_OPEN_ROUTES = [
  openRoute({
    method: 'POST',
    path: OPEN_PATHS.examinations,
    body: openExaminationBody,
    kinds: ['pos'],
    handle: (db, caller, body) => openExamination(db, caller, body),
  }),
];
