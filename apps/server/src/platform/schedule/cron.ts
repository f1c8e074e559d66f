/** Cron expressions (5 fields: 分 时 日 月 周), evaluated in Beijing time with cron-parser. */
import { CronExpressionParser } from 'cron-parser';

export const SCHEDULE_TZ = 'Asia/Shanghai';

/** The Chinese reason an expression is refused, or null when it is usable. */
export const cronProblem = (expr: string): string | null => {
  const fields = expr.trim().split(/\s+/);
  if (fields.length !== 5) return 'Cron 表达式须为 5 段：分 时 日 月 周，以空格分隔';
  try {
    CronExpressionParser.parse(expr, { tz: SCHEDULE_TZ }).next();
    return null;
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return `Cron 表达式无效：${detail}`;
  }
};

/** The next `count` run times strictly after `after`. */
export const nextRuns = (expr: string, after: Date, count: number): Date[] => {
  const it = CronExpressionParser.parse(expr, { tz: SCHEDULE_TZ, currentDate: after });
  const out: Date[] = [];
  for (let i = 0; i < count && it.hasNext(); i++) out.push(it.next().toDate());
  return out;
};

/** The first run time strictly after `after`. */
export const nextRun = (expr: string, after: Date): Date => {
  const [next] = nextRuns(expr, after, 1);
  if (!next) throw new Error(`cron ${expr} has no next run`);
  return next;
};
