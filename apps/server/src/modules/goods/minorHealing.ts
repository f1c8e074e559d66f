/**
 * Minor healing courses (小疗程) on the resource engine. Rules: the course's project exists and, when
 * newly chosen, is on sale; a project has at most one course of a given number of sessions; the
 * list shows the project's price × sessions and the course price per session; a course on sale
 * cannot be deleted.
 */
import { MINOR_COURSE } from '@zb/contract/entities/minorCourse';
import { and, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { checkPicked } from './bundleRows';
import { refuseOnSale, setStatus } from './common';
import { minorCourse, project } from './schema';

const p = alias(project, 'p');

/** A project has one course of a given number of sessions at most. */
const checkSessions = async (tx: Tx, projectId: number, sessions: number, self: number | null): Promise<void> => {
  const [other] = await tx
    .select({ id: minorCourse.id })
    .from(minorCourse)
    .where(
      and(
        eq(minorCourse.projectId, projectId),
        eq(minorCourse.sessions, sessions),
        self === null ? undefined : ne(minorCourse.id, self),
      ),
    );
  if (other) throw fieldError('sessions', `该项目已有 ${sessions} 次的小疗程`);
};

export const minorCourseBinding = bindResource({
  decl: MINOR_COURSE,
  table: minorCourse,
  id: minorCourse.id,
  columns: {
    projectName: p.name,
    listTotal: sql<number>`(${p.price}::float8 * ${minorCourse.sessions})`,
    sessionPrice: sql<number>`round(${minorCourse.price}::numeric / ${minorCourse.sessions})::int`,
  },
  joins: [{ table: p, on: eq(p.id, minorCourse.projectId) }],
  uniques: { minor_course_code_uq: 'code', minor_course_project_sessions_uq: 'sessions' },
  service: {
    create: async ({ tx }, values) => {
      await checkPicked(tx, 'project', 'projectId', [values.projectId]);
      await checkSessions(tx, values.projectId, values.sessions, null);
      const [row] = await tx.insert(minorCourse).values(values).returning({ id: minorCourse.id });
      return row!.id;
    },
    update: async ({ tx }, id, values, before) => {
      if (values.projectId != null && values.projectId !== before.projectId) {
        await checkPicked(tx, 'project', 'projectId', [values.projectId]);
      }
      if (values.projectId != null || values.sessions != null) {
        await checkSessions(tx, values.projectId ?? before.projectId, values.sessions ?? before.sessions, id);
      }
      if (Object.keys(values).length) await tx.update(minorCourse).set(values).where(eq(minorCourse.id, id));
    },
    remove: async ({ tx }, id, before) => {
      refuseOnSale('小疗程', before);
      await tx.delete(minorCourse).where(eq(minorCourse.id, id));
    },
    batch: { onSale: setStatus(minorCourse, 'on'), offSale: setStatus(minorCourse, 'off') },
  },
});
