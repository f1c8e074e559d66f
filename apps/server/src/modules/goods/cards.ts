/**
 * Cards on the resource engine. Rules: a combo card holds at least one project (each once) and no
 * money; a stored-value card holds an amount above zero, a bonus, and no projects; 指定门店等级
 * needs at least one store level (全部门店 keeps none); a card on sale, or one with associated
 * projects (关联项目), cannot be deleted.
 */
import { CARD, type CardProjectRow } from '@zb/contract/entities/card';
import { ERR } from '@zb/contract/errcodes';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource, type Values } from '../../platform/resource/binding';
import { refuseOnSale, setStatus, without } from './common';
import { card, cardProject, cardProjectDiscount, project } from './schema';

/** The row's values made consistent with its kind and scope; throws on a missing requirement. */
const settle = (merged: Values, projects: readonly CardProjectRow[] | undefined): Values => {
  const out: Values = {};
  if (merged.kind === 'combo') {
    if (projects !== undefined && projects.length === 0) throw fieldError('projects', '套餐卡请至少添加一个项目');
    out.amount = null;
    out.bonus = null;
  } else {
    if (typeof merged.amount !== 'number' || merged.amount <= 0) throw fieldError('amount', '储值卡请输入储值金额');
    if (projects?.length) throw fieldError('projects', '储值卡不包含项目');
  }
  if (merged.usableScope === 'levels') {
    if (!Array.isArray(merged.storeLevelIds) || merged.storeLevelIds.length === 0) {
      throw fieldError('storeLevelIds', '请选择适用门店等级');
    }
  } else {
    out.storeLevelIds = [];
  }
  return out;
};

const writeProjects = async (tx: Tx, cardId: number, rows: readonly CardProjectRow[]): Promise<void> => {
  const ids = rows.map((r) => r.projectId);
  if (new Set(ids).size !== ids.length) throw fieldError('projects', '同一项目只能出现一次');
  if (ids.length) {
    const found = await tx.select({ id: project.id }).from(project).where(inArray(project.id, ids));
    if (found.length !== ids.length) throw fieldError('projects', '所选项目不存在或已被删除');
  }
  await tx.delete(cardProject).where(eq(cardProject.cardId, cardId));
  if (rows.length) await tx.insert(cardProject).values(rows.map((r, line) => ({ cardId, ...r, line })));
};

const projectsJson = sql`(select coalesce(json_agg(json_build_object('projectId', cp.project_id, 'sessions', cp.sessions) order by cp.line), '[]'::json)
  from card_project cp where cp.card_id = "card"."id")`;

const projectsText = sql<string | null>`(select string_agg(p.name || ' ×' || cp.sessions || '次', '、' order by cp.line)
  from card_project cp join project p on p.id = cp.project_id where cp.card_id = "card"."id")`;

export const cardBinding = bindResource({
  decl: CARD,
  table: card,
  id: card.id,
  columns: { projects: projectsJson, projectsText },
  uniques: { card_code_uq: 'code' },
  service: {
    create: async ({ tx }, values) => {
      const projects = values.projects ?? [];
      const fixed = settle(values, projects);
      const [row] = await tx
        .insert(card)
        .values({ ...without(values, 'projects'), ...fixed })
        .returning({ id: card.id });
      await writeProjects(tx, row!.id, values.kind === 'combo' ? projects : []);
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      // An optional list sent empty (null) clears it.
      const projects = values.projects === null ? [] : values.projects;
      const merged = { ...before, ...values };
      const fixed = settle(merged, projects);
      const row = { ...without(values, 'projects'), ...fixed };
      if (Object.keys(row).length) await tx.update(card).set(row).where(eq(card.id, id));
      if (projects !== undefined) await writeProjects(tx, id, merged.kind === 'combo' ? projects : []);
    },
    remove: async ({ tx }, id, before) => {
      refuseOnSale('卡项', before);
      const [linked] = await tx
        .select({ n: count() })
        .from(cardProjectDiscount)
        .where(eq(cardProjectDiscount.cardId, id));
      if (linked && linked.n > 0) {
        throw new BizError(ERR.GOODS_IN_USE, `卡项「${String(before.name)}」设置了 ${linked.n} 个关联项目，不能删除`);
      }
      await tx.delete(card).where(eq(card.id, id));
    },
    batch: { onSale: setStatus(card, 'on'), offSale: setStatus(card, 'off') },
  },
});
