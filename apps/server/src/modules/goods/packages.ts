/**
 * Packages (套餐) on the resource engine. Rules: a package holds at least one project, each once,
 * with its sessions; a project put into a package must be on sale (one already in it may stay
 * after it went off sale); the list shows the projects' prices × sessions summed next to the
 * package price; a package on sale cannot be deleted.
 */
import { type PackageProjectRow, PROJECT_PACKAGE } from '@zb/contract/entities/projectPackage';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bindResource } from '../../platform/resource/binding';
import { checkPicked } from './bundleRows';
import { refuseOnSale, setStatus, without } from './common';
import { packageProject, pkg } from './schema';

const writeProjects = async (tx: Tx, packageId: number, rows: readonly PackageProjectRow[], isNew: boolean) => {
  const kept = isNew
    ? new Set<number>()
    : new Set(
        (
          await tx
            .select({ id: packageProject.projectId })
            .from(packageProject)
            .where(eq(packageProject.packageId, packageId))
        ).map((r) => r.id),
      );
  await checkPicked(
    tx,
    'project',
    'projects',
    rows.map((r) => r.projectId),
    kept,
  );
  await tx.delete(packageProject).where(eq(packageProject.packageId, packageId));
  if (rows.length) await tx.insert(packageProject).values(rows.map((r, line) => ({ packageId, ...r, line })));
};

// float8: a sum of prices × sessions may pass int4; it stays an exact integer of 分.
const listTotal = sql`(select coalesce(sum(p.price::float8 * pp.sessions), 0)
  from package_project pp join project p on p.id = pp.project_id where pp.package_id = "package"."id")`;

const projectsJson = sql`(select coalesce(json_agg(json_build_object('projectId', pp.project_id, 'sessions', pp.sessions) order by pp.line), '[]'::json)
  from package_project pp where pp.package_id = "package"."id")`;

const projectsText = sql<string | null>`(select string_agg(p.name || ' ×' || pp.sessions || '次', '、' order by pp.line)
  from package_project pp join project p on p.id = pp.project_id where pp.package_id = "package"."id")`;

export const packageBinding = bindResource({
  decl: PROJECT_PACKAGE,
  table: pkg,
  id: pkg.id,
  columns: {
    listTotal,
    saving: sql`(${listTotal} - "package"."price")`,
    projects: projectsJson,
    projectsText,
  },
  uniques: { package_code_uq: 'code' },
  service: {
    create: async ({ tx }, values) => {
      const [row] = await tx.insert(pkg).values(without(values, 'projects')).returning({ id: pkg.id });
      await writeProjects(tx, row!.id, values.projects, true);
      return row!.id;
    },
    update: async ({ tx }, id, values) => {
      const row = without(values, 'projects');
      if (Object.keys(row).length) await tx.update(pkg).set(row).where(eq(pkg.id, id));
      if (values.projects !== undefined) await writeProjects(tx, id, values.projects, false);
    },
    remove: async ({ tx }, id, before) => {
      refuseOnSale('套餐', before);
      await tx.delete(pkg).where(eq(pkg.id, id));
    },
    batch: { onSale: setStatus(pkg, 'on'), offSale: setStatus(pkg, 'off') },
  },
});
