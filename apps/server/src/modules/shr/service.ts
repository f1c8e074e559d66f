/**
 * SHR staff synchronisation (contract entities/shr.ts). A run asks SHR for the people changed
 * since the watermark, page by page, and applies each person in a transaction of its own, so one
 * bad person fails alone (logged with its reason) and never undoes the others:
 *
 * - linked (shr_staff_link) → the SHR-owned fields that differ are written (更新员工, or 离职);
 *   nothing differs → nothing is written or logged;
 * - not linked, a staff member has the phone → linked, then as above (关联员工);
 * - not linked, new → created in the store of its organisation (新增员工); a person who has
 *   left, or whose organisation no store is mapped to, is skipped with the reason (跳过).
 *
 * The watermark moves to the last change applied; a failed person holds it just before that
 * person's change, so the next run asks again. A run SHR refuses ends 失败 and moves nothing.
 * At most one run at a time (shr_run_one_running_uq); a run left 同步中 by a crash longer than
 * STALE_RUN_MS is closed as failed by the next.
 */
import {
  SHR_OWNED_FIELDS,
  SHR_PAGE_SIZE,
  SHR_PERSON_STATUSES,
  type ShrChangeAction,
  type ShrRunResult,
  type ShrRunTrigger,
  type ShrStatus,
} from '@zb/contract/entities/shr';
import { STAFF_STATUSES } from '@zb/contract/entities/staff';
import { ERR } from '@zb/contract/errcodes';
import { validatePhone } from '@zb/contract/phone';
import { formatDate } from '@zb/contract/time';
import { and, desc, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { ShrConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import { BizError } from '../../platform/errors';
import { uniqueViolation } from '../hierarchy/dbErrors';
import { masterItem } from '../master/schema';
import { STAFF_PHONE_KEY, staff } from '../staff/schema';
import { insertSyncedStaff, updateSyncedStaff } from '../staff/service';
import { store } from '../stores/schema';
import { ShrClient, ShrError, type ShrPerson, shrFailureText } from './client';
import { shrChange, shrJob, shrOrg, shrRun, shrStaffLink } from './schema';
import { SHRSIM_IN_PROCESS_BASE, shrSimulatorFetch } from './simulator';

/** A run still 同步中 after this long was cut short (a crash or restart). */
export const STALE_RUN_MS = 30 * 60_000;
const RUN_ONE_KEY = 'shr_run_one_running_uq';

type StaffFields = {
  name: string;
  phone: string;
  storeId: number;
  positionId: number | null;
  status: string;
  entryDate: string;
  leaveDate: string | null;
};
type OwnedKey = keyof typeof SHR_OWNED_FIELDS;

interface Maps {
  orgs: Map<string, { storeId: number }>;
  jobs: Map<string, number>;
  storeNames: Map<number, string>;
  positionNames: Map<number, string>;
}

interface Outcome {
  action: ShrChangeAction | 'unchanged';
  staffId: number | null;
  storeId: number | null;
  detail: string;
  before?: Partial<StaffFields>;
  after?: Partial<StaffFields>;
  unmappedOrg?: string;
}

const statusOf = (p: ShrPerson): string => SHR_PERSON_STATUSES.find((s) => s.value === p.status)?.status ?? 'active';
const statusLabel = (v: unknown) => STAFF_STATUSES.find((s) => s.value === v)?.label ?? String(v);

const loadMaps = async (db: Db): Promise<Maps> => {
  const orgs = await db.select({ orgCode: shrOrg.orgCode, storeId: shrOrg.storeId }).from(shrOrg);
  const jobs = await db.select({ jobCode: shrJob.jobCode, positionId: shrJob.positionId }).from(shrJob);
  const stores = await db.select({ id: store.id, name: store.name }).from(store);
  const positions = await db
    .select({ id: masterItem.id, name: masterItem.name })
    .from(masterItem)
    .where(inArray(masterItem.id, jobs.length ? jobs.map((j) => j.positionId) : [-1]));
  return {
    orgs: new Map(orgs.map((o) => [o.orgCode, { storeId: o.storeId }])),
    jobs: new Map(jobs.map((j) => [j.jobCode, j.positionId])),
    storeNames: new Map(stores.map((s) => [s.id, s.name])),
    positionNames: new Map(positions.map((p) => [p.id, p.name])),
  };
};

/** 门店：A → B；状态：在职 → 离职 */
const describe = (maps: Maps, before: Partial<StaffFields>, after: Partial<StaffFields>): string =>
  (Object.keys(after) as OwnedKey[])
    .map((k) => {
      const show = (v: unknown) =>
        v === null || v === undefined
          ? '空'
          : k === 'storeId'
            ? (maps.storeNames.get(v as number) ?? `#${v}`)
            : k === 'positionId'
              ? (maps.positionNames.get(v as number) ?? `#${v}`)
              : k === 'status'
                ? statusLabel(v)
                : String(v);
      return k in before
        ? `${SHR_OWNED_FIELDS[k]}：${show(before[k])} → ${show(after[k])}`
        : `${SHR_OWNED_FIELDS[k]}：${show(after[k])}`;
    })
    .join('；');

/** What SHR says the staff member should be, as far as our mappings know (an unmapped org keeps the store). */
const wanted = (p: ShrPerson, maps: Maps, today: string, current?: StaffFields): StaffFields => {
  const status = statusOf(p);
  return {
    name: p.name.trim(),
    phone: p.phone.trim(),
    storeId: maps.orgs.get(p.orgCode)?.storeId ?? current?.storeId ?? 0,
    positionId: maps.jobs.get(p.jobCode) ?? current?.positionId ?? null,
    status,
    entryDate: p.entryDate,
    leaveDate: status === 'left' ? (p.leaveDate ?? current?.leaveDate ?? today) : null,
  };
};

const staffFields = {
  name: staff.name,
  phone: staff.phone,
  storeId: staff.storeId,
  positionId: staff.positionId,
  status: staff.status,
  entryDate: staff.entryDate,
  leaveDate: staff.leaveDate,
};

/** Applies one person in `tx`; throws to fail the person alone. */
const applyPerson = async (
  tx: Tx,
  p: ShrPerson,
  maps: Maps,
  operatorId: number | null,
  today: string,
): Promise<Outcome> => {
  const phoneProblem = validatePhone('0086', p.phone.trim());
  if (phoneProblem) throw new Error(`手机号 ${p.phone} 无效：${phoneProblem}`);
  if (!p.name.trim()) throw new Error('姓名为空');
  const mapped = maps.orgs.has(p.orgCode);
  const unmapped = `组织 ${p.orgCode}（${p.orgName}）未对应门店，请在 SHR对接配置 中添加组织对应`;

  const [link] = await tx.select().from(shrStaffLink).where(eq(shrStaffLink.personNo, p.personNo));
  let staffId = link?.staffId ?? null;
  let linked = false;
  if (staffId === null) {
    const [byPhone] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.phone, p.phone.trim()));
    if (byPhone) {
      const [taken] = await tx.select().from(shrStaffLink).where(eq(shrStaffLink.staffId, byPhone.id));
      if (taken) throw new Error(`手机号 ${p.phone} 的员工已关联 SHR 人员 ${taken.personNo}`);
      staffId = byPhone.id;
      linked = true;
    }
  }

  if (staffId === null) {
    if (statusOf(p) === 'left') {
      return { action: 'skipped', staffId: null, storeId: null, detail: '已离职，系统中没有该员工，不新增' };
    }
    if (!mapped) return { action: 'skipped', staffId: null, storeId: null, detail: unmapped, unmappedOrg: p.orgCode };
    const row = wanted(p, maps, today);
    const madeId = await insertSyncedStaff(tx, { ...row, areaCode: '0086' });
    await tx
      .insert(shrStaffLink)
      .values({ personNo: p.personNo, staffId: madeId, shrUpdatedAt: new Date(p.updatedAt) });
    await recordOperation(tx, { userId: operatorId, action: 'staff.create', target: `staff:${madeId}`, after: row });
    return { action: 'created', staffId: madeId, storeId: row.storeId, detail: describe(maps, {}, row), after: row };
  }

  const [current] = (await tx.select(staffFields).from(staff).where(eq(staff.id, staffId))) as [StaffFields];
  const target = wanted(p, maps, today, current);
  const before: Partial<StaffFields> = {};
  const after: Partial<StaffFields> = {};
  for (const k of Object.keys(SHR_OWNED_FIELDS) as OwnedKey[]) {
    if (current[k] !== target[k]) {
      (before as Record<string, unknown>)[k] = current[k];
      (after as Record<string, unknown>)[k] = target[k];
    }
  }
  if (linked)
    await tx.insert(shrStaffLink).values({ personNo: p.personNo, staffId, shrUpdatedAt: new Date(p.updatedAt) });
  else
    await tx
      .update(shrStaffLink)
      .set({ shrUpdatedAt: new Date(p.updatedAt) })
      .where(eq(shrStaffLink.personNo, p.personNo));
  const changed = Object.keys(after).length > 0;
  if (changed) {
    await updateSyncedStaff(tx, staffId, after);
    await recordOperation(tx, {
      userId: operatorId,
      action: 'staff.update',
      target: `staff:${staffId}`,
      before,
      after,
    });
  }
  const note = mapped ? '' : `（${unmapped}，门店未变）`;
  if (!changed && !linked) return { action: 'unchanged', staffId, storeId: current.storeId, detail: '' };
  const action: ShrChangeAction = after.status === 'left' ? 'left' : linked ? 'linked' : 'updated';
  const text = changed ? describe(maps, before, after) : '按手机号关联，资料一致';
  return { action, staffId, storeId: target.storeId, detail: text + note, before, after };
};

const failureOf = (e: unknown): string => {
  const key = uniqueViolation(e);
  if (key === STAFF_PHONE_KEY) return '手机号已被其他员工使用';
  if (key !== null) return '与已有记录重复';
  const msg = e instanceof Error ? e.message : String(e);
  if (/staff_leave_chk/.test(msg) || /staff_leave_chk/.test(String((e as { cause?: unknown })?.cause ?? ''))) {
    return '离职日期早于入职日期';
  }
  return msg.length > 200 ? `${msg.slice(0, 200)}…` : msg;
};

/** Opens a run: closes a stale one, refuses while another runs. */
const openRun = async (
  db: Db,
  trigger: ShrRunTrigger,
  operatorId: number | null,
  full: boolean,
  now: Date,
): Promise<{ id: number; since: Date | null }> => {
  await db
    .update(shrRun)
    .set({ status: 'failed', error: '同步中断（服务重启或超时），未完成', finishedAt: now })
    .where(and(eq(shrRun.status, 'running'), lt(shrRun.startedAt, new Date(now.getTime() - STALE_RUN_MS))));
  const [last] = await db
    .select({ until: shrRun.until })
    .from(shrRun)
    .where(isNotNull(shrRun.until))
    .orderBy(desc(shrRun.id))
    .limit(1);
  const since = full ? null : (last?.until ?? null);
  try {
    const [row] = await db
      .insert(shrRun)
      .values({ trigger, operatorId, since, startedAt: now })
      .returning({ id: shrRun.id });
    return { id: row!.id, since };
  } catch (e) {
    if (uniqueViolation(e) === RUN_ONE_KEY) throw new BizError(ERR.SHR_SYNC_RUNNING);
    throw e;
  }
};

export interface SyncOptions {
  trigger: ShrRunTrigger;
  operatorId: number | null;
  /** Everyone, not only the changed. */
  full?: boolean;
  now?: Date;
}

/**
 * One run. Answers its result; SHR refusing or unreachable ends the run 失败 (recorded) and throws
 * SHR-50201 with the reason.
 */
export const runShrSync = async (db: Db, client: ShrClient, opts: SyncOptions): Promise<ShrRunResult> => {
  const now = opts.now ?? new Date();
  const today = formatDate(now);
  const run = await openRun(db, opts.trigger, opts.operatorId, opts.full ?? false, now);
  const counts = { fetched: 0, created: 0, updated: 0, left: 0, skipped: 0, failed: 0 };
  const unmappedOrgs = new Set<string>();
  let lastApplied: string | null = null;
  let firstFailed: string | null = null;
  const finish = async (status: ShrRunResult['status'], error: string | null) => {
    const until =
      status === 'failed'
        ? null
        : firstFailed !== null
          ? new Date(new Date(firstFailed).getTime() - 1)
          : lastApplied !== null
            ? new Date(lastApplied)
            : run.since;
    await db.transaction(async (tx) => {
      await tx
        .update(shrRun)
        .set({
          status,
          error,
          until,
          fetched: counts.fetched,
          created: counts.created,
          updated: counts.updated,
          leftCount: counts.left,
          skipped: counts.skipped,
          failed: counts.failed,
          unmappedOrgs: [...unmappedOrgs].sort(),
          finishedAt: new Date(),
        })
        .where(eq(shrRun.id, run.id));
      await recordOperation(tx, {
        userId: opts.operatorId,
        action: 'shrSync',
        target: `shr_run:${run.id}`,
        after: { trigger: opts.trigger, status, ...counts, error },
      });
    });
    return { runId: run.id, status, ...counts, error };
  };

  try {
    const maps = await loadMaps(db);
    for (let pageNo = 1; ; pageNo++) {
      const page = await client.changes(run.since?.toISOString() ?? null, pageNo, SHR_PAGE_SIZE);
      for (const p of page.list) {
        counts.fetched++;
        let outcome: Outcome;
        try {
          outcome = await db.transaction((tx) => applyPerson(tx, p, maps, opts.operatorId, today));
        } catch (e) {
          outcome = {
            action: 'failed',
            staffId: null,
            storeId: maps.orgs.get(p.orgCode)?.storeId ?? null,
            detail: failureOf(e),
          };
        }
        if (outcome.action === 'failed') {
          counts.failed++;
          firstFailed ??= p.updatedAt;
        } else lastApplied = p.updatedAt;
        if (outcome.unmappedOrg) unmappedOrgs.add(outcome.unmappedOrg);
        if (outcome.action === 'unchanged') continue;
        if (outcome.action === 'created') counts.created++;
        else if (outcome.action === 'left') counts.left++;
        else if (outcome.action === 'skipped') counts.skipped++;
        else if (outcome.action === 'updated' || outcome.action === 'linked') counts.updated++;
        await db.insert(shrChange).values({
          runId: run.id,
          personNo: p.personNo,
          name: p.name,
          action: outcome.action,
          staffId: outcome.staffId,
          storeId: outcome.storeId,
          detail: outcome.detail,
          before: outcome.before ?? null,
          after: outcome.after ?? null,
        });
      }
      if (page.list.length < SHR_PAGE_SIZE || pageNo * SHR_PAGE_SIZE >= page.total) break;
    }
  } catch (e) {
    if (!(e instanceof ShrError)) {
      await finish('failed', failureOf(e));
      throw e;
    }
    const text = shrFailureText(e);
    await finish('failed', text);
    throw new BizError(ERR.SHR_UNREACHABLE, text);
  }
  return finish(counts.failed > 0 ? 'partial' : 'succeeded', null);
};

/** /shrConfig's header. */
export const shrStatus = async (db: Db, endpoint: string, enabled: boolean): Promise<ShrStatus> => {
  const [last] = await db.select().from(shrRun).orderBy(desc(shrRun.id)).limit(1);
  const [mark] = await db
    .select({ until: shrRun.until })
    .from(shrRun)
    .where(isNotNull(shrRun.until))
    .orderBy(desc(shrRun.id))
    .limit(1);
  return {
    endpoint,
    enabled,
    watermark: mark?.until?.toISOString() ?? null,
    lastRun: last
      ? {
          runId: last.id,
          status: last.status as ShrRunResult['status'],
          trigger: last.trigger as ShrRunTrigger,
          startedAt: last.startedAt.toISOString(),
          fetched: last.fetched,
          created: last.created,
          updated: last.updated,
          left: last.leftCount,
          skipped: last.skipped,
          failed: last.failed,
          error: last.error,
        }
      : null,
    unmappedOrgs: last?.unmappedOrgs ?? [],
  };
};

/** A client of the configured SHR, or of the built-in simulator (in process when there is no listening server). */
export const shrClientOf = (db: Db, cfg: ShrConfig, simulatorBase: string | null = null): ShrClient => {
  const creds = { appId: cfg.appId, appSecret: cfg.appSecret };
  if (cfg.apiBase) return new ShrClient({ base: cfg.apiBase, ...creds });
  if (simulatorBase) return new ShrClient({ base: simulatorBase, ...creds });
  return new ShrClient({ base: SHRSIM_IN_PROCESS_BASE, ...creds, fetch: shrSimulatorFetch(db, cfg) });
};
