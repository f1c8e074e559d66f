/** 头皮检测 in the console: /detetionConfig (resource engine), /examiningReport (report engine), /examiningDetail. */
import { EXAMINATION_API } from '@zb/contract/entities/examination';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { registerResource } from '../../platform/resource/register';
import { route } from '../../platform/route';
import { examiningReportBinding } from './reports';
import { examItemBinding } from './resource';
import { examinationDetail } from './service';

export const examinationRoutes = async (app: FastifyInstance) => {
  registerResource(app, examItemBinding);
  registerReport(app, examiningReportBinding);
  route(app, EXAMINATION_API.detail, ({ params }, { db, signedIn }) =>
    examinationDetail(db, signedIn().scope, (params as { id: number }).id),
  );
};
