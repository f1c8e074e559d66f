/**
 * `node --import tsx bench/importBench.ts`: 会员迁入 (modules/memberImport, issue 15) of ROWS
 * (default 100,000) members, each with a 储值卡 (本金 and 赠金), on a throwaway PostgreSQL server with
 * the demo data: the file's size, the upload's check (createImport: read the workbook, check every
 * row, keep them), then the import job (members, cards, ledger 迁入 rows in batches of
 * MEMBER_IMPORT_BATCH_ROWS, one transaction each) — each timed — and the process's resident memory:
 * before, and its peak sampled every 50 ms during each step. Ends with the import's counts checked
 * against the file (members and cards created, Σ ledger = Σ file). `npm run bench` runs it
 * (bench/run.ts); by itself: `[ROWS=n] node --import tsx bench/importBench.ts`.
 */
import { pathToFileURL } from 'node:url';
import { MEMBER_IMPORT_COLUMNS } from '@zb/contract/entities/memberImport';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { openPostgres } from '../apps/server/src/db/client';
import { userAccount } from '../apps/server/src/modules/accounts/schema';
import { card } from '../apps/server/src/modules/goods/schema';
import {
  createImport,
  importFinished,
  importHeader,
  startImport,
} from '../apps/server/src/modules/memberImport/service';
import { store } from '../apps/server/src/modules/stores/schema';
import { HQ_SCOPE } from '../apps/server/src/platform/scope';
import { prepareDatabase } from '../apps/server/src/seed/prepare';
import { startPgServer } from '../apps/server/src/testing/pgServer';

export interface ImportStep {
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

export interface ImportResult {
  rows: number;
  fileMb: number;
  /** The upload's check: read the workbook, check every row, keep them. */
  check: ImportStep;
  /** The import job: members, cards, ledger 迁入 rows in batches. */
  run: ImportStep;
  state: string;
  /** Every row made a member and a card, and Σ ledger 本金 = Σ file. */
  agree: boolean;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** 会员迁入 of `rows` members on a throwaway PostgreSQL server with the demo data. */
export const measureImport = async (rows = 100_000, log: (line: string) => void = () => {}): Promise<ImportResult> => {
  const pg = await startPgServer();
  const handle = await openPostgres(pg.url, 5);
  const { db } = handle;
  try {
    let t = performance.now();
    await prepareDatabase(handle);
    log(`migrate + demo data: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const [admin] = await db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin'));
    const stores = await db.select({ code: store.code }).from(store).orderBy(asc(store.id));
    const [stored] = await db
      .select({ code: card.code })
      .from(card)
      .where(and(eq(card.kind, 'stored'), eq(card.status, 'on'), eq(card.usableScope, 'all')))
      .orderBy(asc(card.id))
      .limit(1);
    if (!admin || !stored) throw new Error('the demo data lacks an administrator or a chain-wide 储值卡');

    t = performance.now();
    // The workbook is built in a function of its own, so that only its bytes outlive it.
    const { data, principal } = await (async () => {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('会员迁入');
      sheet.addRow(MEMBER_IMPORT_COLUMNS.map((c) => c.title));
      let sum = 0;
      for (let i = 0; i < rows; i++) {
        const fen = 1000 + ((i * 7919) % 500_000);
        sum += fen;
        sheet.addRow([
          `迁入会员${i}`,
          `166${String(i).padStart(8, '0')}`,
          stores[i % stores.length]!.code,
          '',
          stored.code,
          `BENCH-${i}`,
          (fen / 100).toFixed(2),
          '10',
          '',
          '2025-06-01',
          '',
        ]);
      }
      return { data: Buffer.from(await wb.xlsx.writeBuffer()), principal: sum };
    })();
    log(`file: ${rows} rows, ${mb(data.length)} MB, written in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const step = async <T>(name: string, run: () => Promise<T>): Promise<[T, ImportStep]> => {
      globalThis.gc?.();
      const before = process.memoryUsage().rss;
      peak = before;
      const s = performance.now();
      const out = await run();
      const measured = { seconds: (performance.now() - s) / 1000, rssBeforeMb: mb(before), rssPeakMb: mb(peak) };
      log(
        `${name}: ${measured.seconds.toFixed(1)} s, RSS ${measured.rssBeforeMb} MB before, peak ${measured.rssPeakMb} MB`,
      );
      return [out, measured];
    };
    const caller = { user: { id: admin.id }, scope: HQ_SCOPE };
    const [{ header }, check] = await step('upload check (read, check every row, keep them)', () =>
      createImport(db, caller, { name: 'bench.xlsx', data }),
    );
    log(`  ready ${header.readyRows}, wrong ${header.errorRows}`);
    const [, run] = await step('import job (members, cards, ledger 迁入 in batches)', async () => {
      await startImport(db, caller, header.id);
      await importFinished(header.id);
    });
    clearInterval(sampler);
    const done = await importHeader(db, HQ_SCOPE, header.id);
    const [made] = (await db.execute(sql`select count(distinct r.member_id)::int as members,
        count(r.member_card_id)::int as cards,
        (select coalesce(sum(l.amount), 0)::bigint from card_ledger l
          join member_import_row x on x.member_card_id = l.member_card_id and x.import_id = ${header.id}) as amount
      from member_import_row r where r.import_id = ${header.id} and r.outcome = 'created'`)) as unknown as {
      members: number;
      cards: number;
      amount: string;
    }[];
    const agree = made!.members === rows && made!.cards === rows && Number(made!.amount) === principal;
    log(
      `state ${done.state}; members ${made!.members}, cards ${made!.cards}, Σ ledger 本金 ${made!.amount} 分 (file ${principal} 分): ${agree ? 'agree' : 'DISAGREE'}`,
    );
    return { rows, fileMb: mb(data.length), check, run, state: done.state, agree };
  } finally {
    await handle.close();
    await pg.stop();
  }
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await measureImport(Number(process.env.ROWS ?? 100_000), (line) => console.log(line));
}
