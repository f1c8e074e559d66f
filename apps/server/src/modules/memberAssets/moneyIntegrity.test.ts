/**
 * Money integrity (issues 14 and 15's proof): random sequences of 开卡, 充值, 消费, 退款, 冲正,
 * 调整, 补卡, 注销, 闭店迁移 and 会员迁入 — with bills sent twice, two draws on one card at once that
 * together exceed it, and refusals in the middle — each written through the real API or service
 * (moneyIntegrity.ops.ts).
 * After every sequence: every card's balance, bonus and sessions are the sums of its ledger and
 * never below zero on any day; the ledger's SQL invariants (seed/memberChecks.ts) hold; and
 * /asstes, for every day the sequence wrote to and for the whole period, gives by store exactly
 * the ledger's figures, with 期初 + 开卡/充值 − 消费 − 退款 ± 调整 ± 迁移 ± 补卡 − 注销 = 期末 to the 分
 * for every store and the chain, and the chain's 期末 = Σ ledger to that day's end.
 *
 * A failure names its seed, sequence and operations: MONEY_SEED=<seed> MONEY_SEQUENCES=1 replays it.
 */
import { ASSET_FIGURES, ASSET_MOVES, MEMBER_ASSETS } from '@zb/contract/reports/memberAssets';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { invariantViolations, MEMBER_INVARIANTS } from '../../seed/memberChecks';
import { prng } from '../../seed/stores';
import { addDays, factRows, reportAll, todayBeijing } from '../../testing/reports';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { checkMemberRollups } from '../members/rollups';
import { store } from '../stores/schema';
import {
  type Goods,
  loadGoods,
  makeWorld,
  now,
  OPERATIONS,
  type Operation,
  refreshWorld,
  type World,
} from './moneyIntegrity.ops';

const SEED = Number(process.env.MONEY_SEED ?? 15_2026);
/**
 * Sequences per run: 25 on PostgreSQL (about 35 ms an operation), 10 on PGlite (about 150 ms, one
 * connection; fewer left some operation never accepted). MONEY_SEQUENCES asks for more.
 */
const SEQUENCES = Number(process.env.MONEY_SEQUENCES ?? (process.env.TEST_DB === 'postgres' ? 25 : 10));
const OPS_PER_SEQUENCE = 60;
/** The first operations write the past (dated bills only); the operations done now come after. */
const PAST = Math.floor(OPS_PER_SEQUENCE * 0.4);
/** The test's time: half a minute a sequence (about 3 s on PostgreSQL), at least 15 minutes. */
const TIMEOUT_MS = Math.max(900_000, SEQUENCES * 30_000);
/** The rollups are rebuilt and compared every this many sequences (and after the last). */
const ROLLUP_EVERY = 5;

let t: TestApp;
let admin: TestClient;
let goods: Goods;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  goods = await loadGoods(t.db);
}, 300_000);
afterAll(() => t?.close());

/** Three new open stores of BJ001's kind (region, level, type) for a sequence to sell at, draw at and close. */
const newStores = async (seq: number) => {
  const [bj] = await t.db.select().from(store).where(eq(store.code, 'BJ001'));
  const { id: _id, code: _code, name: _name, createdAt: _at, ...kind } = bj!;
  return t.db
    .insert(store)
    .values([0, 1, 2].map((k) => ({ ...kind, code: `MI${seq}S${k}`, name: `资金性质门店${seq}-${k}`, status: 'open' })))
    .returning({ id: store.id, code: store.code });
};

const rows = <T = Record<string, string | number>>(q: ReturnType<typeof sql>) => factRows<T>(t.db, q);

/** Picks an operation by weight whose generator finds an input in the world. */
const draw = async (w: World, n: number): Promise<{ op: Operation<unknown>; input: unknown }> => {
  const ops = OPERATIONS.filter((o) => o.weight > 0 && (n >= PAST || !o.now));
  const total = ops.reduce((sum, o) => sum + o.weight, 0);
  for (;;) {
    const x = w.rng.next() * total;
    let below = 0;
    const op =
      ops.find((o) => {
        below += o.weight;
        return x < below;
      }) ?? ops[0]!;
    const input = await op.input(w);
    if (input !== null) return { op, input };
  }
};

/** The figures of /asstes for [from, to] by the card's store, summed from the ledger here. */
const ledgerFigures = async (from: string, to: string) => {
  const start = `${from}T00:00:00+08:00`;
  const end = `${addDays(to, 1)}T00:00:00+08:00`;
  const column = { Amount: 'l.amount', Bonus: 'l.bonus_amount', Sessions: 'coalesce(l.sessions, 0)' } as const;
  const select = ASSET_FIGURES.flatMap(({ key }) => [
    `coalesce(sum(${column[key]}) filter (where l.at < '${start}'), 0) as "opening${key}"`,
    ...ASSET_MOVES.map(
      (m) =>
        `coalesce(sum(${m.sign} * ${column[key]}) filter (where l.at >= '${start}' and l.kind in (${m.kinds
          .map((k) => `'${k}'`)
          .join(', ')})), 0) as "${m.key}${key}"`,
    ),
    `coalesce(sum(${column[key]}), 0) as "closing${key}"`,
  ]);
  const found = await rows(
    sql.raw(`select c.store_id as "storeId", ${select.join(', ')}
      from card_ledger l join member_card c on c.id = l.member_card_id
      where l.at < '${end}' group by c.store_id`),
  );
  return new Map(found.map((r) => [Number(r.storeId), r]));
};

const MEASURES = Object.keys(MEMBER_ASSETS.measures);

/** 期初 + the movement = 期末 for 本金, 赠金 and 次数. */
const expectEquation = (r: Record<string, unknown>, what: string) => {
  for (const { key } of ASSET_FIGURES) {
    const moved = ASSET_MOVES.reduce((n, m) => n + m.sign * Number(r[`${m.key}${key}`] ?? 0), 0);
    expect(Number(r[`opening${key}`] ?? 0) + moved, `${what} 期末${key}`).toBe(Number(r[`closing${key}`] ?? 0));
  }
};

/** /asstes by store for [from, to]: every store's figures are the ledger's, the equation holds per store and chain. */
const expectAssets = async (from: string, to: string) => {
  const what = `/asstes ${from}…${to}`;
  const page = await reportAll(admin, MEMBER_ASSETS, { periodFrom: from, periodTo: to, groupBy: 'store' });
  const want = await ledgerFigures(from, to);
  const got = new Map(page.list.map((r) => [Number(r.storeId), r]));
  for (const storeId of new Set([...want.keys(), ...got.keys()])) {
    const r = got.get(storeId) ?? {};
    const f = want.get(storeId) ?? {};
    for (const m of MEASURES) expect(Number(r[m] ?? 0), `${what} 门店${storeId} ${m}`).toBe(Number(f[m] ?? 0));
    expectEquation(r, `${what} 门店${storeId}`);
  }
  const chain = page.totals!;
  expect(chain, `${what} 合计`).toBeDefined();
  expectEquation(chain, `${what} 合计`);
  for (const m of MEASURES) {
    const sum = [...want.values()].reduce((n, f) => n + Number(f[m]), 0);
    expect(Number(chain[m]), `${what} 合计 ${m}`).toBe(sum);
  }
  // The chain's 期末 is the whole ledger up to the day's end.
  const [total] = await rows(sql`select coalesce(sum(amount), 0) as a, coalesce(sum(bonus_amount), 0) as b,
    coalesce(sum(sessions), 0) as s from card_ledger where at < ${`${addDays(to, 1)}T00:00:00+08:00`}::timestamptz`);
  expect([chain.closingAmount, chain.closingBonus, chain.closingSessions].map(Number), `${what} 期末 = Σ 流水`).toEqual(
    [total!.a, total!.b, total!.s].map(Number),
  );
};

/** Every card: its figures are its ledger's sums (the SQL invariants) and none is below zero, now or on any day. */
const expectCards = async (w: World) => {
  const cards = w.cards.map((c) => c.id);
  const [sums] = await rows<{ n: number; cards: number }>(sql`select count(*)::int as n,
    (select count(*)::int from member_card c where c.id in (${sql.join(
      cards.map((id) => sql`${id}::int`),
      sql`, `,
    )}) and (c.balance < 0 or c.bonus_balance < 0 or c.sessions_left < 0)) as cards
    from (select sum(amount) over w as a, sum(bonus_amount) over w as b,
            sum(coalesce(sessions, 0)) over (partition by member_card_id, project_id order by at, id) as s
          from card_ledger where member_card_id in (${sql.join(
            cards.map((id) => sql`${id}::int`),
            sql`, `,
          )})
          window w as (partition by member_card_id order by at, id)) x
    where a < 0 or b < 0 or s < 0`);
  expect(sums, 'cards below zero (now, or at some moment of their ledger in time order)').toEqual({ n: 0, cards: 0 });
  const broken = Object.entries(await invariantViolations(t.db, MEMBER_INVARIANTS)).filter(([, n]) => n !== 0);
  expect(broken, 'ledger invariants').toEqual([]);
};

it(`keeps every card equal to its ledger and /asstes exact over ${SEQUENCES} random sequences of ${OPS_PER_SEQUENCE} operations`, {
  timeout: TIMEOUT_MS,
}, async () => {
  const started = Date.now();
  const tally = new Map<string, { accepted: number; refused: number; ms: number }>();
  for (let seq = 0; seq < SEQUENCES; seq++) {
    const seed = SEED + seq;
    const w = await makeWorld(
      {
        db: t.db,
        app: t.app,
        admin,
        goods,
        rng: prng(seed),
        seq: seed % 1000,
        bills: new Map(),
        pending: [],
        imports: [],
        days: new Set([todayBeijing()]),
        serial: 0,
        tally,
      },
      await newStores(seed % 1000),
      PAST,
    );
    const log: string[] = [];
    try {
      for (let n = 0; n < OPS_PER_SEQUENCE; n++) {
        await refreshWorld(w);
        const { op, input } = await draw(w, n);
        log.push(`${n} ${op.name} ${JSON.stringify(input, (k, v) => (k === 'file' ? '<xlsx>' : v))}`);
        const began = Date.now();
        const outcome = await op.run(w, input);
        if (op.now) now(w);
        log[log.length - 1] += ` → ${outcome}`;
        const c = tally.get(op.name) ?? { accepted: 0, refused: 0, ms: 0 };
        c[outcome]++;
        c.ms += Date.now() - began;
        tally.set(op.name, c);
      }
      await refreshWorld(w);
      const checking = Date.now();
      await expectCards(w);
      const days = [...w.days].sort();
      for (const day of days) await expectAssets(day, day);
      await expectAssets(days[0]!, todayBeijing());
      if ((seq + 1) % ROLLUP_EVERY === 0 || seq === SEQUENCES - 1) {
        const check = await checkMemberRollups(t.db);
        expect(check.ok, JSON.stringify(check).slice(0, 2000)).toBe(true);
      }
      const c = tally.get('(checks)') ?? { accepted: 0, refused: 0, ms: 0 };
      c.accepted++;
      c.ms += Date.now() - checking;
      tally.set('(checks)', c);
      if ((seq + 1) % 100 === 0)
        console.info(`money integrity: ${seq + 1} of ${SEQUENCES} sequences in ${Date.now() - started} ms`);
    } catch (e) {
      const msg = `money integrity failed: seed ${seed} (MONEY_SEED=${seed} MONEY_SEQUENCES=1 replays it), sequence ${seq}\n${log.join('\n')}`;
      console.error(msg);
      throw e;
    }
  }
  console.info(
    `money integrity: ${SEQUENCES}×${OPS_PER_SEQUENCE} operations in ${Date.now() - started} ms`,
    Object.fromEntries(tally),
  );
  // Every operation ran (a later 撤销迁入 is refused once its members were served: it may never pass),
  // and both ways where it can be refused.
  for (const op of OPERATIONS.filter((o) => o.weight > 0 && o.name !== '撤销迁入'))
    expect(tally.get(op.name)?.accepted ?? 0, `${op.name} accepted`).toBeGreaterThan(0);
  for (const name of ['消费', '退款', '调整申请', '迁入']) {
    expect(tally.get(name)?.refused ?? 0, `${name} refused`).toBeGreaterThan(0);
  }
});
