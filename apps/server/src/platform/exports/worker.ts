/**
 * The export worker: every app instance runs one. It claims a job (claim.ts), runs it (run.ts),
 * and looks again; with nothing queued it polls every second, and a job queued on this instance
 * wakes it at once. Closing the app stops it and hands a job in progress back to the queue.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { claimExport, DEFAULT_LEASE_MS, failAbandonedExports } from './claim';
import { runExportJob } from './run';

export interface RunNextOptions {
  leaseMs?: number;
  signal?: AbortSignal;
  log?: FastifyBaseLogger;
}

/** Claims and runs one job; answers its id, or null when there was nothing to do. */
export const runNextExport = async (db: Db, instanceId: string, opts: RunNextOptions = {}): Promise<number | null> => {
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  await failAbandonedExports(db);
  const job = await claimExport(db, instanceId, leaseMs);
  if (!job) return null;
  await runExportJob(db, job, { instanceId, leaseMs, signal: opts.signal, log: opts.log });
  return job.id;
};

const wakers = new Set<() => void>();

/** Tells this process's workers a job was queued, so they need not wait for the next poll. */
export const wakeExportWorkers = (): void => {
  for (const wake of wakers) wake();
};

export interface ExportWorkerOptions {
  enabled: boolean;
  pollMs?: number;
  leaseMs?: number;
}

export const exportWorkerPlugin = fp<ExportWorkerOptions>(
  async (app, opts) => {
    if (!opts.enabled) return;
    const instanceId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    const pollMs = opts.pollMs ?? 1000;
    const stop = new AbortController();
    let timer: NodeJS.Timeout | null = null;
    let loop: Promise<void> | null = null;
    let again = false;

    const work = async () => {
      do {
        again = false;
        try {
          while (!stop.signal.aborted) {
            const id = await runNextExport(app.db, instanceId, {
              leaseMs: opts.leaseMs,
              signal: stop.signal,
              log: app.log,
            });
            if (id === null) break;
          }
        } catch (err) {
          app.log.error({ err }, 'export worker error');
        }
      } while (again && !stop.signal.aborted);
    };
    const tick = () => {
      if (stop.signal.aborted) return;
      if (loop) {
        again = true;
        return;
      }
      if (timer) clearTimeout(timer);
      loop = work().finally(() => {
        loop = null;
        if (!stop.signal.aborted) timer = setTimeout(tick, pollMs);
      });
    };

    app.addHook('onReady', async () => {
      wakers.add(tick);
      tick();
    });
    app.addHook('onClose', async () => {
      wakers.delete(tick);
      stop.abort();
      if (timer) clearTimeout(timer);
      await loop;
    });
  },
  { name: 'export-worker' },
);
