/**
 * Reading and checking a member import file (contract entities/memberImport.ts): the sheet's rows
 * by the titles of row 1, each row parsed and checked against the rules, the other rows of the
 * file and the database — every problem of a row in Chinese. Nothing here writes.
 */
import { MONEY_MAX } from '@zb/contract/entities/goodsCommon';
import {
  MEMBER_IMPORT_COLUMNS,
  MEMBER_IMPORT_MAX_ROWS,
  type MemberImportColumnKey,
  type MemberImportRaw,
  type MemberImportRowOutcome,
  type MemberImportSummary,
} from '@zb/contract/entities/memberImport';
import { ERR } from '@zb/contract/errcodes';
import { validatePhone } from '@zb/contract/phone';
import { formatYuan } from '@zb/contract/resource/format';
import { textProblem } from '@zb/contract/rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { BizError } from '../../platform/errors';
import { type DataScope, storeTableScope } from '../../platform/scope';
import { card, cardProject, project } from '../goods/schema';
import { masterItem } from '../master/schema';
import { member, memberCard } from '../members/schema';
import { store } from '../stores/schema';
import { cellText, firstSheet } from '../storesMore/barcodeImport';
import { memberImport, memberImportRow } from './schema';

const NAME_MAX = 20;
const CARD_NO_MAX = 30;
const SESSIONS_MAX = 9999;
const DAY_MS = 86_400_000;

export const fileProblem = (message: string): BizError => new BizError(ERR.MEMBER_IMPORT_INVALID, message);

export interface SheetRow {
  row: number;
  raw: MemberImportRaw;
}

/** The data rows of the first sheet, by the header titles of row 1. */
export const readSheetRows = async (data: Buffer): Promise<SheetRow[]> => {
  const sheet = await firstSheet(data, fileProblem);
  const at = new Map<MemberImportColumnKey, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const def = MEMBER_IMPORT_COLUMNS.find((c) => c.title === cellText(cell.value));
    if (def && !at.has(def.key)) at.set(def.key, col);
  });
  const missing = MEMBER_IMPORT_COLUMNS.filter((c) => c.required && !at.has(c.key)).map((c) => `「${c.title}」`);
  if (missing.length) throw fileProblem(`第 1 行缺少${missing.join('、')}列，请使用下载的模板`);
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return;
    const raw = {} as MemberImportRaw;
    for (const c of MEMBER_IMPORT_COLUMNS) {
      const col = at.get(c.key);
      raw[c.key] = col ? cellText(r.getCell(col).value) : '';
    }
    if (Object.values(raw).some(Boolean)) rows.push({ row: n, raw });
  });
  if (rows.length === 0) throw fileProblem('文件中没有数据行');
  if (rows.length > MEMBER_IMPORT_MAX_ROWS) {
    throw fileProblem(`一次最多导入 ${MEMBER_IMPORT_MAX_ROWS} 行，文件中有 ${rows.length} 行`);
  }
  return rows;
};

/** 元 as written in a cell → 分, exactly; null with the reason when it is not an amount. */
export const yuanToFen = (text: string): { fen: number } | { problem: string } => {
  if (text === '') return { fen: 0 };
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return { problem: '须为不小于 0 的金额' };
  const decimals = m[2] ?? '';
  if (decimals.length > 2) return { problem: '最多两位小数' };
  const fen = Number(m[1]) * 100 + Number(decimals.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(fen) || fen > MONEY_MAX) return { problem: `不能超过 ${formatYuan(MONEY_MAX)} 元` };
  return { fen };
};

/** A Beijing day as written (YYYY-MM-DD, or YYYY/MM/DD) → its start instant; null when not a date. */
export const beijingDay = (text: string): Date | null => {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = new Date(Date.UTC(y, mo - 1, d));
  if (utc.getUTCFullYear() !== y || utc.getUTCMonth() !== mo - 1 || utc.getUTCDate() !== d) return null;
  return new Date(utc.getTime() - 8 * 3_600_000);
};

/** A row as checked: what it is to create, or why not. */
export interface CheckedRow {
  row: number;
  raw: MemberImportRaw;
  outcome: Extract<MemberImportRowOutcome, 'error' | 'ready' | 'skipped'>;
  message: string | null;
  name: string | null;
  phone: string | null;
  storeId: number | null;
  levelId: number | null;
  cardId: number | null;
  cardNo: string | null;
  principal: number;
  bonus: number;
  sessions: { projectId: number; sessions: number }[];
  openedAt: Date | null;
  expiresAt: Date | null;
  /** The member found by the phone (ready rows). */
  existingMemberId: number | null;
}

interface CardRef {
  id: number;
  code: string;
  name: string;
  kind: string;
  validityDays: number;
  /** 适用门店: 'all', or the stores of `storeLevelIds`. */
  usableScope: string;
  storeLevelIds: number[];
  projects: Map<string, number>;
}

const distinct = (xs: readonly string[]) => [...new Set(xs.filter((x) => x && !textProblem(x)))];

/** Values per `in (…)` list: a statement binds at most 65,534 values, a file holds up to 100,000 rows. */
const IN_CHUNK = 10_000;

/** `read` over the values in chunks (none: no read), the answers joined. */
const readIn = async <T>(values: readonly string[], read: (part: string[]) => Promise<T[]>): Promise<T[]> => {
  const out: T[] = [];
  for (let i = 0; i < values.length; i += IN_CHUNK) out.push(...(await read(values.slice(i, i + IN_CHUNK))));
  return out;
};

/** The reference data the rows name, read once per file. */
const readRefs = async (tx: Db | Tx, scope: DataScope, rows: readonly SheetRow[]) => {
  const storeCodes = distinct(rows.map((r) => r.raw.storeCode));
  const stores = await readIn(storeCodes, (part) =>
    tx
      .select({
        id: store.id,
        code: store.code,
        name: store.name,
        levelId: store.levelId,
        inScope: sql<boolean>`${storeTableScope(scope) ?? sql`true`}`,
      })
      .from(store)
      .where(inArray(store.code, part)),
  );
  const levels = await tx
    .select({ id: masterItem.id, name: masterItem.name })
    .from(masterItem)
    .where(eq(masterItem.category, 'memberLevel'));
  const cardCodes = distinct(rows.map((r) => r.raw.cardCode));
  const cards = await readIn(cardCodes, (part) =>
    tx
      .select({
        id: card.id,
        code: card.code,
        name: card.name,
        kind: card.kind,
        validityDays: card.validityDays,
        usableScope: card.usableScope,
        storeLevelIds: card.storeLevelIds,
      })
      .from(card)
      .where(inArray(card.code, part)),
  );
  const cardById = new Map<number, CardRef>(cards.map((c) => [c.id, { ...c, projects: new Map() }]));
  if (cards.length) {
    const projects = await tx
      .select({ cardId: cardProject.cardId, projectId: project.id, code: project.code })
      .from(cardProject)
      .innerJoin(project, eq(project.id, cardProject.projectId))
      .where(inArray(cardProject.cardId, [...cardById.keys()]));
    for (const p of projects) cardById.get(p.cardId)?.projects.set(p.code, p.projectId);
  }
  const phones = distinct(rows.map((r) => r.raw.phone));
  const members = await readIn(phones, (part) =>
    tx
      .select({ id: member.id, code: member.code, name: member.name, phone: member.phone })
      .from(member)
      .where(inArray(member.phone, part)),
  );
  const cardNos = distinct(rows.map((r) => r.raw.cardNo));
  const ownCards = await readIn(cardNos, (part) =>
    tx.select({ cardNo: memberCard.cardNo }).from(memberCard).where(inArray(memberCard.cardNo, part)),
  );
  const imported = await readIn(cardNos, (part) =>
    tx
      .select({ cardNo: memberImportRow.cardNo, phone: memberImportRow.phone, batchNo: memberImport.batchNo })
      .from(memberImportRow)
      .innerJoin(memberImport, eq(memberImport.id, memberImportRow.importId))
      .where(and(inArray(memberImportRow.cardNo, part), eq(memberImportRow.outcome, 'created'))),
  );
  return {
    storeByCode: new Map(stores.map((s) => [s.code, s])),
    levelByName: new Map(levels.map((l) => [l.name, l.id])),
    cardByCode: new Map([...cardById.values()].map((c) => [c.code, c])),
    memberByPhone: new Map(members.map((m) => [m.phone, m])),
    ownCardNos: new Set(ownCards.map((c) => c.cardNo)),
    importedCardNos: new Map(imported.map((i) => [i.cardNo!, i])),
  };
};

type Refs = Awaited<ReturnType<typeof readRefs>>;

/** 套餐卡 sessions as written: CODE:N separated by ; (full-width marks too). */
const parseSessions = (text: string, c: CardRef, problems: string[]) => {
  const out: { projectId: number; sessions: number }[] = [];
  for (const part of text.split(/[;；,，\n]/).map((p) => p.trim())) {
    if (!part) continue;
    const m = /^(.+?)\s*[:：]\s*(\d+)$/.exec(part);
    if (!m) {
      problems.push(`项目剩余次数「${part}」格式有误，应为 项目编码:次数`);
      continue;
    }
    const projectId = c.projects.get(m[1]!);
    const n = Number(m[2]);
    if (projectId === undefined) problems.push(`项目「${m[1]}」不在套餐卡「${c.name}」中`);
    else if (n < 1 || n > SESSIONS_MAX) problems.push(`项目「${m[1]}」的次数须为 1 到 ${SESSIONS_MAX}`);
    else if (out.some((o) => o.projectId === projectId)) problems.push(`项目「${m[1]}」重复填写`);
    else out.push({ projectId, sessions: n });
  }
  if (out.length === 0 && problems.length === 0) problems.push('套餐卡须填写项目剩余次数');
  return out;
};

/** The card part of a row: product, number, balances or sessions, dates. */
const checkCard = (r: SheetRow, refs: Refs, problems: string[], out: CheckedRow, now: Date) => {
  const { raw } = r;
  const hasCard = [raw.cardCode, raw.cardNo, raw.principal, raw.bonus, raw.sessions, raw.openedAt, raw.expiresAt].some(
    Boolean,
  );
  if (!hasCard) return;
  const c = raw.cardCode ? refs.cardByCode.get(raw.cardCode) : undefined;
  if (!raw.cardCode) problems.push('请填写卡项编码');
  else if (!c) problems.push(`卡项编码「${raw.cardCode}」不存在`);
  else {
    // As 开卡 does: a card product sold only at some store levels is not brought in elsewhere.
    const s = raw.storeCode ? refs.storeByCode.get(raw.storeCode) : undefined;
    if (s && c.usableScope !== 'all' && (s.levelId === null || !c.storeLevelIds.includes(s.levelId))) {
      problems.push(`卡项「${c.name}」不适用于门店「${s.name}」（门店等级不在适用范围内）`);
    }
  }
  if (!raw.cardNo) problems.push('请填写原卡号');
  else if (raw.cardNo.length > CARD_NO_MAX || !/^[\w-]+$/.test(raw.cardNo)) {
    problems.push(`原卡号只能是 ${CARD_NO_MAX} 位以内的字母、数字、- 或 _`);
  } else if (refs.ownCardNos.has(raw.cardNo)) problems.push(`原卡号与本系统的会员卡「${raw.cardNo}」重复`);
  for (const [key, label] of [
    ['principal', '储值本金'],
    ['bonus', '储值赠金'],
  ] as const) {
    const v = yuanToFen(raw[key]);
    if ('problem' in v) problems.push(`${label}${v.problem}`);
    else out[key] = v.fen;
  }
  if (c?.kind === 'stored' && raw.sessions) problems.push(`「${c.name}」是储值卡，不能填写项目剩余次数`);
  if (c?.kind === 'combo') {
    if (raw.principal || raw.bonus) problems.push(`「${c.name}」是套餐卡，不能填写储值金额`);
    out.sessions = parseSessions(raw.sessions, c, problems);
  }
  const opened = raw.openedAt ? beijingDay(raw.openedAt) : beijingDay(shanghaiToday(now));
  if (!opened) problems.push('开卡日期须为 YYYY-MM-DD');
  else if (opened.getTime() > now.getTime()) problems.push('开卡日期不能晚于今天');
  let expires = raw.expiresAt ? beijingDay(raw.expiresAt) : null;
  if (raw.expiresAt && !expires) problems.push('到期日期须为 YYYY-MM-DD');
  if (opened && c && !raw.expiresAt) expires = new Date(opened.getTime() + c.validityDays * DAY_MS);
  if (opened && expires && expires.getTime() <= opened.getTime()) problems.push('到期日期须晚于开卡日期');
  out.cardId = c?.id ?? null;
  out.cardNo = raw.cardNo || null;
  out.openedAt = opened;
  out.expiresAt = expires;
};

const shanghaiToday = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Checks every row; answers each row's outcome and what the ready rows would create. */
export const checkRows = async (
  tx: Db | Tx,
  scope: DataScope,
  rows: readonly SheetRow[],
  now = new Date(),
): Promise<{ rows: CheckedRow[]; summary: MemberImportSummary }> => {
  const refs = await readRefs(tx, scope, rows);
  const firstOfPhone = new Map<string, CheckedRow>();
  const firstOfCardNo = new Map<string, number>();
  const out: CheckedRow[] = [];
  for (const r of rows) {
    const { raw } = r;
    const problems: string[] = [];
    const row: CheckedRow = {
      row: r.row,
      raw,
      outcome: 'ready',
      message: null,
      name: null,
      phone: null,
      storeId: null,
      levelId: null,
      cardId: null,
      cardNo: null,
      principal: 0,
      bonus: 0,
      sessions: [],
      openedAt: null,
      expiresAt: null,
      existingMemberId: null,
    };
    for (const v of Object.values(raw)) {
      const p = textProblem(v);
      if (p) problems.push(p);
    }
    if (!raw.name) problems.push('请填写会员姓名');
    else if ([...raw.name].length > NAME_MAX) problems.push(`会员姓名最多 ${NAME_MAX} 个字`);
    const phoneProblem = validatePhone('0086', raw.phone);
    if (phoneProblem) problems.push(`手机号有误：${phoneProblem}`);
    const s = raw.storeCode ? refs.storeByCode.get(raw.storeCode) : undefined;
    if (!raw.storeCode) problems.push('请填写所属门店编码');
    else if (!s) problems.push(`门店编码「${raw.storeCode}」不存在`);
    else if (!s.inScope) problems.push(`门店「${s.name}」不在您的数据范围内`);
    const levelId = raw.level ? refs.levelByName.get(raw.level) : undefined;
    if (raw.level && levelId === undefined) problems.push(`会员等级「${raw.level}」不存在`);
    checkCard(r, refs, problems, row, now);
    // Against the other rows of the file and the members already there.
    if (!phoneProblem && raw.name) {
      const first = firstOfPhone.get(raw.phone);
      if (first && first.raw.name !== raw.name) problems.push(`手机号与第 ${first.row} 行相同但姓名不同`);
      else if (first && first.raw.storeCode !== raw.storeCode)
        problems.push(`手机号与第 ${first.row} 行相同但所属门店不同`);
      const m = refs.memberByPhone.get(raw.phone);
      if (m && m.name !== raw.name) problems.push(`手机号已是会员「${m.name}」（${m.code}），姓名不一致`);
      row.existingMemberId = m?.id ?? null;
    }
    if (raw.cardNo) {
      const earlier = firstOfCardNo.get(raw.cardNo);
      if (earlier !== undefined) problems.push(`原卡号与第 ${earlier} 行重复`);
      else firstOfCardNo.set(raw.cardNo, r.row);
    }
    row.name = raw.name;
    row.phone = raw.phone;
    row.storeId = s?.inScope ? s.id : null;
    row.levelId = levelId ?? null;
    if (problems.length) {
      // A wrong row brings nothing: its figures stay 0 (the error report has what the file said).
      Object.assign(row, { outcome: 'error', message: problems.join('；'), principal: 0, bonus: 0, sessions: [] });
    } else {
      const done = raw.cardNo ? refs.importedCardNos.get(raw.cardNo) : undefined;
      if (done && done.phone !== raw.phone) {
        row.outcome = 'error';
        row.message = `原卡号已由迁入批次 ${done.batchNo} 导入给其他会员`;
      } else if (done) {
        row.outcome = 'skipped';
        row.message = `原卡号已由迁入批次 ${done.batchNo} 导入，跳过`;
      } else if (!row.cardId && row.existingMemberId) {
        row.outcome = 'skipped';
        row.message = '会员已存在，本行没有会员卡可导入，跳过';
      }
      if (!firstOfPhone.has(raw.phone)) firstOfPhone.set(raw.phone, row);
    }
    out.push(row);
  }
  return { rows: out, summary: summarize(out) };
};

/** What the ready rows would create. */
export const summarize = (rows: readonly CheckedRow[]): MemberImportSummary => {
  const ready = rows.filter((r) => r.outcome === 'ready');
  const phones = new Map(ready.map((r) => [r.phone!, r.existingMemberId]));
  const existing = [...phones.values()].filter((id) => id !== null).length;
  return {
    totalRows: rows.length,
    errorRows: rows.filter((r) => r.outcome === 'error').length,
    readyRows: ready.length,
    skippedRows: rows.filter((r) => r.outcome === 'skipped').length,
    newMembers: phones.size - existing,
    existingMembers: existing,
    cards: ready.filter((r) => r.cardId !== null).length,
    principal: ready.reduce((n, r) => n + r.principal, 0),
    bonus: ready.reduce((n, r) => n + r.bonus, 0),
    sessions: ready.reduce((n, r) => n + r.sessions.reduce((k, s) => k + s.sessions, 0), 0),
  };
};
