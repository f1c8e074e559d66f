/**
 * 设置标签 on /projectLabelSetList: adds or removes labels on many projects at once, one
 * operation-log row per project changed. The labels themselves (master_item rows of category
 * `label`) are kept by modules/master/labels.ts.
 */
import { type AssignLabels, LABEL_CATEGORY, PROJECT_LABELS_MAX } from '@zb/contract/entities/projectLabel';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordOperations } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import { masterItem } from '../master/schema';
import { project } from './schema';

const isLabel = eq(masterItem.category, LABEL_CATEGORY);

/** Adds the labels to, or removes them from, each project; answers how many projects changed. */
export const assignLabels = (db: Db, auth: Auth, body: AssignLabels): Promise<{ count: number }> =>
  db.transaction(async (tx) => {
    const labelIds = [...new Set(body.labelIds)];
    const projectIds = [...new Set(body.projectIds)];
    const labels = await tx
      .select({ id: masterItem.id, name: masterItem.name, enabled: masterItem.enabled })
      .from(masterItem)
      .where(and(isLabel, inArray(masterItem.id, labelIds)));
    if (labels.length !== labelIds.length) throw fieldError('labelIds', '所选标签不存在或已被删除');
    const disabled = labels.find((l) => !l.enabled);
    if (body.mode === 'add' && disabled) throw fieldError('labelIds', `标签「${disabled.name}」已停用，不能添加`);

    const projects = await tx
      .select({ id: project.id, name: project.name, labelIds: project.labelIds })
      .from(project)
      .where(inArray(project.id, projectIds));
    if (projects.length !== projectIds.length) throw fieldError('projectIds', '所选项目不存在或已被删除');

    const changes = projects
      .map((p) => {
        const next =
          body.mode === 'add'
            ? [...p.labelIds, ...labelIds.filter((l) => !p.labelIds.includes(l))]
            : p.labelIds.filter((l) => !labelIds.includes(l));
        return { ...p, next };
      })
      .filter((p) => p.next.length !== p.labelIds.length);
    const crowded = changes.find((p) => p.next.length > PROJECT_LABELS_MAX);
    if (crowded) {
      throw fieldError('labelIds', `项目「${crowded.name}」的标签将超过 ${PROJECT_LABELS_MAX} 个，请先移除部分标签`);
    }
    for (const p of changes) await tx.update(project).set({ labelIds: p.next }).where(eq(project.id, p.id));
    await recordOperations(
      tx,
      changes.map((p) => ({
        userId: auth.user.id,
        action: body.mode === 'add' ? 'project.addLabels' : 'project.removeLabels',
        target: `project:${p.id}`,
        before: { labelIds: p.labelIds },
        after: { labelIds: p.next },
      })),
    );
    return { count: changes.length };
  });
