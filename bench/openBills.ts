/**
 * Bills accepted per second through POST /open/v1/bills on PostgreSQL (issue 14's budget: ≥ 300
 * bills/s of 3 lines with a card draw), and the p50/p99 of one bill: a server on a new demo
 * database, 100 members each given a 储值卡 topped up through the API, then signed bills —
 * a product drawn on the member's card, a retail product and a project paid in cash — from 10
 * concurrent clients for BENCH_SECONDS (default 10) after a 2-second warm-up, each client on its
 * own cards so that no two bills wait on one card; and 100 bills one at a time for one bill's
 * latency alone. `node --import tsx bench/openBills.ts` runs it on a throwaway PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { OPEN_PATHS, OPEN_PREFIX } from '@zb/contract/open/protocol';
import postgres from 'postgres';
import { signatureOf } from '../apps/server/src/modules/openApi/verify';
import { DEMO_OPEN_KEYS } from '../apps/server/src/seed/openApi';
import { startPgServer } from '../apps/server/src/testing/pgServer';
import { startServer } from '../e2e/server';

export interface OpenBillsResult {
  billsPerSecond: number;
  accepted: number;
  refused: number;
  seconds: number;
  p50: number;
  p99: number;
  singleP50: number;
  singleP99: number;
  loadAverage: number;
  /** CPU milliseconds per accepted bill under load: the server's node process, PostgreSQL's processes, the bench's clients. */
  cpuPerBill: { server: number; postgres: number; clients: number };
}

const TICK_MS = 10; // USER_HZ 100

/** utime + stime of a process, in ms (0 if it is gone). */
const cpuOf = (pid: number): number => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
};

const parentOf = (pid: number): number =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);

/** CPU ms of the postmaster's children (the backends, the WAL writer …). */
const postgresCpu = (postmaster: number): number => {
  let ms = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (parentOf(Number(d)) === postmaster) ms += cpuOf(Number(d));
    } catch {}
  }
  return ms;
};

const CLIENTS = 10;
const MEMBERS = 100;
const KEY = DEMO_OPEN_KEYS.mini;
const PATH = `${OPEN_PREFIX}${OPEN_PATHS.bills}`;

const post = async (url: string, doc: unknown) => {
  const body = JSON.stringify(doc);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(12).toString('hex');
  const started = performance.now();
  const res = await fetch(`${url}${PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-app-key': KEY.appKey,
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': signatureOf(KEY.secret, { method: 'POST', path: PATH, timestamp, nonce, body }),
    },
    body,
  });
  const json = (await res.json()) as { errcode: string; errmsg: string; data: { openedCards: string[] } | null };
  return { ...json, ms: performance.now() - started };
};

const quantile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** What a profile run adds (BENCH_PROFILE=<dir>): the server's CPU profile in dir, PostgreSQL's statements of the measured load. */
export interface OpenBillsProfile {
  /** Folder for the server's `--cpu-prof` file (the server started a second time on the seeded database, so the seed is not in it). */
  cpuProfileDir: string;
  /** pg_stat_statements is loaded (shared_preload_libraries): its statements of the measured load are printed per bill. */
  statements: boolean;
}

export const measureOpenBills = async (adminUrl: string, profile?: OpenBillsProfile): Promise<OpenBillsResult> => {
  const name = `zb_bench_bills_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const env = { DATABASE_URL: dbUrl.toString(), LOG_LEVEL: 'silent' };
  if (profile) await (await startServer(env)).stop(); // the demo seed, outside the profile
  const server = await startServer(env, profile ? ['--cpu-prof', `--cpu-prof-dir=${profile.cpuProfileDir}`] : []);
  const sql = postgres(dbUrl.toString(), { max: 1, onnotice: () => {} });
  try {
    const members = await sql<{ phone: string }[]>`
      select phone from member where status = 'normal' order by id limit ${MEMBERS}`;
    const [retail] = await sql<{ code: string; price: number }[]>`
      select code, retail_price as price from product where code = 'P002'`;
    const [served] = await sql<{ code: string; price: number }[]>`
      select code, price from project where code = 'J002'`;
    const at = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const when = `${at}T11:00:00+08:00`;
    const run = `${Date.now().toString(36)}`;
    let n = 0;
    // Each member: a 储值卡 opened and topped up through the API, enough for every draw below.
    const cards: string[] = [];
    for (let i = 0; i < members.length; i += CLIENTS) {
      await Promise.all(
        members.slice(i, i + CLIENTS).map(async (m) => {
          const opened = await post(server.url, {
            outerNo: `BENCH-${run}-${++n}`,
            storeCode: 'BJ001',
            member: m.phone,
            at: when,
            lines: [{ kind: 'cardSale', code: 'C005' }],
            payments: [{ method: 'cash', amount: 100_000 }],
          });
          if (opened.errcode !== '0') throw new Error(`开卡失败：${opened.errcode} ${opened.errmsg}`);
          const cardNo = opened.data!.openedCards[0]!;
          const topped = await post(server.url, {
            outerNo: `BENCH-${run}-${++n}`,
            storeCode: 'BJ001',
            member: m.phone,
            at: when,
            lines: [{ kind: 'topUp', cardNo, amount: 5_000_000 }],
            payments: [{ method: 'wechat', amount: 5_000_000 }],
          });
          if (topped.errcode !== '0') throw new Error(`充值失败：${topped.errcode} ${topped.errmsg}`);
          cards.push(`${m.phone}:${cardNo}`);
        }),
      );
    }
    /** A bill of 3 lines: P001 drawn on the card, a retail product and a project paid in cash. */
    const bill = (card: string) => {
      const [phone, cardNo] = card.split(':') as [string, string];
      return {
        outerNo: `BENCH-${run}-${++n}`,
        storeCode: 'BJ001',
        member: phone,
        at: when,
        lines: [
          { kind: 'product', code: 'P001', cardNo },
          { kind: 'product', code: retail!.code },
          { kind: 'project', code: served!.code },
        ],
        payments: [{ method: 'cash', amount: retail!.price + served!.price }],
      };
    };
    const seconds = Number(process.env.BENCH_SECONDS ?? 10);
    const load = async (ms: number) => {
      const latencies: number[] = [];
      let accepted = 0;
      let refused = 0;
      const end = Date.now() + ms;
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, c) => {
          const mine = cards.filter((_, i) => i % CLIENTS === c);
          for (let k = 0; Date.now() < end; k++) {
            const r = await post(server.url, bill(mine[k % mine.length]!));
            latencies.push(r.ms);
            if (r.errcode === '0') accepted++;
            else refused++;
          }
        }),
      );
      return { latencies: latencies.sort((a, b) => a - b), accepted, refused };
    };
    await load(2_000);
    if (profile?.statements) {
      await sql`create extension if not exists pg_stat_statements`;
      await sql`select pg_stat_statements_reset()`;
    }
    const [backend] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
    const postmaster = parentOf(backend!.pid);
    const serverPid = server.proc.pid!;
    const cpu0 = { server: cpuOf(serverPid), postgres: postgresCpu(postmaster), clients: process.cpuUsage() };
    const started = performance.now();
    const measured = await load(seconds * 1000);
    const elapsed = (performance.now() - started) / 1000;
    const clientsUsed = process.cpuUsage(cpu0.clients);
    const per = (ms: number) => ms / Math.max(1, measured.accepted);
    const cpuPerBill = {
      server: per(cpuOf(serverPid) - cpu0.server),
      postgres: per(postgresCpu(postmaster) - cpu0.postgres),
      clients: per((clientsUsed.user + clientsUsed.system) / 1000),
    };
    if (profile?.statements) await printStatements(sql, measured.accepted);
    const single: number[] = [];
    for (let i = 0; i < 100; i++) single.push((await post(server.url, bill(cards[i % cards.length]!))).ms);
    single.sort((a, b) => a - b);
    return {
      billsPerSecond: measured.accepted / elapsed,
      accepted: measured.accepted,
      refused: measured.refused,
      seconds: elapsed,
      p50: quantile(measured.latencies, 0.5),
      p99: quantile(measured.latencies, 0.99),
      singleP50: quantile(single, 0.5),
      singleP99: quantile(single, 0.99),
      loadAverage: loadavg()[0]!,
      cpuPerBill,
    };
  } finally {
    await sql.end({ timeout: 5 });
    await server.stop();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  }
};

/** The measured load's statements (pg_stat_statements of this database): calls and time per accepted bill. */
const printStatements = async (sql: postgres.Sql, accepted: number) => {
  const rows = await sql<{ calls: number; mean: number; total: number; query: string }[]>`
    select calls::int, mean_exec_time as mean, total_exec_time as total, query
    from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
    order by total_exec_time desc`;
  const calls = rows.reduce((n, r) => n + r.calls, 0);
  const total = rows.reduce((n, r) => n + r.total, 0);
  console.log(
    `statements per accepted bill: ${(calls / accepted).toFixed(1)}; execution ms per bill: ${(total / accepted).toFixed(2)}`,
  );
  for (const r of rows.slice(0, 40)) {
    const q = r.query.replace(/\s+/g, ' ').slice(0, 150);
    console.log(`${(r.calls / accepted).toFixed(2)}/bill  mean ${r.mean.toFixed(3)} ms  ${q}`);
  }
};

export const openBillsRow = (r: OpenBillsResult) =>
  [
    'POST /open/v1/bills on PostgreSQL 15 (3 lines, one drawn on a 储值卡; 10 clients): bills accepted per second; p50 / p99 under load; one bill alone p50 / p99',
    `${r.billsPerSecond.toFixed(0)} bills/s (${r.accepted} in ${r.seconds.toFixed(1)} s, ${r.refused} refused); ${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} ms; ${r.singleP50.toFixed(1)} / ${r.singleP99.toFixed(1)} ms (load average ${r.loadAverage.toFixed(1)}; CPU per bill: server ${r.cpuPerBill.server.toFixed(1)} ms, PostgreSQL ${r.cpuPerBill.postgres.toFixed(1)} ms, clients ${r.cpuPerBill.clients.toFixed(1)} ms)`,
    '≥ 300 bills/s',
    r.billsPerSecond >= 300,
  ] as const;

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.env.BENCH_PROFILE;
  const pg = await startPgServer(dir ? ['shared_preload_libraries=pg_stat_statements'] : []);
  try {
    const r = await measureOpenBills(pg.url, dir ? { cpuProfileDir: dir, statements: true } : undefined);
    console.log(openBillsRow(r).join(' | '));
  } finally {
    pg.stop();
  }
}
