/**
 * Keeps the resource table in step with the contract's route table at every start: missing codes
 * are inserted, the structure (kind, parent, order) follows the table, and names and tips an
 * administrator edited are kept.
 */
import { RESOURCES } from '@zb/contract/routes';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resource } from './schema';

const CHUNK = 1000;

export const syncResources = async (db: Db): Promise<void> => {
  // The position in the contract's list orders every kind the way the route table does.
  const rows = RESOURCES.map((r, position) => ({
    code: r.code,
    name: r.name,
    description: r.description,
    kind: r.kind,
    parentCode: r.parentCode,
    sort: position,
  }));
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insert(resource)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: resource.code,
          set: { kind: sql`excluded.kind`, parentCode: sql`excluded.parent_code`, sort: sql`excluded.sort` },
        });
    }
  });
};
