/**
 * 会员迁入: a file with good and bad rows — the answer and the error report name each bad row, the
 * upload (the dry run) writes no member, card or ledger row, the import creates exactly the good
 * rows, each card's balance = Σ its ledger = the file's amount, a re-run creates nothing, the undo
 * brings every card back to zero and is refused once a card was drawn; a region user's scope.
 */
import {
  MEMBER_IMPORT_API,
  MEMBER_IMPORT_MAX_RESUMES,
  type MemberImportChecked,
} from '@zb/contract/entities/memberImport';
import { ERR } from '@zb/contract/errcodes';
import { reportApi } from '@zb/contract/report/api';
import { MEMBER_IMPORT_ROWS, MEMBER_IMPORTS } from '@zb/contract/reports/memberImport';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { getBytes, readSheet } from '../../testing/exports';
import { userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { userAccount } from '../accounts/schema';
import { card, cardProject, project } from '../goods/schema';
import { consume } from '../members/ledger';
import { cardLedger, member, memberCard, memberCardSession } from '../members/schema';
import { region, store } from '../stores/schema';
import { okData, postFile, refused, XLSX_TYPE } from '../storesMore/testHelpers';
import { memberImport } from './schema';
import { importBatch, importFinished, resumeLostImports } from './service';

let t: TestApp;
let admin: TestClient;
let liqiang: TestClient;
const HEADER = [
  '会员姓名',
  '手机号',
  '所属门店编码',
  '会员等级',
  '卡项编码',
  '原卡号',
  '储值本金（元）',
  '储值赠金（元）',
  '项目剩余次数',
  '开卡日期',
  '到期日期',
];
let eastStore: { id: number; code: string };
let westStore: { id: number; code: string };
let stored: { id: number; code: string };
let combo: { id: number; code: string; projects: { id: number; code: string }[] };

const xlsx = async (rows: readonly (readonly (string | number | null)[])[]) => {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('会员迁入');
  sheet.addRow(HEADER);
  for (const r of rows) sheet.addRow([...r]);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

const upload = async (c: TestClient, rows: readonly (readonly (string | number | null)[])[] | Buffer) =>
  postFile<MemberImportChecked>(c, MEMBER_IMPORT_API.upload, {
    name: '迁入.xlsx',
    type: XLSX_TYPE,
    data: Buffer.isBuffer(rows) ? rows : await xlsx(rows),
  });

const runToEnd = async (c: TestClient, id: number) => {
  okData(await c.call(MEMBER_IMPORT_API.start, { body: { id } }));
  await importFinished(id);
  return okData(await c.call(MEMBER_IMPORT_API.detail, { params: { id } }));
};

const tableCounts = async () => {
  const [m] = await t.db.select({ n: count() }).from(member);
  const [c] = await t.db.select({ n: count() }).from(memberCard);
  const [l] = await t.db.select({ n: count() }).from(cardLedger);
  return { members: m!.n, cards: c!.n, ledger: l!.n };
};

/** Each card's balance, bonus and sessions left next to the sums of its ledger rows. */
const cardsAndLedger = async (ids: number[]) =>
  t.db
    .select({
      id: memberCard.id,
      balance: memberCard.balance,
      bonus: memberCard.bonusBalance,
      sessionsLeft: memberCard.sessionsLeft,
      status: memberCard.status,
      ledgerAmount: sql<number>`(select coalesce(sum(amount), 0)::int from card_ledger l where l.member_card_id = member_card.id)`,
      ledgerBonus: sql<number>`(select coalesce(sum(bonus_amount), 0)::int from card_ledger l where l.member_card_id = member_card.id)`,
      ledgerSessions: sql<number>`(select coalesce(sum(sessions), 0)::int from card_ledger l where l.member_card_id = member_card.id)`,
    })
    .from(memberCard)
    .where(inArray(memberCard.id, ids));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  liqiang = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  const stores = await t.db
    .select({ id: store.id, code: store.code, regionName: region.name })
    .from(store)
    .innerJoin(region, eq(region.id, store.regionId))
    .orderBy(store.id);
  eastStore = stores.find((s) => s.regionName === '华东大区')!;
  westStore = stores.find((s) => s.regionName !== '华东大区')!;
  const [s] = await t.db
    .select({ id: card.id, code: card.code })
    .from(card)
    .where(eq(card.kind, 'stored'))
    .orderBy(card.id)
    .limit(1);
  stored = s!;
  const [c] = await t.db
    .select({ id: card.id, code: card.code })
    .from(card)
    .where(and(eq(card.kind, 'combo'), eq(card.status, 'on'), eq(card.usableScope, 'all')))
    .orderBy(card.id)
    .limit(1);
  const projects = await t.db
    .select({ id: project.id, code: project.code })
    .from(cardProject)
    .innerJoin(project, eq(project.id, cardProject.projectId))
    .where(eq(cardProject.cardId, c!.id))
    .orderBy(cardProject.line);
  combo = { ...c!, projects };
});

afterAll(() => t?.close());

describe('会员迁入', () => {
  it('checks each row, reports the bad ones, writes nothing on the dry run, imports exactly the good rows once, and undoes', async () => {
    const [p1, p2] = combo.projects;
    const sessions = p2 ? `${p1!.code}:5;${p2.code}:3` : `${p1!.code}:8`;
    const rows = [
      // 2: a new member with a stored card of 1,234.56 元 + 100 元 bonus
      [
        '王迁入',
        '13955550001',
        eastStore.code,
        '金卡会员',
        stored.code,
        'OLD-0001',
        '1234.56',
        '100',
        '',
        '2025-06-01',
        '',
      ],
      // 3: the same member, a combo card
      [
        '王迁入',
        '13955550001',
        eastStore.code,
        '金卡会员',
        combo.code,
        'OLD-0002',
        '',
        '',
        sessions,
        '2025-07-01',
        '2027-07-01',
      ],
      // 4: a member only, no card
      ['李只建', '13955550002', westStore.code, '', '', '', '', '', '', '', ''],
      // 5: unknown store
      ['赵错店', '13955550003', 'NOSUCH', '', stored.code, 'OLD-0005', '10', '', '', '', ''],
      // 6: malformed phone
      ['钱错号', '2395555', eastStore.code, '', '', '', '', '', '', '', ''],
      // 7: three decimals
      ['孙三位', '13955550007', eastStore.code, '', stored.code, 'OLD-0007', '10.005', '', '', '', ''],
      // 8: card number repeated in the file
      ['周重号', '13955550008', eastStore.code, '', stored.code, 'OLD-0001', '10', '', '', '', ''],
      // 9: same phone as row 2, another name
      ['吴换名', '13955550001', eastStore.code, '', stored.code, 'OLD-0009', '1', '', '', '', ''],
    ] as const;
    const before = await tableCounts();
    const file = await xlsx(rows);
    const checked = okData(await upload(admin, file));
    expect(checked.header).toMatchObject({
      state: 'checked',
      totalRows: 8,
      errorRows: 5,
      readyRows: 3,
      newMembers: 2,
      existingMembers: 0,
      cards: 2,
      principal: 123456,
      bonus: 10000,
      sessions: 8,
    });
    const byRow = new Map(checked.errors.map((e) => [e.row, e.message]));
    expect([...byRow.keys()]).toEqual([5, 6, 7, 8, 9]);
    expect(byRow.get(5)).toMatch(/门店编码「NOSUCH」不存在/);
    expect(byRow.get(6)).toMatch(/手机号有误/);
    expect(byRow.get(7)).toMatch(/储值本金最多两位小数/);
    expect(byRow.get(8)).toMatch(/原卡号与第 2 行重复/);
    expect(byRow.get(9)).toMatch(/手机号与第 2 行相同但姓名不同/);
    // The dry run wrote no member, card or ledger row.
    expect(await tableCounts()).toEqual(before);

    // The error report: the bad rows as the file had them, with 错误原因.
    const id = checked.header.id;
    const report = await getBytes(t.app, admin, MEMBER_IMPORT_API.errors.path, { id });
    expect(report.status).toBe(200);
    const sheet = await readSheet(report.bytes);
    expect(sheet[0]).toEqual(['行号', ...HEADER, '错误原因']);
    expect(sheet.slice(1).map((r) => r[0])).toEqual([5, 6, 7, 8, 9]);
    expect(sheet[1]![3]).toBe('NOSUCH');
    expect(String(sheet[1]![HEADER.length + 1])).toMatch(/不存在/);

    // The import: exactly the good rows.
    const done = await runToEnd(admin, id);
    expect(done).toMatchObject({ state: 'done', processedRows: 3, createdRows: 3, errorRows: 5 });
    const after = await tableCounts();
    expect(after.members - before.members).toBe(2);
    expect(after.cards - before.cards).toBe(2);
    const wang = (await t.db.select().from(member).where(eq(member.phone, '13955550001')))[0]!;
    expect(wang).toMatchObject({ name: '王迁入', storeId: eastStore.id });
    const cards = await t.db.select().from(memberCard).where(eq(memberCard.memberId, wang.id)).orderBy(memberCard.id);
    expect(cards.map((c) => c.cardId)).toEqual([stored.id, combo.id]);
    expect(cards[0]!.openedAt.toISOString()).toBe('2025-05-31T16:00:00.000Z');
    // Each card's balance = Σ its ledger = the file's amount; every ledger row is 迁入.
    const figures = await cardsAndLedger(cards.map((c) => c.id));
    const s = figures.find((f) => f.id === cards[0]!.id)!;
    expect([s.balance, s.ledgerAmount, s.bonus, s.ledgerBonus]).toEqual([123456, 123456, 10000, 10000]);
    const k = figures.find((f) => f.id === cards[1]!.id)!;
    expect([k.sessionsLeft, k.ledgerSessions]).toEqual([8, 8]);
    const kinds = await t.db
      .selectDistinct({ kind: cardLedger.kind })
      .from(cardLedger)
      .where(
        inArray(
          cardLedger.memberCardId,
          cards.map((c) => c.id),
        ),
      );
    expect(kinds).toEqual([{ kind: 'migrateIn' }]);
    const sess = await t.db.select().from(memberCardSession).where(eq(memberCardSession.memberCardId, cards[1]!.id));
    expect(sess.reduce((n, x) => n + x.remaining, 0)).toBe(8);

    // Starting it again is refused; the same file again creates nothing.
    refused(await admin.call(MEMBER_IMPORT_API.start, { body: { id } }), ERR.MEMBER_IMPORT_STATE, /已导入/);
    const again = okData(await upload(admin, file));
    expect(again.header).toMatchObject({ readyRows: 0, skippedRows: 3, errorRows: 5, sameFileAs: done.batchNo });
    refused(
      await admin.call(MEMBER_IMPORT_API.start, { body: { id: again.header.id } }),
      ERR.MEMBER_IMPORT_STATE,
      /没有可导入的行/,
    );
    expect(await tableCounts()).toEqual(after);

    // The rows view lists the import's rows with their outcome and what they created.
    const view = okData(
      await admin.call(reportApi(MEMBER_IMPORT_ROWS).list, { query: { importId: id, pageSize: 50 } as never }),
    ) as unknown as { list: Record<string, unknown>[]; totals: Record<string, number> };
    expect(view.list.map((r) => r.outcome)).toEqual([
      'created',
      'created',
      'created',
      'error',
      'error',
      'error',
      'error',
      'error',
    ]);
    expect(view.list[0]!.memberCardNo).toBe(cards[0]!.cardNo);
    expect(view.totals.principal).toBe(123456);
    const rowId = view.list[0]!.id as number;
    const one = okData(await admin.call(MEMBER_IMPORT_API.row, { params: { id: rowId } }));
    expect(one).toMatchObject({
      outcome: 'created',
      member: { id: wang.id, created: true },
      card: { balance: 123456 },
    });

    // A region user (华东大区) does not see an import with a store of another region.
    refused(await liqiang.call(MEMBER_IMPORT_API.detail, { params: { id } }), ERR.RECORD_NOT_FOUND);

    // The undo brings every card to zero by 迁出 rows, freezes the cards and the new members.
    const undone = okData(await admin.call(MEMBER_IMPORT_API.rollback, { body: { id } }));
    expect(undone.state).toBe('rolledBack');
    const zero = await cardsAndLedger(cards.map((c) => c.id));
    for (const f of zero) {
      expect([f.balance ?? 0, f.bonus ?? 0, f.sessionsLeft, f.status]).toEqual([0, 0, 0, 'frozen']);
      expect([f.ledgerAmount, f.ledgerBonus, f.ledgerSessions]).toEqual([0, 0, 0]);
    }
    const [li] = await t.db.select({ status: member.status }).from(member).where(eq(member.phone, '13955550002'));
    expect(li!.status).toBe('frozen');
    refused(await admin.call(MEMBER_IMPORT_API.rollback, { body: { id } }), ERR.MEMBER_IMPORT_STATE, /已撤销/);
  });

  it('refuses the undo once an imported card was drawn, and changes nothing', async () => {
    const p = combo.projects[0]!;
    const checked = okData(
      await upload(admin, [
        ['郑划卡', '13955550101', westStore.code, '', combo.code, 'OLD-0101', '', '', `${p.code}:4`, '', ''],
      ]),
    );
    const done = await runToEnd(admin, checked.header.id);
    expect(done.state).toBe('done');
    const [m] = await t.db.select().from(member).where(eq(member.phone, '13955550101'));
    const [c] = await t.db.select().from(memberCard).where(eq(memberCard.memberId, m!.id));
    await t.db.transaction((tx) =>
      consume(tx, {
        memberId: m!.id,
        storeId: westStore.id,
        at: new Date(),
        lines: [{ projectId: p.id, quantity: 1, memberCardId: c!.id }],
        userId: null,
      }),
    );
    const before = await tableCounts();
    refused(
      await admin.call(MEMBER_IMPORT_API.rollback, { body: { id: checked.header.id } }),
      ERR.MEMBER_IMPORT_DRAWN,
      /已有消费或其他变动/,
    );
    expect(await tableCounts()).toEqual(before);
    const [f] = await cardsAndLedger([c!.id]);
    expect([f!.sessionsLeft, f!.ledgerSessions, f!.status]).toEqual([3, 3, 'active']);
    expect(okData(await admin.call(MEMBER_IMPORT_API.detail, { params: { id: checked.header.id } })).state).toBe(
      'done',
    );
  });

  it('refuses a file that is not a workbook or lacks the columns, and rows outside a region user’s stores', async () => {
    const notXlsx = await postFile(admin, MEMBER_IMPORT_API.upload, {
      name: 'a.xlsx',
      type: XLSX_TYPE,
      data: Buffer.from('hello'),
    });
    refused(notXlsx, ERR.MEMBER_IMPORT_INVALID, /只能导入 Excel/);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['姓名', '电话']);
    const noHeader = await postFile(admin, MEMBER_IMPORT_API.upload, {
      name: 'b.xlsx',
      type: XLSX_TYPE,
      data: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    refused(noHeader, ERR.MEMBER_IMPORT_INVALID, /缺少「会员姓名」、「手机号」、「所属门店编码」列/);
    const mine = okData(
      await upload(liqiang, [
        ['区内', '13955550201', eastStore.code, '', '', '', '', '', '', '', ''],
        ['区外', '13955550202', westStore.code, '', '', '', '', '', '', '', ''],
      ]),
    );
    expect(mine.header).toMatchObject({ readyRows: 1, errorRows: 1 });
    expect(mine.errors[0]!.message).toMatch(/不在您的数据范围内/);
  });

  it('resumes a run lost with its process from its last batch, to the row and the 分 of an unbroken run; a live lease is kept; a run lost too often fails with its reason', async () => {
    const p = combo.projects[0]!;
    // Twelve rows over two stores: new members with stored and combo cards, a member with two
    // cards, members without a card; `tag` keeps each file's phones and card numbers apart.
    const file = (tag: number) =>
      Array.from({ length: 12 }, (_, i) => {
        const phone = `139556${tag}${String(i % 10).padStart(4, '0')}`;
        const at = i % 10 < 5 ? eastStore.code : westStore.code;
        const name = `续导${tag}-${i % 10}`;
        if (i % 4 === 3) return [name, phone, at, '', '', '', '', '', '', '', ''];
        if (i % 4 === 2) return [name, phone, at, '', combo.code, `R${tag}-${i}`, '', '', `${p.code}:${i + 1}`, '', ''];
        return [name, phone, at, '', stored.code, `R${tag}-${i}`, `${100 + i}.${i}5`, String(i), '', '', ''];
      });
    const [me] = await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin'));
    /** Each row's outcome and what it became: the member's store, the card's figures and Σ its ledger. */
    const result = async (id: number) =>
      t.db.execute(sql`select r.row_no, r.outcome, r.member_created, m.store_id, m.name, mc.card_id, mc.balance,
          mc.bonus_balance, mc.sessions_left,
          (select count(*)::int from card_ledger l where l.member_card_id = mc.id) as ledger_rows,
          (select coalesce(sum(l.amount), 0)::int from card_ledger l where l.member_card_id = mc.id) as ledger_amount,
          (select coalesce(sum(l.bonus_amount), 0)::int from card_ledger l where l.member_card_id = mc.id) as ledger_bonus,
          (select coalesce(sum(l.sessions), 0)::int from card_ledger l where l.member_card_id = mc.id) as ledger_sessions
        from member_import_row r left join member m on m.id = r.member_id left join member_card mc on mc.id = r.member_card_id
        where r.import_id = ${id} order by r.row_no`);
    type Made = Record<'balance' | 'bonus_balance' | 'sessions_left', number | null> &
      Record<'ledger_amount' | 'ledger_bonus' | 'ledger_sessions', number> & { outcome: string; name: string };
    const rowsOfResult = (r: unknown) => rowsOf<Made>(r).map((x) => ({ ...x, name: x.name.replace(/^续导\d/, '') }));
    const lease = async (id: number) =>
      (
        await t.db
          .select({ holder: memberImport.leaseHolder, resumes: memberImport.resumes, state: memberImport.state })
          .from(memberImport)
          .where(eq(memberImport.id, id))
      )[0]!;

    // The unbroken run.
    const whole = await runToEnd(admin, okData(await upload(admin, file(1))).header.id);
    expect(whole).toMatchObject({ state: 'done', processedRows: 12, errorRows: 0 });

    // The lost run: a process took the lease, committed two batches of five rows, and died.
    const id = okData(await upload(admin, file(2))).header.id;
    await t.db
      .update(memberImport)
      .set({
        state: 'running',
        startedAt: sql`now()`,
        startedBy: me!.id,
        leaseHolder: 'dead-process',
        leaseUntil: sql`now() + interval '1 hour'`,
      })
      .where(eq(memberImport.id, id));
    expect(await importBatch(t.db, id, me!.id, 'dead-process', 5)).toBe(5);
    expect(await importBatch(t.db, id, me!.id, 'dead-process', 5)).toBe(5);
    const half = await tableCounts();

    // Its lease still holds: nothing is taken over, nothing written.
    expect((await resumeLostImports(t.db, { holder: 'alive' })).resumed).not.toContain(id);
    expect(await lease(id)).toEqual({ holder: 'dead-process', resumes: 0, state: 'running' });
    expect(await tableCounts()).toEqual(half);
    expect(okData(await admin.call(MEMBER_IMPORT_API.detail, { params: { id } })).processedRows).toBe(10);

    // The lease passes: another process resumes it; the dead one could not write another batch.
    await t.db
      .update(memberImport)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(memberImport.id, id));
    expect((await resumeLostImports(t.db, { holder: 'alive' })).resumed).toContain(id);
    expect(await importBatch(t.db, id, me!.id, 'dead-process', 5)).toBeNull();
    await importFinished(id);
    const resumed = okData(await admin.call(MEMBER_IMPORT_API.detail, { params: { id } }));
    expect(resumed).toMatchObject({
      state: 'done',
      processedRows: 12,
      createdRows: whole.createdRows,
      skippedRows: whole.skippedRows,
      errorRows: 0,
      failure: null,
    });
    expect(await lease(id)).toEqual({ holder: null, resumes: 1, state: 'done' });
    // Row by row and to the 分, what the resumed run made equals what the unbroken run made.
    const a = rowsOfResult(await result(whole.id));
    const b = rowsOfResult(await result(id));
    expect(b).toEqual(a);
    expect(b.filter((x) => x.outcome === 'created')).toHaveLength(whole.createdRows);
    for (const x of b) {
      expect([x.balance ?? 0, x.bonus_balance ?? 0, x.sessions_left ?? 0]).toEqual([
        x.ledger_amount,
        x.ledger_bonus,
        x.ledger_sessions,
      ]);
    }
    const principal = b.reduce((n, x) => n + Number(x.ledger_amount), 0);
    expect(principal).toBe(resumed.principal);
    // The same file again creates nothing.
    const again = okData(await upload(admin, file(2)));
    expect(again.header).toMatchObject({ readyRows: 0, skippedRows: 12 });

    // A run lost once more than the resumes allowed is marked 导入失败 with its reason, shown on
    // /moveInList; 开始导入 goes on from where it stopped.
    const lostId = okData(await upload(admin, file(3).slice(0, 2))).header.id;
    await t.db
      .update(memberImport)
      .set({
        state: 'running',
        startedBy: me!.id,
        leaseHolder: 'dead-process',
        leaseUntil: sql`now() - interval '1 second'`,
        resumes: MEMBER_IMPORT_MAX_RESUMES,
      })
      .where(eq(memberImport.id, lostId));
    const before = await tableCounts();
    expect((await resumeLostImports(t.db, { holder: 'alive' })).failed).toEqual([lostId]);
    expect(await tableCounts()).toEqual(before);
    const list = okData(
      await admin.call(reportApi(MEMBER_IMPORTS).list, { query: { state: 'failed', pageSize: 50 } as never }),
    ) as unknown as { list: { id: number; failure: string | null }[] };
    const shown = list.list.find((r) => r.id === lostId);
    expect(shown?.failure).toMatch(/导入中断：服务多次重启仍未完成（已处理 0\/2 行/);
    const goneOn = await runToEnd(admin, lostId);
    expect(goneOn).toMatchObject({ state: 'done', createdRows: 2, failure: null });
    expect(
      await t.db.select({ id: memberImport.id }).from(memberImport).where(eq(memberImport.state, 'running')),
    ).toEqual([]);
  });
});
