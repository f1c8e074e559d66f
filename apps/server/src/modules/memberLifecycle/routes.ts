/**
 * 会员生命周期 (issue 15): /editMemberLifeCycle's definition and save (service.ts), and the
 * lifecycle reports over member_stage (reports.ts), which the job `memberLifecycle` keeps
 * (lifecycle.ts, modules/schedule/jobs.ts).
 */
import { MEMBER_LIFECYCLE_API } from '@zb/contract/entities/memberLifecycle';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../../platform/report/register';
import { route } from '../../platform/route';
import { MEMBER_LIFECYCLE_BINDINGS } from './reports';
import { definitionView, saveDefinition } from './service';

export const memberLifecycleRoutes = async (app: FastifyInstance) => {
  for (const b of MEMBER_LIFECYCLE_BINDINGS) registerReport(app, b);
  route(app, MEMBER_LIFECYCLE_API.definition, (_input, { db }) => definitionView(db));
  route(app, MEMBER_LIFECYCLE_API.save, ({ body }, { db, signedIn }) => saveDefinition(db, signedIn(), body));
};
