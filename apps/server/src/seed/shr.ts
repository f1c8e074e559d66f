/**
 * Demo data of /shrConfig and /shrUserLog (issue 17): three stores' SHR organisations and the
 * positions' SHR jobs mapped; SHR's people (the simulator's state) are those stores' staff, two
 * new hires, one leaver and one person of an organisation no store is mapped to. Yesterday's
 * scheduled sync ran through the same client and service as the job; one transfer SHR made since
 * waits for the next sync (立即同步 shows it).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { SHR_DEMO } from '../config';
import type { Tx } from '../db/client';
import { masterItem } from '../modules/master/schema';
import { shrJob, shrOrg } from '../modules/shr/schema';
import { runShrSync, shrClientOf } from '../modules/shr/service';
import { putSimPeople } from '../modules/shr/simulator';
import { staff } from '../modules/staff/schema';
import { store } from '../modules/stores/schema';

const SHR_STATUS = { probation: '试用', active: '在职', left: '离职' } as const;
const HOUR = 3_600_000;

export const seedShr = async (tx: Tx, now: Date): Promise<void> => {
  const stores = await tx
    .select({ id: store.id, code: store.code, name: store.name })
    .from(store)
    .where(eq(store.status, 'open'))
    .orderBy(asc(store.code))
    .limit(4);
  if (stores.length < 3) return;
  const mapped = stores.slice(0, 3);
  const orgOf = (code: string) => `ORG-${code}`;
  await tx
    .insert(shrOrg)
    .values(mapped.map((s) => ({ orgCode: orgOf(s.code), orgName: `${s.name}组织`, storeId: s.id })));
  const positions = await tx
    .select({ id: masterItem.id, code: masterItem.code, name: masterItem.name })
    .from(masterItem)
    .where(eq(masterItem.category, 'position'))
    .orderBy(asc(masterItem.sort), asc(masterItem.id));
  if (positions.length === 0) return;
  await tx
    .insert(shrJob)
    .values(positions.map((p) => ({ jobCode: `JOB-${p.code}`, jobName: p.name, positionId: p.id })));
  const jobOf = (positionId: number | null) => positions.find((p) => p.id === positionId) ?? positions[0]!;

  const people = await tx
    .select({
      id: staff.id,
      name: staff.name,
      phone: staff.phone,
      storeId: staff.storeId,
      positionId: staff.positionId,
      status: staff.status,
      entryDate: staff.entryDate,
      leaveDate: staff.leaveDate,
    })
    .from(staff)
    .where(
      and(
        inArray(
          staff.storeId,
          mapped.map((s) => s.id),
        ),
        eq(staff.areaCode, '0086'),
      ),
    )
    .orderBy(asc(staff.id));
  const storeOf = (id: number) => mapped.find((s) => s.id === id)!;
  const person = (no: number) => `P${String(100000 + no)}`;
  const asPerson = (p: (typeof people)[number], i: number) => {
    const s = storeOf(p.storeId);
    const job = jobOf(p.positionId);
    return {
      personNo: person(i + 1),
      name: p.name,
      phone: p.phone,
      orgCode: orgOf(s.code),
      orgName: `${s.name}组织`,
      jobCode: `JOB-${job.code}`,
      jobName: job.name,
      status: SHR_STATUS[p.status as keyof typeof SHR_STATUS] ?? '在职',
      entryDate: p.entryDate,
      leaveDate: p.leaveDate,
    } as const;
  };
  const existing = people.map(asPerson);
  const first = mapped[0]!;
  const care = positions[0]!;
  const hire = (no: number, name: string, phone: string, entryDate: string) =>
    ({
      personNo: person(no),
      name,
      phone,
      orgCode: orgOf(first.code),
      orgName: `${first.name}组织`,
      jobCode: `JOB-${care.code}`,
      jobName: care.name,
      status: '试用',
      entryDate,
      leaveDate: null,
    }) as const;
  const day = (offset: number) => new Date(now.getTime() + offset * 24 * HOUR).toISOString().slice(0, 10);
  const leaver = existing.find((p) => p.status === '在职');
  const changed = [
    ...existing.map((p) =>
      p === leaver ? { ...p, status: '离职' as const, leaveDate: [day(-2), p.entryDate].sort()[1]! } : p,
    ),
    hire(901, '林晓雨', '13911119001', day(-3)),
    hire(902, '高子涵', '13911119002', day(-2)),
    {
      ...hire(903, '何思远', '13911119003', day(-5)),
      orgCode: 'ORG-NEW01',
      orgName: '筹备中新店组织',
    },
  ];
  await putSimPeople(tx, changed, new Date(now.getTime() - 30 * HOUR));
  // Yesterday's scheduled sync, as the job makes it.
  await runShrSync(tx, shrClientOf(tx, SHR_DEMO), {
    trigger: 'job',
    operatorId: null,
    now: new Date(now.getTime() - 24 * HOUR),
  });
  // Since then SHR moved one person to the second store: the next sync will bring it.
  const moved = changed.find((p) => p.orgCode === orgOf(first.code) && p.status === '在职');
  const second = mapped[1]!;
  if (moved) {
    await putSimPeople(
      tx,
      [{ ...moved, orgCode: orgOf(second.code), orgName: `${second.name}组织` }],
      new Date(now.getTime() - 2 * HOUR),
    );
  }
};
