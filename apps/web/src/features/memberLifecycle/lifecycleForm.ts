/**
 * Headless rules of /editMemberLifeCycle: the form's values checked by the contract's rule
 * (lifecycleParams: ranges, no overlap, inversion or gap between 活跃, 沉睡 and 流失) into the save's
 * body or each field's message; a history entry's changes in words; a run's progress.
 */
import {
  LIFECYCLE_FIELDS,
  type LifecycleChange,
  type LifecycleParams,
  type LifecycleRunDto,
  type LifecycleSaveBody,
  lifecycleSaveBody,
} from '@zb/contract/entities/memberLifecycle';

export type LifecycleValues = Partial<Record<keyof LifecycleParams, number | null>>;

export const saveBodyOf = (
  baseVersion: number,
  values: LifecycleValues,
  note: string,
): { ok: true; body: LifecycleSaveBody } | { ok: false; fields: Record<string, string> } => {
  const checked = lifecycleSaveBody.safeParse({
    baseVersion,
    params: Object.fromEntries(LIFECYCLE_FIELDS.map((f) => [f.key, values[f.key] ?? undefined])),
    note: note.trim() || undefined,
  });
  if (checked.success) return { ok: true, body: checked.data };
  const fields: Record<string, string> = {};
  for (const issue of checked.error.issues) {
    const key = String(issue.path[issue.path.length - 1] ?? '');
    if (!fields[key]) fields[key] = issue.message;
  }
  return { ok: false, fields };
};

/** A field's value as the page shows it: money (分) in 元, days and visits with their unit. */
export const valueText = (field: string, v: number): string => {
  const unit = LIFECYCLE_FIELDS.find((f) => f.key === field)?.unit ?? '';
  return unit === '分' ? `${(v / 100).toFixed(2)} 元` : `${v} ${unit}`;
};

/** 「活跃：窗口内到店至少 2 次 → 3 次」, or the first version's value. */
export const changeText = (c: LifecycleChange): string =>
  c.before === null
    ? `${c.label} ${valueText(c.field, c.after)}`
    : `${c.label} ${valueText(c.field, c.before)} → ${valueText(c.field, c.after)}`;

/** Whether the page keeps polling the run. */
export const runActive = (run: LifecycleRunDto | null): boolean =>
  run !== null && (run.status === 'queued' || run.status === 'running');

export const runPercent = (run: LifecycleRunDto): number =>
  run.status === 'done' ? 100 : run.total > 0 ? Math.min(99, Math.floor((run.done * 100) / run.total)) : 0;
