/**
 * The signed-in list overhead on a large world already made (`npm run seed -- --scale large` on
 * PostgreSQL), in turns, for the server files of one or more checkouts started one after another
 * on the same database: `node --import tsx bench/listOverhead.ts <DATABASE_URL> <turns> <root>…`.
 * The checkouts' servers run side by side and are called in rounds (one call to each, then the
 * statements replayed once), one call at a time: per turn, the floor (an unrouted call) of each,
 * and each list of the scale bench as the administrator — each server's p50 over the p50 of its
 * statements replayed prepared (scaleBench's method), 200 rounds after 20 warm-up ones.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { resourceApi } from '@zb/contract/resource/api';
import { listQuery } from '@zb/contract/resource/schemas';
import postgres from 'postgres';
import { openPostgres, PG_CONNECTION } from '../apps/server/src/db/client';
import type { Values } from '../apps/server/src/platform/resource/binding';
import { registeredBindings } from '../apps/server/src/platform/resource/register';
import { HQ_SCOPE } from '../apps/server/src/platform/scope';
import { keptAliveGet, LISTS, registerBindings, statementsOf } from './scaleBench';
import { signIn } from './session';

const [url, turnsArg, ...roots] = process.argv.slice(2);
if (!url || !turnsArg || roots.length === 0) {
  console.error('用法：node --import tsx bench/listOverhead.ts <DATABASE_URL> <轮数> <代码目录>…');
  process.exit(2);
}

/** The server of a checkout (its apps/server/src/main.ts) on the database, on a free port. */
const start = async (root: string) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'zb-list-overhead-'));
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(resolve(root), 'apps/server'),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      LOG_LEVEL: 'silent',
      SCHEDULE_TICK_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const base = await new Promise<string>((res, rej) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = output.match(/总部后台已启动：(http:\/\/[\d.:]+)/);
      if (m?.[1]) res(m[1]);
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.once('exit', (code) => rej(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    base,
    stop: () =>
      new Promise<void>((res) => {
        proc.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          res();
        });
        proc.kill('SIGTERM');
      }),
  };
};

// The statements each list runs, captured once from this checkout's engine (the same SQL in each).
const handle = await openPostgres(url, 2);
await registerBindings(handle.db);
const client = postgres(url, { max: 2, onnotice: () => {}, connection: PG_CONNECTION });
const lists = await Promise.all(
  LISTS.map(async (l) => {
    const binding = registeredBindings().find((b) => b.decl === l.decl)!;
    const q = listQuery(l.decl).parse({ pageNo: 1, pageSize: 20, ...l.query }) as Values;
    return { ...l, path: resourceApi(l.decl).list.path, statements: await statementsOf(client, binding, HQ_SCOPE, q) };
  }),
);
await handle.close();

const fmt = (n: number) => n.toFixed(2);
const p50 = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 200);
const timed = async (f: () => Promise<unknown>) => {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
};
const okBody = (path: string) => (text: string) => {
  const body = JSON.parse(text) as { errcode: string; errmsg: string };
  if (body.errcode !== '0') throw new Error(`${path}: ${body.errmsg}`);
};

// All checkouts' servers run at once; each round calls each of them once, then replays the
// statements once, so a drift of the machine's load falls on all of them alike.
const servers = [];
for (const root of roots) servers.push({ root, ...(await start(root)) });
try {
  const gets = await Promise.all(
    servers.map(async (s) => keptAliveGet(s.base, await signIn(s.base, 'admin', 'admin123'))),
  );
  for (let turn = 1; turn <= Number(turnsArg); turn++) {
    const floors = servers.map(() => [] as number[]);
    for (let i = 0; i < RUNS + 20; i++) {
      for (const [k, get] of gets.entries()) {
        const t = await timed(() => get('/rest/bench/no-such-call'));
        if (i >= 20) floors[k]!.push(t);
      }
    }
    const line = [`turn ${turn}: floor ${floors.map((f) => fmt(p50(f))).join(' / ')} ms`];
    for (const l of lists) {
      const path = `${l.path}?${new URLSearchParams({ pageNo: '1', pageSize: '20', ...l.query })}`;
      const check = okBody(l.path);
      const api = servers.map(() => [] as number[]);
      const raw: number[] = [];
      for (let i = 0; i < RUNS + 20; i++) {
        for (const [k, get] of gets.entries()) {
          const t = await timed(async () => check(await get(path)));
          if (i >= 20) api[k]!.push(t);
        }
        const t = await timed(() =>
          Promise.all(l.statements.map((st) => client.unsafe(st.query, st.params as never[], { prepare: true }))),
        );
        if (i >= 20) raw.push(t);
      }
      const r = p50(raw);
      line.push(`${l.name}: SQL ${fmt(r)}, over it ${api.map((a) => `+${fmt(p50(a) - r)}`).join(' / ')}`);
    }
    console.log(line.join(' | '));
  }
} finally {
  for (const s of servers) await s.stop();
}
await client.end({ timeout: 5 });
