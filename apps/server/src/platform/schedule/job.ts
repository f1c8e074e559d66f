/** What a scheduled job is: declared in code (modules/schedule/jobs.ts), run by the runner. */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';

export interface JobContext {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The time the run started. */
  now: Date;
}

export interface JobDef {
  /** Unique, stable: the schedule_job row's key. */
  name: string;
  /** Chinese, shown in /schedule. */
  title: string;
  /** 5 fields (分 时 日 月 周), Beijing time; an administrator's change is kept. */
  defaultCron: string;
  /** Answers a Chinese one-line result, e.g. '清理过期会话 12 条'; throws to fail. */
  run(ctx: JobContext): Promise<string>;
}
