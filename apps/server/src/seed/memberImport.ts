/**
 * Demo 会员迁入 (modules/memberImport): a file of 300 members from "the old system" — stored-value
 * and combo cards at every store, a few wrong rows (an unknown store, a malformed phone, three
 * decimals, a repeated card number) — checked and imported through the service, and a second
 * small file imported and then undone. /moveInList, /moveInDetailList and /moveInDetail show them.
 */
import { MEMBER_IMPORT_COLUMNS } from '@zb/contract/entities/memberImport';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db, Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { card, cardProject, project } from '../modules/goods/schema';
import {
  createImport,
  importFinished,
  importHeader,
  rollbackImport,
  startImport,
} from '../modules/memberImport/service';
import { store } from '../modules/stores/schema';
import { HQ_SCOPE } from '../platform/scope';

const SURNAMES = '赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜';
const GIVEN = ['晓燕', '建国', '丽娟', '志强', '雅婷', '海波', '秀英', '子涵', '文博', '美玲', '俊杰', '欣怡'];
const LEVELS = ['普通会员', '银卡会员', '金卡会员', '钻石会员'];

const workbook = async (rows: readonly (readonly string[])[]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('会员迁入');
  sheet.addRow(MEMBER_IMPORT_COLUMNS.map((c) => c.title));
  for (const r of rows) sheet.addRow([...r]);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

const day = (i: number) => {
  const d = new Date(Date.UTC(2024, 0, 1) + (i % 600) * 86_400_000);
  return d.toISOString().slice(0, 10);
};

/** Imports a file as the administrator and waits for its job. */
const importFile = async (tx: Tx, userId: number, name: string, rows: readonly (readonly string[])[]) => {
  const db = tx as unknown as Db;
  const caller = { user: { id: userId }, scope: HQ_SCOPE };
  const { header } = await createImport(db, caller, { name, data: await workbook(rows) });
  await startImport(db, caller, header.id);
  await importFinished(header.id);
  const done = await importHeader(db, HQ_SCOPE, header.id);
  if (done.state !== 'done') throw new Error(`demo member import ${done.batchNo}: ${done.state} ${done.failure ?? ''}`);
  return { caller, id: header.id };
};

export const seedMemberImport = async (tx: Tx): Promise<void> => {
  const [admin] = await tx.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.loginName, 'admin'));
  const stores = await tx.select({ code: store.code }).from(store).orderBy(asc(store.id));
  const storedCards = await tx
    .select({ code: card.code })
    .from(card)
    .where(and(eq(card.kind, 'stored'), eq(card.status, 'on'), eq(card.usableScope, 'all')))
    .orderBy(asc(card.id));
  const combos = await tx
    .select({ id: card.id, code: card.code })
    .from(card)
    .where(and(eq(card.kind, 'combo'), eq(card.status, 'on'), eq(card.usableScope, 'all')))
    .orderBy(asc(card.id));
  const projectsOf = new Map<number, string[]>();
  for (const p of await tx
    .select({ cardId: cardProject.cardId, code: project.code })
    .from(cardProject)
    .innerJoin(project, eq(project.id, cardProject.projectId))
    .orderBy(asc(cardProject.cardId), asc(cardProject.line))) {
    projectsOf.set(p.cardId, [...(projectsOf.get(p.cardId) ?? []), p.code]);
  }
  if (!admin || stores.length === 0 || storedCards.length === 0 || combos.length === 0) return;

  const rows: string[][] = [];
  for (let i = 0; i < 290; i++) {
    const name = `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 7) % GIVEN.length]}`;
    const phone = `19870${String(100000 + i).slice(-6)}`;
    const storeCode = stores[i % stores.length]!.code;
    const level = LEVELS[i % LEVELS.length]!;
    const cardNo = `JX${String(880000 + i)}`;
    if (i % 10 === 9) {
      rows.push([name, phone, storeCode, level, '', '', '', '', '', '', '']);
      continue;
    }
    if (i % 3 === 2) {
      const c = combos[i % combos.length]!;
      const sessions = (projectsOf.get(c.id) ?? [])
        .slice(0, 2)
        .map((code, k) => `${code}:${((i + k) % 9) + 1}`)
        .join(';');
      rows.push([name, phone, storeCode, level, c.code, cardNo, '', '', sessions, day(i), '']);
    } else {
      const principal = `${100 + ((i * 53) % 4900)}.${String((i * 17) % 100).padStart(2, '0')}`;
      const bonus = String((i * 11) % 500);
      rows.push([
        name,
        phone,
        storeCode,
        level,
        storedCards[i % storedCards.length]!.code,
        cardNo,
        principal,
        bonus,
        '',
        day(i),
        '',
      ]);
    }
    // Some members bring a second card on a second row.
    if (i % 25 === 0) {
      const c = storedCards[(i + 1) % storedCards.length]!;
      rows.push([name, phone, storeCode, level, c.code, `JX${String(990000 + i)}`, '300', '30', '', day(i + 30), '']);
    }
  }
  // The wrong rows the error report names.
  rows.push(['错误门店', '19870900001', 'XX999', '', storedCards[0]!.code, 'JX-ERR-1', '100', '', '', '', '']);
  rows.push(['错误手机', '1987090', stores[0]!.code, '', '', '', '', '', '', '', '']);
  rows.push([
    '三位小数',
    '19870900003',
    stores[0]!.code,
    '',
    storedCards[0]!.code,
    'JX-ERR-3',
    '88.888',
    '',
    '',
    '',
    '',
  ]);
  rows.push(['重复卡号', '19870900004', stores[0]!.code, '', storedCards[0]!.code, 'JX880000', '10', '', '', '', '']);
  await importFile(tx, admin.id, '旧系统会员导出-2026.xlsx', rows);

  // A small file imported by mistake and undone.
  const undone: string[][] = [];
  for (let i = 0; i < 8; i++) {
    undone.push([
      `${SURNAMES[(i + 5) % SURNAMES.length]}试导`,
      `19871${String(100000 + i).slice(-6)}`,
      stores[(i * 3) % stores.length]!.code,
      '',
      storedCards[0]!.code,
      `SD${String(700 + i)}`,
      String(50 * (i + 1)),
      '',
      '',
      '',
      '',
    ]);
  }
  const mistake = await importFile(tx, admin.id, '试导入-请撤销.xlsx', undone);
  await rollbackImport(tx as unknown as Db, mistake.caller, mistake.id);
};
