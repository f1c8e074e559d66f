/**
 * `npm run rollups -- --rebuild | --check`: recomputes the member rollups from the card ledger
 * and the bills, the bill rollups from the bills (modules/bills/rollups.ts) and the stock rollups
 * from store stock (--rebuild), or recomputes them aside and compares with the kept ones (--check;
 * exit code 1 when they differ). Works on the configured database: DATABASE_URL, else PGlite
 * under DATA_DIR. (Here, above the modules: it calls the members', the bills' and the stock's.)
 */
import { loadConfig } from './config';
import { openDb } from './db/client';
import { checkBillRollups, rebuildBillRollups } from './modules/bills/rollups';
import { checkMemberRollups, rebuildMemberRollups } from './modules/members/rollups';
import { checkStockRollups, rebuildStockRollups } from './modules/stock/rollups';

const USAGE = '用法：npm run rollups -- --rebuild | --check';
const mode = process.argv.slice(2).find((a) => a === '--rebuild' || a === '--check');
if (!mode || process.argv.length !== 3) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const handle = await openDb(config);
const where = handle.driver === 'postgres' ? 'PostgreSQL（DATABASE_URL）' : `PGlite（${config.dataDir}）`;
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
try {
  await handle.migrate();
  if (mode === '--rebuild') {
    console.log(`重算会员汇总表：${where}…`);
    const n = await rebuildMemberRollups(handle);
    for (const [table, rows] of Object.entries({ ...n.tables, ...n.bills, ...n.members, ...n.staff }))
      console.log(`  ${table.padEnd(27)} ${rows.toLocaleString('en')}`);
    console.log(`  月结至 ${n.through}`);
    console.log(`重算收银单汇总表…`);
    for (const [table, rows] of Object.entries(await rebuildBillRollups(handle)))
      console.log(`  ${table.padEnd(27)} ${rows.toLocaleString('en')}`);
    console.log(`重算库存汇总表…`);
    const s = await rebuildStockRollups(handle);
    console.log(`  stock_store_type            ${s.stockStoreType.toLocaleString('en')}`);
    console.log(`  stock_product_total         ${s.stockProductTotal.toLocaleString('en')}`);
    console.log(`完成：${seconds()} 秒`);
  } else {
    console.log(`核对会员、收银单和库存汇总表：${where}…`);
    const r = await checkMemberRollups(handle);
    const b = await checkBillRollups(handle);
    const s = await checkStockRollups(handle);
    for (const t of [...r.tables, ...b.tables, ...s.tables]) {
      console.log(`  ${t.table.padEnd(27)} 仅汇总表有 ${t.keptOnly} 行，仅重算有 ${t.rebuiltOnly} 行`);
    }
    const ok = r.ok && b.ok && s.ok;
    console.log(ok ? `一致（${seconds()} 秒）` : `不一致：请运行 npm run rollups -- --rebuild（${seconds()} 秒）`);
    if (!ok) process.exitCode = 1;
  }
} finally {
  await handle.close();
}
