/**
 * /drawLimitConfig: per-project draw limits on the resource engine (one per project, found by its
 * code). The card ledger enforces them (members/drawLimits.ts).
 */
import { DRAW_LIMIT } from '@zb/contract/entities/billConfig';
import { eq } from 'drizzle-orm';
import { fieldError } from '../../platform/errors';
import { bindResource, type Values } from '../../platform/resource/binding';
import { setEnabled } from '../goods/goodsRef';
import { project } from '../goods/schema';
import { drawLimit } from './schema';

/** A limit allows something: a day or a month (the merged row after a write). */
const checkMax = (values: Values, before?: Values) => {
  const pick = (k: string) => (k in values ? values[k] : before?.[k]);
  if ((pick('dailyMax') ?? null) === null && (pick('monthlyMax') ?? null) === null) {
    throw fieldError('dailyMax', '请至少填写每日最多或每月最多其中一项');
  }
  const day = pick('dailyMax');
  const month = pick('monthlyMax');
  if (typeof day === 'number' && typeof month === 'number' && day > month) {
    throw fieldError('dailyMax', '每日最多次数不能大于每月最多次数');
  }
};

export const drawLimitBinding = bindResource({
  decl: DRAW_LIMIT,
  table: drawLimit,
  id: drawLimit.id,
  joins: [{ table: project, on: eq(project.id, drawLimit.projectId), inner: true }],
  columns: { projectCode: project.code, projectName: project.name },
  uniques: { draw_limit_project_uq: 'projectCode' },
  service: {
    create: async ({ tx }, values) => {
      checkMax(values);
      const code = String(values.projectCode).trim();
      const [p] = await tx.select({ id: project.id, name: project.name }).from(project).where(eq(project.code, code));
      if (!p) throw fieldError('projectCode', `项目编码「${code}」不存在`);
      const [taken] = await tx.select({ id: drawLimit.id }).from(drawLimit).where(eq(drawLimit.projectId, p.id));
      if (taken) throw fieldError('projectCode', `项目「${p.name}」已设置消耗限制，请直接编辑`);
      const [row] = await tx
        .insert(drawLimit)
        .values({
          projectId: p.id,
          dailyMax: values.dailyMax ?? null,
          monthlyMax: values.monthlyMax ?? null,
          storeScope: values.storeScope,
          enabled: values.enabled ?? true,
          remark: values.remark ?? null,
        })
        .returning({ id: drawLimit.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      checkMax(values, before);
      if (Object.keys(values).length) await tx.update(drawLimit).set(values).where(eq(drawLimit.id, id));
    },
    batch: { enable: setEnabled(drawLimit, true), disable: setEnabled(drawLimit, false) },
  },
});
