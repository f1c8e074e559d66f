/**
 * SHR staff synchronisation, through the real client over HTTP against this server's simulator:
 * the demo's scheduled run linked, created, marked left and skipped as SHR said; 立即同步 brings
 * what SHR changed since, once; a person that cannot be applied fails alone and is asked again;
 * SHR refusing or unreachable ends the run 失败 and changes no staff; one run at a time; the job
 * obeys its switch; the mappings are checked and scoped.
 */

import { CONFIG_API, SHR_SETTINGS_API } from '@zb/contract/api/configUtils';
import { SHR_API } from '@zb/contract/entities/shr';
import { ERR } from '@zb/contract/errcodes';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHR_DEMO } from '../../config';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { JOBS } from '../schedule/jobs';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';
import { fieldErrors, okData, refused, signInRegion } from '../storesMore/testHelpers';
import type { ShrPerson } from './client';
import { shrChange, shrOrg, shrRun, shrStaffLink, shrsimPerson } from './schema';
import { putSimPeople } from './simulator';

let t: TestApp;
let admin: TestClient;
let li: TestClient;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.signIn('admin', 'admin123');
  li = await signInRegion(t);
}, 180_000);
afterAll(() => t.close());

const staffHash = async () => {
  const [row] = rowsOf<{ h: string }>(
    await t.db.execute(sql`select md5(coalesce(string_agg(s::text, '|' order by s.id), '')) as h from staff s`),
  );
  return row!.h;
};

const simPerson = async (personNo: string) => {
  const [p] = await t.db.select().from(shrsimPerson).where(eq(shrsimPerson.personNo, personNo));
  const { updatedAt: _u, ...rest } = p!;
  return { ...rest, status: rest.status as ShrPerson['status'] };
};

const staffOfPerson = async (personNo: string) => {
  const [row] = await t.db
    .select({
      id: staff.id,
      storeId: staff.storeId,
      status: staff.status,
      leaveDate: staff.leaveDate,
      name: staff.name,
    })
    .from(shrStaffLink)
    .innerJoin(staff, eq(staff.id, shrStaffLink.staffId))
    .where(eq(shrStaffLink.personNo, personNo));
  return row;
};

describe('the demo', () => {
  it("ran yesterday's sync as the job does: linked by phone, created, marked left, skipped the unmapped organisation", async () => {
    const [run] = await t.db.select().from(shrRun).orderBy(asc(shrRun.id)).limit(1);
    expect(run).toMatchObject({ trigger: 'job', status: 'succeeded', created: 2, leftCount: 1, skipped: 1, failed: 0 });
    expect(run!.unmappedOrgs).toEqual(['ORG-NEW01']);
    const changes = await t.db.select().from(shrChange).where(eq(shrChange.runId, run!.id));
    expect(
      changes
        .filter((c) => c.action === 'created')
        .map((c) => c.name)
        .sort(),
    ).toEqual(['林晓雨', '高子涵'].sort());
    expect(changes.find((c) => c.action === 'skipped')!.detail).toMatch(/ORG-NEW01.*未对应门店/);
    // Every person of a mapped organisation is now linked to a staff member of that organisation's store.
    // SHR's people as that run saw them (one was moved since: the next test syncs it).
    const people = await t.db.select().from(shrsimPerson).where(lte(shrsimPerson.updatedAt, run!.until!));
    const orgs = await t.db.select().from(shrOrg);
    for (const p of people.filter((x) => x.orgCode !== 'ORG-NEW01')) {
      const s = await staffOfPerson(p.personNo);
      expect(s, p.personNo).toBeDefined();
      expect(s!.storeId).toBe(orgs.find((o) => o.orgCode === p.orgCode)!.storeId);
      expect(s!.status).toBe({ 试用: 'probation', 在职: 'active', 离职: 'left' }[p.status]);
    }
    const left = changes.find((c) => c.action === 'left')!;
    const leftStaff = await t.db.select().from(staff).where(eq(staff.id, left.staffId!));
    expect(leftStaff[0]).toMatchObject({ status: 'left' });
    expect(leftStaff[0]!.leaveDate).not.toBeNull();
  });
});

describe('立即同步', () => {
  it('brings the transfer SHR made since, over HTTP, once; a second sync changes nothing', async () => {
    const [mark] = await t.db.select({ until: shrRun.until }).from(shrRun).orderBy(desc(shrRun.id)).limit(1);
    const [moved] = await t.db.select().from(shrsimPerson).where(gt(shrsimPerson.updatedAt, mark!.until!));
    const movedNo = moved!.personNo;
    const [org] = await t.db.select().from(shrOrg).where(eq(shrOrg.orgCode, moved!.orgCode));

    const r = okData(await admin.call(SHR_API.sync, { body: {} }));
    expect(r).toMatchObject({ status: 'succeeded', fetched: 1, updated: 1, created: 0, failed: 0 });
    expect((await staffOfPerson(movedNo))!.storeId).toBe(org!.storeId);
    const [change] = await t.db.select().from(shrChange).where(eq(shrChange.runId, r.runId));
    expect(change).toMatchObject({ action: 'updated', personNo: movedNo });
    expect(change!.detail).toMatch(/^门店：.+ → .+/);

    const before = await staffHash();
    const again = okData(await admin.call(SHR_API.sync, { body: {} }));
    expect(again).toMatchObject({ status: 'succeeded', fetched: 0 });
    expect(await staffHash()).toBe(before);
    // 全量: everyone again, nothing differs, only the unmapped person is logged (skipped).
    const full = okData(await admin.call(SHR_API.sync, { body: { full: true } }));
    expect(full.fetched).toBe((await t.db.select().from(shrsimPerson)).length);
    expect(full).toMatchObject({ created: 0, updated: 0, left: 0, skipped: 1, failed: 0 });
    expect(await staffHash()).toBe(before);

    const status = okData(await admin.call(SHR_API.status));
    expect(status.lastRun).toMatchObject({ runId: full.runId, trigger: 'manual', status: 'succeeded' });
    expect(status.unmappedOrgs).toEqual(['ORG-NEW01']);
    const runs = okData(await admin.call(SHR_API.run.list, { query: { pageSize: 10 } }));
    expect(runs.list[0]).toMatchObject({ id: full.runId, operatorName: expect.any(String) });
  });

  it('fails a person alone and asks again next time; the watermark holds', async () => {
    const taken = await simPerson('P100901'); // 林晓雨, created by the demo's run
    const [firstStore] = await t.db.select().from(shrOrg).orderBy(asc(shrOrg.orgCode)).limit(1);
    const at = new Date();
    await putSimPeople(
      t.db,
      [
        { ...taken, personNo: 'P100950', name: '重号员工', status: '在职' },
        {
          ...taken,
          personNo: 'P100951',
          name: '正常新人',
          phone: '13911119051',
          orgCode: firstStore!.orgCode,
          status: '在职',
        },
      ],
      at,
    );
    const r = okData(await admin.call(SHR_API.sync, { body: {} }));
    expect(r).toMatchObject({ status: 'partial', fetched: 2, created: 1, failed: 1 });
    const [failed] = await t.db
      .select()
      .from(shrChange)
      .where(and(eq(shrChange.runId, r.runId), eq(shrChange.action, 'failed')));
    expect(failed).toMatchObject({ personNo: 'P100950' });
    expect(failed!.detail).toMatch(/已关联 SHR 人员 P100901/);
    expect(await staffOfPerson('P100951')).toMatchObject({ name: '正常新人', status: 'active' });

    // Asked again: the failed person and the one after it (no change for it); fixed in SHR, created.
    const retry = okData(await admin.call(SHR_API.sync, { body: {} }));
    expect(retry).toMatchObject({ fetched: 2, failed: 1, created: 0 });
    await putSimPeople(t.db, [
      { ...taken, personNo: 'P100950', name: '重号员工', phone: '13911119050', status: '在职' },
    ]);
    const fixed = okData(await admin.call(SHR_API.sync, { body: {} }));
    expect(fixed).toMatchObject({ status: 'succeeded', created: 1, failed: 0 });
    expect(await staffOfPerson('P100950')).toMatchObject({ name: '重号员工' });
  });

  it('one run at a time; a run left 同步中 by a crash is closed by the next', async () => {
    const [running] = await t.db
      .insert(shrRun)
      .values({ trigger: 'manual', status: 'running' })
      .returning({ id: shrRun.id });
    refused(await admin.call(SHR_API.sync, { body: {} }), ERR.SHR_SYNC_RUNNING, /正在从 SHR 同步/);
    await t.db
      .update(shrRun)
      .set({ startedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(shrRun.id, running!.id));
    okData(await admin.call(SHR_API.sync, { body: {} }));
    const [closed] = await t.db.select().from(shrRun).where(eq(shrRun.id, running!.id));
    expect(closed).toMatchObject({ status: 'failed', error: expect.stringMatching(/中断/) });
  });

  it('SHR unreachable or refusing: the run ends 失败 with the reason, no staff changes, the watermark stays', async () => {
    await putSimPeople(t.db, [{ ...(await simPerson('P100951')), name: '改名未同步' }]);
    const before = await staffHash();
    const [mark] = await t.db
      .select({ until: shrRun.until })
      .from(shrRun)
      .where(sql`until is not null`)
      .orderBy(desc(shrRun.id))
      .limit(1);
    for (const shr of [
      { ...SHR_DEMO, apiBase: 'http://127.0.0.1:9/shrsim' },
      { ...SHR_DEMO, apiBase: `${origin}/shrsim`, appSecret: 'wrong' },
    ]) {
      const other = await createTestApp({ handle: t.handle, config: { shr } });
      try {
        const c = await other.signIn('admin', 'admin123');
        const res = await c.call(SHR_API.sync, { body: {} });
        refused(res, ERR.SHR_UNREACHABLE, shr.appSecret === 'wrong' ? /403/ : /无法连接 SHR/);
      } finally {
        await other.close();
      }
      const [last] = await t.db.select().from(shrRun).orderBy(desc(shrRun.id)).limit(1);
      expect(last).toMatchObject({ status: 'failed', until: null });
      expect(await staffHash()).toBe(before);
    }
    const [still] = await t.db
      .select({ until: shrRun.until })
      .from(shrRun)
      .where(sql`until is not null`)
      .orderBy(desc(shrRun.id))
      .limit(1);
    expect(still!.until).toEqual(mark!.until);
    // The next good run brings the change.
    okData(await admin.call(SHR_API.sync, { body: {} }));
    expect((await staffOfPerson('P100951'))!.name).toBe('改名未同步');
  });
});

describe('the scheduled job', () => {
  const job = JOBS.find((j) => j.name === 'shrSync')!;
  const ctx = () => ({ db: t.db, log: { info() {}, warn() {}, error() {} }, now: new Date() });

  it('does nothing while 定时同步 is off, and syncs when it is on', async () => {
    const setting = await admin.call(SHR_SETTINGS_API.update, { body: { key: 'shrSyncEnabled', value: 0 } });
    okData(setting);
    const runs = (await t.db.select().from(shrRun)).length;
    expect(await job.run(ctx())).toMatch(/已关闭/);
    expect((await t.db.select().from(shrRun)).length).toBe(runs);
    okData(await admin.call(SHR_SETTINGS_API.update, { body: { key: 'shrSyncEnabled', value: 1 } }));
    expect(await job.run(ctx())).toMatch(/^(获取 \d+ 人|SHR 没有新的人员变动)/);
    const [last] = await t.db.select().from(shrRun).orderBy(desc(shrRun.id)).limit(1);
    expect(last).toMatchObject({ trigger: 'job', operatorId: null });
    // The setting lives on /shrConfig, not on /configUtils.
    const general = okData(await admin.call(CONFIG_API.list));
    expect(general.some((s) => s.key === 'shrSyncEnabled')).toBe(false);
  });
});

describe('the mappings and who may', () => {
  it('checks an organisation mapping and keeps it within data scope', async () => {
    const [outside] = await t.db
      .select({ id: store.id })
      .from(store)
      .where(
        sql`${store.regionId} not in (select region_id from store s join region r on r.id = s.region_id where r.name = '华东大区')`,
      )
      .limit(1);
    expect(
      fieldErrors(await admin.call(SHR_API.org.create!, { body: { orgCode: '坏 编码', storeId: outside!.id } })),
    ).toHaveProperty('orgCode');
    const made = okData(
      await admin.call(SHR_API.org.create!, { body: { orgCode: 'ORG-NEW01', orgName: '新店', storeId: outside!.id } }),
    );
    expect(made.id).toBeGreaterThan(0);
    refused(
      await admin.call(SHR_API.org.create!, { body: { orgCode: 'ORG-NEW01', storeId: outside!.id } }),
      ERR.RECORD_DUPLICATE,
    );
    // 李强 (华东大区) has no /shrConfig in the demo: refused.
    refused(await li.call(SHR_API.sync, { body: {} }), ERR.FORBIDDEN);
    refused(await li.call(SHR_API.org.list, { query: {} }), ERR.FORBIDDEN);
    // Once mapped, the next 全量 sync creates the skipped person.
    const r = okData(await admin.call(SHR_API.sync, { body: { full: true } }));
    expect(r.skipped).toBe(0);
    expect((await staffOfPerson('P100903'))!.storeId).toBe(outside!.id);
  });
});
