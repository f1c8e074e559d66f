/**
 * /editMemberLifeCycle: the current definition with its history (who, when, what changed from the
 * version before) and the latest recomputation; a save writes the next version and queues the
 * recomputation of every member's stages (the job `memberLifecycle` runs it; the page polls).
 */
import {
  LIFECYCLE_DEFAULTS,
  LIFECYCLE_FIELDS,
  type LifecycleChange,
  type LifecycleDefinitionView,
  type LifecycleParams,
  type LifecycleRunDto,
  type LifecycleSaveBody,
  type LifecycleVersionDto,
} from '@zb/contract/entities/memberLifecycle';
import { ERR } from '@zb/contract/errcodes';
import { formatDateTime } from '@zb/contract/time';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { userAccount } from '../accounts/schema';
import { currentDefinition } from './lifecycle';
import { memberLifecycleDef, memberLifecycleRun } from './schema';

/** What changed from `before` (null: the defaults' first save compares with the defaults). */
export const changesOf = (before: LifecycleParams | null, after: LifecycleParams): LifecycleChange[] =>
  LIFECYCLE_FIELDS.filter((f) => before?.[f.key] !== after[f.key]).map((f) => ({
    field: f.key,
    label: f.label,
    before: before ? before[f.key] : null,
    after: after[f.key],
  }));

const toRun = (r: typeof memberLifecycleRun.$inferSelect): LifecycleRunDto => ({
  id: r.id,
  version: r.version,
  status: r.status as LifecycleRunDto['status'],
  total: r.total,
  done: r.done,
  message: r.message,
  createdAt: formatDateTime(r.createdAt),
  finishedAt: r.finishedAt ? formatDateTime(r.finishedAt) : null,
});

const sqlLock = sql`select pg_advisory_xact_lock(hashtext('member_lifecycle_def'))`;

export const definitionView = async (db: Db): Promise<LifecycleDefinitionView> => {
  const current = await currentDefinition(db);
  const rows = await db
    .select({
      version: memberLifecycleDef.version,
      params: memberLifecycleDef.params,
      note: memberLifecycleDef.note,
      createdAt: memberLifecycleDef.createdAt,
      createdByName: userAccount.nickname,
    })
    .from(memberLifecycleDef)
    .leftJoin(userAccount, eq(userAccount.id, memberLifecycleDef.createdBy))
    .orderBy(desc(memberLifecycleDef.version));
  const history: LifecycleVersionDto[] = rows.map((r, i) => {
    const params = r.params as LifecycleParams;
    const before = (rows[i + 1]?.params as LifecycleParams | undefined) ?? LIFECYCLE_DEFAULTS;
    return {
      version: r.version,
      params,
      note: r.note,
      createdByName: r.createdByName,
      createdAt: formatDateTime(r.createdAt),
      changes: changesOf(before, params),
    };
  });
  const [run] = await db.select().from(memberLifecycleRun).orderBy(desc(memberLifecycleRun.id)).limit(1);
  return { version: current.version, params: current.params, history, run: run ? toRun(run) : null };
};

/** Writes the next version (from `body.baseVersion`) and queues its recomputation, in the transaction. */
export const writeDefinition = async (tx: Tx, userId: number | null, body: LifecycleSaveBody): Promise<number> => {
  // Serialises saves: the second of two concurrent saves from one version finds the first's.
  await tx.execute(sqlLock);
  const current = await currentDefinition(tx);
  if (body.baseVersion !== current.version) throw new BizError(ERR.LIFECYCLE_STALE);
  if (changesOf(current.params, body.params).length === 0) throw new BizError(ERR.LIFECYCLE_UNCHANGED);
  const version = current.version + 1;
  await tx
    .insert(memberLifecycleDef)
    .values({ version, params: body.params, note: body.note || null, createdBy: userId });
  await tx.insert(memberLifecycleRun).values({ version, status: 'queued', createdBy: userId });
  await recordOperation(tx, {
    userId,
    action: 'memberLifecycle.save',
    target: `member_lifecycle_def:${version}`,
    before: { version: current.version, ...current.params },
    after: { version, ...body.params, note: body.note || null },
  });
  return version;
};

export const saveDefinition = async (db: Db, auth: Auth, body: LifecycleSaveBody): Promise<LifecycleDefinitionView> => {
  await db.transaction((tx) => writeDefinition(tx, auth.user.id, body));
  return definitionView(db);
};
