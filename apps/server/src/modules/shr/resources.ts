/**
 * /shrConfig's mappings and /shrUserLog's runs and changes on the resource engine. An organisation
 * maps to a store of the writer's data scope; the logs are the system's, read by whoever holds
 * /shrUserLog (as /operationLog is).
 */
import { SHR_CHANGE, SHR_JOB, SHR_ORG, SHR_RUN } from '@zb/contract/entities/shr';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { type DataScope, storeTableScope } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { store } from '../stores/schema';
import { shrChange, shrJob, shrOrg, shrRun } from './schema';

const checkStore = async (tx: Tx, scope: DataScope, storeId: unknown) => {
  const [found] =
    typeof storeId === 'number'
      ? await tx
          .select({ id: store.id })
          .from(store)
          .where(and(eq(store.id, storeId), storeTableScope(scope)))
      : [];
  if (!found) throw fieldError('storeId', '请选择您数据范围内的门店');
};

export const shrOrgBinding = bindResource({
  decl: SHR_ORG,
  table: shrOrg,
  id: shrOrg.id,
  columns: { storeCode: store.code, storeName: store.name },
  joins: [{ table: store, on: eq(store.id, shrOrg.storeId), inner: true }],
  scope: { store: shrOrg.storeId },
  uniques: { shr_org_code_uq: 'orgCode' },
  service: {
    create: async ({ tx, auth }, values) => {
      await checkStore(tx, auth.scope, values.storeId);
      const [row] = await tx.insert(shrOrg).values(values).returning({ id: shrOrg.id });
      return row!.id;
    },
    update: async ({ tx, auth }, id, values) => {
      if (values.storeId !== undefined) await checkStore(tx, auth.scope, values.storeId);
      await tx
        .update(shrOrg)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(shrOrg.id, id));
    },
  },
});

export const shrJobBinding = bindResource({
  decl: SHR_JOB,
  table: shrJob,
  id: shrJob.id,
  uniques: { shr_job_code_uq: 'jobCode' },
  service: {
    update: async ({ tx }, id, values) => {
      await tx
        .update(shrJob)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(shrJob.id, id));
    },
  },
});

export const shrRunBinding = bindResource({
  decl: SHR_RUN,
  table: shrRun,
  id: shrRun.id,
  columns: { operatorName: userAccount.nickname },
  joins: [{ table: userAccount, on: eq(userAccount.id, shrRun.operatorId) }],
});

export const shrChangeBinding = bindResource({
  decl: SHR_CHANGE,
  table: shrChange,
  id: shrChange.id,
  columns: { storeName: store.name },
  joins: [{ table: store, on: eq(store.id, shrChange.storeId) }],
});
