/**
 * `npm run seed -- --scale demo|large [--seed N] [--until YYYY-MM-DD] [--reset]`: fills the
 * configured database (DATABASE_URL, else PGlite under DATA_DIR) with the data of a scale
 * (seed/scale.ts). The same seed and last day (--until, default yesterday) give the same data.
 * large is meant for PostgreSQL: its history goes in with COPY. `--members N` (not in the usage)
 * loads N members with their card history instead of the scale's number: a smaller large world
 * while developing, or some on top of the demo world. `--only bill-facts` runs one step alone on
 * the world the database already holds: the bills' payments, shares and kinds (seed/billFacts.ts)
 * for every bill that has none; `--only bill-checks` counts what breaks the bill rules
 * (seed/billChecks.ts) and exits 1 when any count is not zero.
 */
import { loadConfig } from '../config';
import { openDb } from '../db/client';
import { BILL_INVARIANTS, generatedBillInvariants } from './billChecks';
import { fillBillFacts } from './billFacts';
import { DatabaseNotEmpty, generate } from './generate';
import { invariantViolations } from './memberChecks';
import { DEFAULT_SEED, isScaleName, SCALE_NAMES, type ScaleName } from './scale';

/** The steps `--only` runs alone on a world that already has their facts. */
const ONLY_STEPS = ['bill-facts', 'bill-checks'] as const;
type OnlyStep = (typeof ONLY_STEPS)[number];

const USAGE = `用法：npm run seed -- --scale ${SCALE_NAMES.join('|')} [--seed 整数] [--until YYYY-MM-DD] [--reset] [--only ${ONLY_STEPS.join('|')}]`;

const fail = (message: string): never => {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
};

const parseArgs = (argv: readonly string[]) => {
  let scale: ScaleName = 'demo';
  let seed = DEFAULT_SEED;
  let reset = false;
  let now: Date | undefined;
  let members: number | undefined;
  let only: OnlyStep | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--reset') reset = true;
    else if (arg === '--scale') {
      const value = argv[++i] ?? '';
      if (!isScaleName(value)) fail(`未知的规模「${value}」`);
      scale = value as ScaleName;
    } else if (arg === '--seed') {
      const value = Number(argv[++i]);
      if (!Number.isSafeInteger(value) || value < 0) fail('--seed 须为非负整数');
      seed = value;
    } else if (arg === '--until') {
      // The history's last day (Beijing); it ends the day before `now`.
      const value = argv[++i] ?? '';
      const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00+08:00`) : Number.NaN;
      if (Number.isNaN(day)) fail('--until 须为日期，例如 2026-10-31');
      now = new Date(day + 86_400_000);
    } else if (arg === '--members') {
      // Not in the usage: a smaller member history while developing (0: none).
      const value = Number(argv[++i]);
      if (!Number.isSafeInteger(value) || value < 0) fail('--members 须为非负整数');
      members = value;
    } else if (arg === '--only') {
      const value = argv[++i] ?? '';
      if (!(ONLY_STEPS as readonly string[]).includes(value)) fail(`未知的步骤「${value}」`);
      only = value as OnlyStep;
    } else fail(`未知的参数「${arg}」`);
  }
  return { scale, seed, reset, now, members, only };
};

const opts = parseArgs(process.argv.slice(2));
const config = loadConfig();
const handle = await openDb(config);
const where = handle.driver === 'postgres' ? 'PostgreSQL（DATABASE_URL）' : `PGlite（${config.dataDir}）`;
const onlyBillFacts = async () => {
  console.log(`为 ${where} 已有的收银单补上支付、员工分成和单据类型…`);
  const r = await fillBillFacts(handle, { log: (line) => console.log(line) });
  console.log(
    `完成：支付 ${r.payments.toLocaleString('en')} 笔（签单 ${r.signBills.toLocaleString('en')}），员工分成 ${r.shares.toLocaleString('en')} 条，改类型 ${r.kinds.toLocaleString('en')} 单，关单 ${r.closed.toLocaleString('en')} 单；写入 ${r.fillSeconds.toFixed(1)} 秒，重建索引和外键 ${r.indexSeconds.toFixed(1)} 秒`,
  );
  // The tables' triggers were off for the load (seed/memberHistory.ts deferrable), and the staff
  // rollups take their deltas from the bill service: the rollups fed by bills are behind now.
  console.log('收银单与员工业绩汇总表未随本步骤更新：请接着运行 npm run rollups -- --rebuild');
};

/** Each bill rule with the rows that break it and the seconds it took to count them. */
const onlyBillChecks = async () => {
  console.log(`检查 ${where} 的收银单规则（seed/billChecks.ts）…`);
  for (const [name, query] of Object.entries({ ...BILL_INVARIANTS, ...generatedBillInvariants() })) {
    const t = performance.now();
    const n = (await invariantViolations(handle.db, { [name]: query }))[name]!;
    if (n !== 0) process.exitCode = 1;
    console.log(`  ${String(n).padStart(8)}  ${((performance.now() - t) / 1000).toFixed(1).padStart(7)} 秒  ${name}`);
  }
};

if (opts.only) {
  try {
    await (opts.only === 'bill-facts' ? onlyBillFacts() : onlyBillChecks());
  } finally {
    await handle.close();
  }
  process.exit(process.exitCode ?? 0);
}
console.log(`生成 ${opts.scale} 规模数据（seed ${opts.seed}）到 ${where}…`);
try {
  const report = await generate(handle, { ...opts, log: (line) => console.log(line) });
  for (const [table, n] of Object.entries(report.rows)) console.log(`  ${table.padEnd(22)} ${n.toLocaleString('en')}`);
  console.log(`完成：${report.seconds.toFixed(1)} 秒，数据库 ${(report.databaseBytes / 1024 / 1024).toFixed(0)} MB`);
} catch (err) {
  if (err instanceof DatabaseNotEmpty) {
    console.error(err.message);
    process.exitCode = 1;
  } else throw err;
} finally {
  await handle.close();
}
