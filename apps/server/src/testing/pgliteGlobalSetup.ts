/**
 * Vitest global set-up of the api-pglite project: the seeded PGlite template of this checkout,
 * built once before the workers start (pgliteTemplate.ts), so no worker seeds in a test hook.
 * When the api-postgres project runs too, its template is built at the same time (vitest would
 * run the two set-ups one after the other; its own set-up then finds it ready, or fails with its
 * error — not this project).
 */
import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate } from './pgliteTemplate';
import { postgresTemplate } from './postgresTemplate';

export default async function setup(project: TestProject) {
  const withPostgres = project.vitest.projects.some((p) => p.name === 'api-postgres');
  const postgres = withPostgres ? postgresTemplate().catch(() => undefined) : undefined;
  await Promise.all([ensurePgliteTemplate(), postgres]);
}
