/**
 * 会员迁入 (SPEC §2.6 /moveIn, /moveInList, /moveInDetailList, /moveInDetail): members, their cards
 * and balances brought from another system with an .xlsx. The upload checks every row and keeps
 * the file as an import (迁入批次) in state 待导入 with each row's outcome — the dry run: nothing
 * else is written. 开始导入 runs it as a job, in batches of one transaction each: members (new or
 * found by phone), cards, and card ledger 迁入 rows (migrateIn) that bring each card to the file's
 * balance or sessions. A card number of the old system is imported once (a re-run skips it). An
 * import is undone (撤销) while none of its cards was drawn: 迁出 rows bring its cards to zero.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idOf, idParamOf } from '../api/ids';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import type { EnumOption } from '../resource/define';

/** The columns of the workbook, in the template's order; found by their titles in row 1. */
export const MEMBER_IMPORT_COLUMNS = [
  { key: 'name', title: '会员姓名', required: true, help: '必填，最多 20 个字' },
  { key: 'phone', title: '手机号', required: true, help: '必填，以 1 开头的 11 位中国大陆手机号' },
  { key: 'storeCode', title: '所属门店编码', required: true, help: '必填，门店列表中的门店编码（须在您的数据范围内）' },
  { key: 'level', title: '会员等级', required: false, help: '选填，会员等级的名称，如 金卡会员' },
  { key: 'cardCode', title: '卡项编码', required: false, help: '有卡时必填：卡项列表中的卡项编码（储值卡或套餐卡）' },
  { key: 'cardNo', title: '原卡号', required: false, help: '有卡时必填：旧系统中的卡号，同一卡号只会导入一次' },
  { key: 'principal', title: '储值本金（元）', required: false, help: '储值卡：剩余本金，最多两位小数' },
  { key: 'bonus', title: '储值赠金（元）', required: false, help: '储值卡：剩余赠金，最多两位小数' },
  {
    key: 'sessions',
    title: '项目剩余次数',
    required: false,
    help: '套餐卡：项目编码:次数，多个以分号分隔，如 XM001:5;XM002:3',
  },
  { key: 'openedAt', title: '开卡日期', required: false, help: '选填，YYYY-MM-DD，默认导入当天' },
  { key: 'expiresAt', title: '到期日期', required: false, help: '选填，YYYY-MM-DD，默认开卡日期加卡项有效天数' },
] as const;

export type MemberImportColumnKey = (typeof MEMBER_IMPORT_COLUMNS)[number]['key'];

/** One row of the file as read: each column's text ('' for an empty cell). */
export type MemberImportRaw = Record<MemberImportColumnKey, string>;

/** The column of the error report that says why a row was not imported. */
export const MEMBER_IMPORT_ERROR_TITLE = '错误原因';

/** Most data rows one file holds; largest workbook. */
export const MEMBER_IMPORT_MAX_ROWS = 100_000;
export const MEMBER_IMPORT_MAX_KB = 30 * 1024;
/** The multipart field of the workbook. */
export const MEMBER_IMPORT_FIELD = 'file';
/** Rows per batch of the import job (one transaction each). */
export const MEMBER_IMPORT_BATCH_ROWS = 500;
/** How long a running import's lease lasts past its last batch: then another process resumes it. */
export const MEMBER_IMPORT_LEASE_SECONDS = 120;
/** Resumes of one run after its process stopped; one more lost run marks it 导入失败 with the reason. */
export const MEMBER_IMPORT_MAX_RESUMES = 3;
/** Wrong rows listed in the upload's answer (the error report has them all). */
export const MEMBER_IMPORT_ERRORS_SHOWN = 200;

export const MEMBER_IMPORT_TEMPLATE_NAME = '会员迁入模板.xlsx';

/** An import's states: checked (the dry run, nothing written) → running → done | failed; done → rolledBack. */
export const MEMBER_IMPORT_STATES = [
  { value: 'checked', label: '待导入', color: 'blue' },
  { value: 'running', label: '导入中', color: 'processing' },
  { value: 'done', label: '已完成', color: 'green' },
  { value: 'failed', label: '导入失败', color: 'red' },
  { value: 'rolledBack', label: '已撤销', color: 'default' },
] as const satisfies readonly EnumOption[];

export type MemberImportState = (typeof MEMBER_IMPORT_STATES)[number]['value'];

/** A row's outcome: wrong (never imported), ready (to be imported), created, skipped (already there), rolled back. */
export const MEMBER_IMPORT_ROW_OUTCOMES = [
  { value: 'error', label: '有误', color: 'red' },
  { value: 'ready', label: '待导入', color: 'blue' },
  { value: 'created', label: '已导入', color: 'green' },
  { value: 'skipped', label: '已存在跳过', color: 'default' },
  { value: 'rolledBack', label: '已撤销', color: 'orange' },
] as const satisfies readonly EnumOption[];

export type MemberImportRowOutcome = (typeof MEMBER_IMPORT_ROW_OUTCOMES)[number]['value'];

/** The ledger's business records of an import: ref_id is the first import row of each store's group. */
export const MEMBER_IMPORT_REF = 'member_import_row';
export const MEMBER_IMPORT_UNDO_REF = 'member_import_undo';

/** What an import would create (the dry run) or created. */
export interface MemberImportSummary {
  totalRows: number;
  errorRows: number;
  /** Rows to import (checked good, not already imported). */
  readyRows: number;
  /** Rows whose card number (or member without a card) is there already. */
  skippedRows: number;
  newMembers: number;
  existingMembers: number;
  cards: number;
  /** 分 of principal and of bonus put on the 储值卡; sessions put on the 套餐卡. */
  principal: number;
  bonus: number;
  sessions: number;
}

export interface MemberImportError {
  row: number;
  message: string;
}

export interface MemberImportHeader extends MemberImportSummary {
  id: number;
  batchNo: string;
  fileName: string;
  state: MemberImportState;
  /** Rows the job has dealt with, of readyRows. */
  processedRows: number;
  createdRows: number;
  /** Why the job stopped (state failed). */
  failure: string | null;
  createdByName: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  rolledBackAt: string | null;
  /** Another import of the same file (by its content), if any was imported and not undone. */
  sameFileAs: string | null;
}

/** The upload's answer: the import (its dry run) and the first wrong rows. */
export interface MemberImportChecked {
  header: MemberImportHeader;
  errors: MemberImportError[];
}

/** One row with what it became. */
export interface MemberImportRowDetail {
  id: number;
  importId: number;
  batchNo: string;
  row: number;
  raw: MemberImportRaw;
  outcome: MemberImportRowOutcome;
  message: string | null;
  storeName: string | null;
  cardName: string | null;
  cardKind: string | null;
  principal: number;
  bonus: number;
  sessions: { projectName: string; sessions: number }[];
  member: { id: number; code: string; name: string; created: boolean } | null;
  card: {
    id: number;
    cardNo: string;
    balance: number | null;
    bonusBalance: number | null;
    sessionsLeft: number;
    status: string;
  } | null;
}

export const memberImportIdBody = z.object({ id: idOf('迁入批次', '迁入批次不存在') });
export const memberImportIdParams = z.object({ id: idParamOf('') });

export const MEMBER_IMPORT_API = {
  template: endpoint<undefined, undefined, unknown>({
    method: 'GET',
    path: '/rest/moveIn/template',
    access: pageAccess('/moveIn'),
    summary: '下载会员迁入模板',
  }),
  /** Body: multipart with the .xlsx under MEMBER_IMPORT_FIELD. Checks every row; writes only the import record. */
  upload: endpoint<undefined, unknown, MemberImportChecked>({
    method: 'POST',
    path: '/rest/moveIn/upload',
    access: buttonAccess('/moveIn', 'import'),
    summary: '上传会员迁入文件并校验（试运行）',
  }),
  /** The wrong rows as an .xlsx: the file's columns and 错误原因. */
  errors: endpoint<undefined, undefined, unknown>({
    method: 'GET',
    path: '/rest/moveIn/errors/:id',
    access: pageAccess('/moveIn'),
    params: memberImportIdParams,
    summary: '下载会员迁入错误报告',
  }),
  start: endpoint<undefined, z.infer<typeof memberImportIdBody>, MemberImportHeader>({
    method: 'POST',
    path: '/rest/moveIn/start',
    access: buttonAccess('/moveIn', 'import'),
    body: memberImportIdBody,
    summary: '开始会员迁入',
  }),
  rollback: endpoint<undefined, z.infer<typeof memberImportIdBody>, MemberImportHeader>({
    method: 'POST',
    path: '/rest/moveIn/rollback',
    access: buttonAccess('/moveInList', 'audit'),
    body: memberImportIdBody,
    summary: '撤销会员迁入',
  }),
  detail: endpoint<undefined, undefined, MemberImportHeader>({
    method: 'GET',
    path: '/rest/moveIn/detail/:id',
    access: pageAccess('/moveInDetailList'),
    params: memberImportIdParams,
    summary: '迁入批次详情',
    read: true,
  }),
  row: endpoint<undefined, undefined, MemberImportRowDetail>({
    method: 'GET',
    path: '/rest/moveIn/row/:id',
    access: pageAccess('/moveInDetail'),
    params: memberImportIdParams,
    summary: '迁入明细详情',
    read: true,
  }),
} as const;
