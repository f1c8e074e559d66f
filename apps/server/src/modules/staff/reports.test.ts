/**
 * /LossOfEmployees 员工流失 on the demo staff: the leavers and the headcount of each store,
 * position and month equal a count over the staff file done here (each member of staff walked
 * month by month), the rate is leavers ÷ headcount, and a regional role sees its region only.
 */
import { DOWNLOAD_API } from '@zb/contract/api/downloads';
import { ERR } from '@zb/contract/errcodes';
import { reportApi } from '@zb/contract/report/api';
import type { ReportRow } from '@zb/contract/report/define';
import { LOSS_OF_EMPLOYEES_REPORT } from '@zb/contract/reports/query';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNextExport } from '../../platform/exports/worker';
import { getBytes, readSheet } from '../../testing/exports';
import { userRoleIdOf } from '../../testing/fixtures';
import { addDays, bp, factRows, reportAll, reportCall, todayBeijing } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';

interface StaffFact {
  id: number;
  storeId: number;
  regionName: string;
  position: string | null;
  entry: string;
  leave: string | null;
  status: string;
}

let t: TestApp;
let admin: TestClient;
let staff: StaffFact[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  staff = await factRows<StaffFact>(
    t.db,
    sql`select st.id, st.store_id as "storeId", r.name as "regionName",
      (select name from master_item where id = st.position_id) as position,
      to_char(st.entry_date, 'YYYY-MM-DD') as entry, to_char(st.leave_date, 'YYYY-MM-DD') as leave, st.status
      from staff st, store s, region r where s.id = st.store_id and r.id = s.region_id`,
  );
});

afterAll(async () => {
  await t?.close();
});

/** The first days of the months that [from, to] touches. */
const monthsOf = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let m = `${from.slice(0, 7)}-01`; m <= to; ) {
    out.push(m);
    const [y, mo] = m.split('-').map(Number) as [number, number];
    m = mo === 12 ? `${y + 1}-01-01` : `${y}-${String(mo + 1).padStart(2, '0')}-01`;
  }
  return out;
};
const monthEnd = (m: string) => addDays(monthsOf(m, addDays(m, 31))[1]!, -1);

/**
 * For each group: the staff on the books in any month of [from, to] (entered by its end, not left
 * before its start) and those who left in it.
 */
const expected = (from: string, to: string, keyOf: (s: StaffFact, month: string) => string, only = staff) => {
  const groups = new Map<string, { on: Set<number>; left: Set<number> }>();
  for (const s of only) {
    const leftOn = s.status === 'left' ? s.leave : null;
    for (const m of monthsOf(from, to)) {
      const a = m < from ? from : m;
      const b = monthEnd(m) > to ? to : monthEnd(m);
      if (s.entry > b || (leftOn !== null && leftOn < a)) continue;
      const g = groups.get(keyOf(s, m)) ?? { on: new Set(), left: new Set() };
      g.on.add(s.id);
      if (leftOn !== null && leftOn >= a && leftOn <= b) g.left.add(s.id);
      groups.set(keyOf(s, m), g);
    }
  }
  return new Map(
    [...groups].map(([k, g]) => [k, { headcount: g.on.size, left: g.left.size, rate: bp(g.left.size, g.on.size) }]),
  );
};

const rowsBy = (rows: readonly ReportRow[], key: (r: ReportRow) => string) =>
  new Map(rows.map((r) => [key(r), { headcount: r.headcount, left: r.left, rate: r.rate }]));

describe('/LossOfEmployees 员工流失', () => {
  it('the demo staff have leavers, each with a leave date on or after the entry date', () => {
    const leavers = staff.filter((s) => s.status === 'left');
    expect(leavers.length).toBeGreaterThan(5);
    for (const s of leavers) expect(s.leave! >= s.entry).toBe(true);
    expect(staff.filter((s) => s.status !== 'left' && s.leave)).toHaveLength(0);
  });

  it('counts leavers and headcount by store over two years, with the rate and the totals', async () => {
    const to = todayBeijing();
    const from = addDays(to, -700);
    const want = expected(from, to, (s) => String(s.storeId));
    const r = await reportAll(admin, LOSS_OF_EMPLOYEES_REPORT, { periodFrom: from, periodTo: to });
    expect(rowsBy(r.list, (x) => String(x.storeId))).toEqual(want);
    const all = expected(from, to, () => 'all').get('all')!;
    expect(all.left).toBeGreaterThan(0);
    expect(r.totals).toEqual(all);
  });

  it('counts by month (each month’s own headcount) and by position', async () => {
    const to = todayBeijing();
    const from = addDays(to, -400);
    const months = await reportAll(admin, LOSS_OF_EMPLOYEES_REPORT, {
      periodFrom: from,
      periodTo: to,
      groupBy: 'month',
    });
    expect(rowsBy(months.list, (x) => String(x.month))).toEqual(expected(from, to, (_s, m) => m));
    const positions = await reportAll(admin, LOSS_OF_EMPLOYEES_REPORT, {
      periodFrom: from,
      periodTo: to,
      groupBy: 'position',
    });
    expect(rowsBy(positions.list, (x) => String(x.positionName))).toEqual(
      expected(from, to, (s) => s.position ?? '未设岗位'),
    );
    const detail = await reportAll(admin, LOSS_OF_EMPLOYEES_REPORT, {
      periodFrom: from,
      periodTo: to,
      groupBy: 'storePositionMonth',
    });
    expect(rowsBy(detail.list, (x) => `${x.storeId}|${x.positionName}|${x.month}`)).toEqual(
      expected(from, to, (s, m) => `${s.storeId}|${s.position ?? '未设岗位'}|${m}`),
    );
  });

  it('shows a regional role only its region’s stores', async () => {
    const zhangmin = await t.signIn(
      '13800000001',
      'hq123456',
      await userRoleIdOf(t.db, '13800000001', 'REGION_SUPERVISOR'),
    );
    const to = todayBeijing();
    const from = addDays(to, -700);
    const mine = staff.filter((s) => s.regionName === '华南大区');
    expect(mine.length).toBeGreaterThan(0);
    const r = await reportAll(zhangmin, LOSS_OF_EMPLOYEES_REPORT, { periodFrom: from, periodTo: to });
    expect(rowsBy(r.list, (x) => String(x.storeId))).toEqual(expected(from, to, (s) => String(s.storeId), mine));
  });

  it('exports what the page shows to the download centre, with the 合计 row', async () => {
    const to = todayBeijing();
    const from = addDays(to, -700);
    const query = { periodFrom: from, periodTo: to, groupBy: 'position' };
    const shown = await reportAll(admin, LOSS_OF_EMPLOYEES_REPORT, query);
    const queued = await admin.call(reportApi(LOSS_OF_EMPLOYEES_REPORT).export!, { query });
    expect(queued.body.errcode, queued.body.errmsg).toBe(ERR.OK);
    const { jobId } = queued.body.data;
    expect(await runNextExport(t.db, 'test-worker')).toBe(jobId);
    const file = await getBytes(t.app, admin, DOWNLOAD_API.file.path, { id: jobId });
    const sheet = await readSheet(file.bytes as Buffer);
    expect(sheet[0]).toEqual(['岗位', '在册人数', '离职人数', '流失率']);
    expect(sheet.slice(1, -1).map((r) => [r[0], r[1], r[2]])).toEqual(
      shown.list.map((r) => [r.positionName, r.headcount, r.left]),
    );
    expect(sheet.at(-1)?.slice(0, 3)).toEqual(['合计', shown.totals?.headcount, shown.totals?.left]);
  });

  it('needs the period', async () => {
    expect((await reportCall(admin, LOSS_OF_EMPLOYEES_REPORT)).body.errcode).toBe(ERR.PARAM_INVALID);
  });
});
