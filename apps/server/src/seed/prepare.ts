/** Start-up of the database: migrations, the resource sync, reference data, and the demo data on first start. */
import { count } from 'drizzle-orm';
import type { DbHandle } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { ensureCardAnomalies } from '../modules/memberAssets/anomalies';
import { ensureMemberRollups } from '../modules/members/rollups';
import { syncResources } from '../modules/resources/sync';
import { type SeedOptions, seedDemo } from './demo';
import { seedReferenceData } from './master';
import { seedStoreQuickBase } from './storeQuick';

/** Returns whether the demo data was seeded (first start) or reused. */
export const prepareDatabase = async (handle: DbHandle, seed: SeedOptions = {}): Promise<{ seeded: boolean }> => {
  await handle.migrate();
  await ensureMemberRollups(handle.db);
  await ensureCardAnomalies(handle.db);
  await syncResources(handle.db);
  await seedReferenceData(handle.db);
  await seedStoreQuickBase(handle.db);
  const [row] = await handle.db.select({ n: count() }).from(userAccount);
  if (Number(row?.n ?? 0) > 0) return { seeded: false };
  await seedDemo(handle.db, seed);
  return { seeded: true };
};
