/**
 * `npm run rollups -- --rebuild | --check`: recomputes the member rollups from the card ledger and the bills
 * (--rebuild), or recomputes them aside and compares with the kept ones (--check; exit code 1
 * when they differ). Works on the configured database: DATABASE_URL, else PGlite under DATA_DIR.
 */
import { loadConfig } from '../../config';
import { openDb } from '../../db/client';
import { checkMemberRollups, rebuildMemberRollups } from './rollups';

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
    console.log(`  member_flow_day       ${n.memberFlowDay.toLocaleString('en')}`);
    console.log(`  member_flow_month     ${n.memberFlowMonth.toLocaleString('en')}`);
    console.log(`  member_balance_month  ${n.memberBalanceMonth.toLocaleString('en')}（月结至 ${n.through}）`);
    for (const [table, rows] of Object.entries(n.bills))
      console.log(`  ${table.padEnd(21)} ${rows.toLocaleString('en')}`);
    console.log(`完成：${seconds()} 秒`);
  } else {
    console.log(`核对会员汇总表：${where}…`);
    const r = await checkMemberRollups(handle);
    for (const t of r.tables) {
      console.log(`  ${t.table.padEnd(21)} 仅汇总表有 ${t.keptOnly} 行，仅重算有 ${t.rebuiltOnly} 行`);
    }
    console.log(r.ok ? `一致（${seconds()} 秒）` : `不一致：请运行 npm run rollups -- --rebuild（${seconds()} 秒）`);
    if (!r.ok) process.exitCode = 1;
  }
} finally {
  await handle.close();
}
