/**
 * Traces: an operation-log row for every mutation (written by the service in the mutation's own
 * transaction) and an API-log row for every API call (written after the answer is sent).
 */
import type { OperationAction } from '@zb/contract/operationLog';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { isApiPath } from './envelope';
import { apiLog, operationLog } from './schema';

export interface Operation {
  userId: number | null;
  /** What was done, e.g. 'modifyPassword' or 'realCard.claim': a name the contract gives in Chinese (operationLog.ts). */
  action: OperationAction;
  /** What it was done to, e.g. 'user_account:3'. */
  target: string;
  before?: unknown;
  after?: unknown;
}

/** Writes an operation-log row; call it with the transaction that performs the mutation. */
export const recordOperation = (tx: Db, op: Operation): Promise<void> => recordOperations(tx, [op]);

/** Writes several operation-log rows in one statement (a batch action's rows). */
export const recordOperations = async (tx: Db, ops: readonly Operation[]): Promise<void> => {
  if (ops.length === 0) return;
  await tx.insert(operationLog).values(
    ops.map((op) => ({
      userId: op.userId,
      action: op.action,
      target: op.target,
      before: op.before ?? null,
      after: op.after ?? null,
    })),
  );
};

/** The path without its query string: query values (passwords of the WeCom call) never reach a log. */
export const pathOnly = (url: string): string => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

type ApiLogRow = typeof apiLog.$inferInsert;

/**
 * Batches API-log rows and writes them off the request path: at most every FLUSH_MS, or at once
 * when BATCH rows wait. One statement per batch, not one per call: on the embedded database a
 * statement holds the only connection, so a write per call would delay the next call.
 * flush() writes what waits now; the app's close flushes.
 */
export class ApiLogWriter {
  static readonly FLUSH_MS = 200;
  static readonly BATCH = 500;
  private queue: ApiLogRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  push(row: ApiLogRow): void {
    this.queue.push(row);
    if (this.queue.length >= ApiLogWriter.BATCH) this.start();
    else if (!this.timer && !this.flushing) {
      this.timer = setTimeout(() => this.start(), ApiLogWriter.FLUSH_MS);
      this.timer.unref();
    }
  }

  private start(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flushing ??= this.drain();
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, ApiLogWriter.BATCH);
      try {
        await this.db.insert(apiLog).values(batch);
      } catch (err) {
        this.onError(err);
      }
    }
    this.flushing = null;
  }

  /** Resolves once every row pushed so far is written. */
  async flush(): Promise<void> {
    if (this.queue.length > 0) this.start();
    while (this.flushing) await this.flushing;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    apiLog: ApiLogWriter;
  }
}

export const apiLogPlugin = fp(
  async (app) => {
    const writer = new ApiLogWriter(app.db, (err) => app.log.error({ err }, 'api log write failed'));
    app.decorate('apiLog', writer);
    app.addHook('onResponse', async (req, reply) => {
      if (!isApiPath(req.url)) return;
      writer.push({
        method: req.method,
        path: pathOnly(req.url).slice(0, 500),
        userId: req.actorId,
        errcode: req.errcode,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      });
    });
    app.addHook('onClose', async () => writer.flush());
  },
  { name: 'api-log', dependencies: ['guard', 'envelope'] },
);
