/**
 * The data generator (npm run seed): a blank database gets the scale's world; the same seed gives
 * the same rows and another seed other rows; a database with data is refused unless reset; bulk
 * members (the large scale's) come with their rollups and their bills' payments and shares.
 */
import { asc, count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { hierContent } from '../modules/hierarchy/schema';
import { checkMemberRollups } from '../modules/members/rollups';
import { staff } from '../modules/staff/schema';
import { store } from '../modules/stores/schema';
import { openBlankTestDb } from '../testing/testApp';
import { billInvariantViolations } from './billChecks';
import { DatabaseNotEmpty, generate, rowsOf } from './generate';

const SEED = 7;
let h: DbHandle;

/** What a person would compare: each store's file and each staff member, without timestamps. */
const world = async () => ({
  stores: await h.db
    .select({ code: store.code, name: store.name, region: store.regionId, address: store.address, phone: store.phone })
    .from(store)
    .orderBy(asc(store.id)),
  staff: await h.db
    .select({ store: staff.storeId, name: staff.name, phone: staff.phone, level: staff.levelId, status: staff.status })
    .from(staff)
    .orderBy(asc(staff.id)),
});

/**
 * On PostgreSQL only: the generator's SQL is the same on both, each demo world costs half a
 * minute of `npm test`, and the api-pglite project's global set-up builds a PGlite demo world on
 * every run (a generator that fails there fails that whole project).
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('generate', () => {
  let first: Awaited<ReturnType<typeof world>>;

  beforeAll(async () => {
    h = await openBlankTestDb();
  });

  afterAll(() => h?.close());

  it('builds the demo world on a blank database and reports what it made', async () => {
    const report = await generate(h, { scale: 'demo', seed: SEED, reset: false });
    expect(report.rows.region).toBe(5);
    expect(report.rows.store).toBe(62);
    expect(report.rows.staff).toBeGreaterThan(150);
    expect(report.rows.product).toBe(30);
    // What it reports is what the table holds: the demo's 300 members, those its 会员迁入 files
    // brought (seed/memberImport.ts) and the few other seeds add (a risk demo member, …).
    const [members] = rowsOf<{ all: number; imported: number }>(
      await h.db.execute(sql`select (select count(*)::int from member) as all,
        (select count(distinct member_id)::int from member_import_row where member_created and outcome = 'created') as imported`),
    );
    expect(members!.imported).toBeGreaterThan(0);
    expect(report.rows.member).toBe(members!.all);
    expect(report.rows.member).toBeGreaterThanOrEqual(300 + members!.imported);
    expect(report.rows.card_ledger).toBeGreaterThan(report.rows.member_card!);
    expect(report.rows.marketing_real_card).toBeGreaterThan(0);
    expect(report.databaseBytes).toBeGreaterThan(1_000_000);
    // Every store has its place in the hierarchy's 门店 box.
    const [placed] = await h.db.select({ n: count() }).from(hierContent);
    expect(placed!.n).toBe(1 + 5 + 62);
    first = await world();
    // A whole demo world, its last three months of bills sent one by one through the bill service.
  }, 120_000);

  it('refuses a database that holds data', async () => {
    await expect(generate(h, { scale: 'demo', seed: SEED, reset: false })).rejects.toBeInstanceOf(DatabaseNotEmpty);
  });

  it('starts over with reset: the same seed gives the same rows, another seed other rows', async () => {
    // The world compared (stores and staff) comes before the history, so these two leave it out:
    // each whole demo history is half a minute of npm test.
    const again = await generate(h, { scale: 'demo', seed: SEED, reset: true, history: false });
    expect(again.rows.member_consume).toBe(0);
    expect(await world()).toEqual(first);
    // With a few bulk members too (the large scale's path): loaded, and the rollups rebuilt over them.
    const report = await generate(h, { scale: 'demo', seed: SEED + 1, reset: true, members: 400, history: false });
    expect(report.rows.member).toBe(400);
    expect(report.rows.member_flow_day).toBeGreaterThan(0);
    expect((await checkMemberRollups(h)).ok).toBe(true);
    // …and their bills' payments and shares, by the bill service's rules (seed/billFacts.ts).
    expect(report.rows.bill_payment).toBeGreaterThan(report.rows.member_consume! / 2);
    expect(report.rows.bill_share).toBeGreaterThan(report.rows.member_consume! / 2);
    const broken = await billInvariantViolations(h.db);
    expect(broken).toEqual(Object.fromEntries(Object.keys(broken).map((k) => [k, 0])));
    const other = await world();
    expect(other.stores.slice(0, 12).map((s) => s.code)).toEqual(first.stores.slice(0, 12).map((s) => s.code));
    expect(other.stores.slice(12)).not.toEqual(first.stores.slice(12));
  }, 120_000);
});
