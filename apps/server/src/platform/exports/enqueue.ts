/** Asking for an export: validate, count, and queue a job the workers pick up. */
import { ERR } from '@zb/contract/errcodes';
import { fieldErrors } from '@zb/contract/rules';
import type { Db } from '../../db/client';
import { recordOperation } from '../audit';
import { BizError } from '../errors';
import type { DataScope } from '../scope';
import { exportSourceOf } from './registry';
import { exportJob } from './schema';
import { wakeExportWorkers } from './worker';

export interface EnqueueRequest {
  userId: number;
  scope: DataScope;
  /** The export source's name. */
  source: string;
  params: unknown;
}

/**
 * Queues an export of what the caller sees now (their data scope is stored with the job).
 * Nothing to export answers "-10" (ERR.EXCEL_EMPTY), which the browser shows quietly.
 */
export const enqueueExport = async (db: Db, req: EnqueueRequest): Promise<{ jobId: number }> => {
  const source = exportSourceOf(req.source);
  if (!source) throw new Error(`no export source "${req.source}"`);
  const parsed = source.params.safeParse(req.params);
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.message ?? '参数错误';
    throw new BizError(ERR.PARAM_INVALID, first, { fields: fieldErrors(parsed.error) });
  }
  const total = await source.count({ db, userId: req.userId, scope: req.scope }, parsed.data);
  if (total <= 0) throw new BizError(ERR.EXCEL_EMPTY);
  const jobId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exportJob)
      .values({
        userId: req.userId,
        source: source.name,
        title: source.title,
        params: parsed.data ?? {},
        scope: req.scope,
        totalRows: total,
      })
      .returning({ id: exportJob.id });
    const id = row!.id;
    await recordOperation(tx, {
      userId: req.userId,
      action: 'export',
      target: `export_job:${id}`,
      after: { source: source.name, title: source.title, params: parsed.data ?? {}, totalRows: total },
    });
    return id;
  });
  wakeExportWorkers();
  return { jobId };
};
