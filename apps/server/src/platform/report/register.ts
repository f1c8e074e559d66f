/**
 * Registers a report's API from its declaration and binding: the list (page, total, totals row,
 * the chart's rows) and the export through the download centre, each guarded by the access the
 * contract's endpoint declares and validated by the same schema as the browser's search form.
 */
import { reportApi } from '@zb/contract/report/api';
import type { FastifyInstance } from 'fastify';
import { enqueueExport } from '../exports/enqueue';
import { route } from '../route';
import type { ReportBinding, Values } from './binding';
import { registerReportExport } from './export';
import { reportPage, resolve } from './query';

const registered = new Map<object, ReportBinding>();

/** The report bindings registered so far (the conformance test and the bench walk them). */
export const registeredReports = (): readonly ReportBinding[] => [...registered.values()];

export const registerReport = (app: FastifyInstance, b: ReportBinding): void => {
  registered.set(b.decl, b);
  resolve(b); // every column and filter must have an expression: fail at start-up, not on a call
  const api = reportApi(b.decl);
  route(app, api.list, ({ query }, { db, signedIn }) => reportPage(db, b, signedIn().scope, query as Values) as never);
  if (api.export) {
    registerReportExport(b);
    // The job validates the query again when it runs, so it gets the query as the browser sent it.
    route(app, api.export, (_input, { db, req, signedIn }) => {
      const auth = signedIn();
      return enqueueExport(db, { userId: auth.user.id, scope: auth.scope, source: b.decl.name, params: req.query });
    });
  }
};
