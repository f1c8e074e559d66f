/**
 * Staff (SPEC §2.5 /staffManager, /staffDetail) and its two views on the same table:
 * /increaseHairStaff (增发师, hairGrowth) and /medicalSupervisor (医务监督). A staff member works
 * in one store, holds a position and a level under it, and may be linked to an account.
 * GET /rest/staffList/statusDtos answers the statuses (SPEC §7.3).
 */
import { z } from 'zod';
import { codes, endpoint, OPEN } from '../api/endpoint';
import { pageAccess } from '../api/pageAccess';
import { PHONE_MAX_LENGTH } from '../constants';
import { AREA_CODES, DEFAULT_AREA_CODE } from '../phone';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption, type FieldDef, type ResourceDecl } from '../resource/define';
import { calendarDay } from '../rules';

/** 试用 → 在职 → 离职; a member who left keeps their file. */
export const STAFF_STATUSES = [
  { value: 'probation', label: '试用期', color: 'blue' },
  { value: 'active', label: '在职', color: 'green' },
  { value: 'left', label: '离职', color: 'default' },
] as const satisfies readonly EnumOption[];

export type StaffStatus = (typeof STAFF_STATUSES)[number]['value'];

export const STAFF_AREA_CODES: readonly EnumOption[] = AREA_CODES.map((a) => ({
  value: a.areaCode,
  label: `${a.name} +${a.areaCode.replace(/^00/, '')}`,
}));

export const CERTIFICATES_MAX = 10;

/** One certificate of a staff member (资格证书): name, number, valid until (empty: no end). */
export const certificateSchema = z.object({
  name: z.string({ error: '请输入证书名称' }).trim().min(1, '请输入证书名称').max(40, '证书名称最多 40 个字符'),
  number: z.string({ error: '请输入证书编号' }).trim().min(1, '请输入证书编号').max(40, '证书编号最多 40 个字符'),
  validUntil: calendarDay('有效期').nullable().optional(),
});

export const certificatesSchema = z
  .array(certificateSchema, { error: '证书格式无效' })
  .max(CERTIFICATES_MAX, `证书最多 ${CERTIFICATES_MAX} 个`);

export type Certificate = z.infer<typeof certificateSchema>;

const FIELDS = {
  name: {
    label: '姓名',
    type: 'text',
    required: true,
    max: 20,
    list: { width: 90, fixed: 'left' },
    filter: 'like',
    sort: true,
  },
  storeId: { label: '所属门店', type: 'int', required: true, formOnly: true },
  storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 130 }, filter: 'like', sort: true },
  regionName: { label: '大区', type: 'text', readOnly: true, list: { width: 90 } },
  genderId: { label: '性别', type: 'lookup', lookup: 'gender', list: { width: 60 } },
  areaCode: { label: '区号', type: 'enum', options: STAFF_AREA_CODES, required: true, default: DEFAULT_AREA_CODE },
  phone: {
    label: '手机号',
    type: 'text',
    required: true,
    max: PHONE_MAX_LENGTH,
    pattern: { regex: /^\d+$/, message: '手机号只能输入数字' },
    list: { width: 120 },
    filter: 'like',
  },
  positionId: { label: '岗位', type: 'lookup', lookup: 'position', required: true, list: { width: 100 }, filter: 'eq' },
  levelId: {
    label: '职级',
    type: 'lookup',
    lookup: 'staffLevel',
    lookupParent: 'positionId',
    list: { width: 110 },
    filter: 'eq',
  },
  educationId: { label: '学历', type: 'lookup', lookup: 'education', section: '个人信息', export: true },
  maritalStatusId: { label: '婚姻状况', type: 'lookup', lookup: 'maritalStatus', section: '个人信息', export: true },
  entryDate: {
    label: '入职日期',
    type: 'date',
    required: true,
    list: { width: 110 },
    filter: 'range',
    sort: true,
    section: '任职',
  },
  leaveDate: { label: '离职日期', type: 'date', section: '任职', export: true, help: '状态为离职时必填' },
  status: {
    label: '状态',
    type: 'enum',
    options: STAFF_STATUSES,
    required: true,
    default: 'probation',
    list: { width: 80 },
    filter: 'eq',
    section: '任职',
  },
  hairGrowth: {
    label: '增发师',
    type: 'bool',
    boolLabels: { yes: '是', no: '否', color: 'purple' },
    default: false,
    list: { width: 80 },
    filter: 'eq',
    section: '任职',
  },
  medicalSupervisor: {
    label: '医务监督',
    type: 'bool',
    boolLabels: { yes: '是', no: '否', color: 'red' },
    default: false,
    list: { width: 90 },
    filter: 'eq',
    section: '任职',
  },
  accountId: {
    label: '关联账号',
    type: 'int',
    section: '任职',
    formOnly: true,
    help: '员工用于登录的账号（可不关联）',
  },
  accountName: { label: '账号', type: 'text', readOnly: true, section: '任职', export: true },
  certificates: { label: '资格证书', type: 'json', section: '资格证书', help: '证书名称、编号与有效期' },
  createdAt: { label: '创建时间', type: 'datetime', readOnly: true, sort: true, section: '任职', export: true },
} satisfies Record<string, FieldDef>;

const SECTIONS = ['基本信息', '个人信息', '任职', '资格证书'] as const;

export const STAFF = defineResource({
  name: 'staff',
  title: '员工',
  page: '/staffManager',
  detailPage: '/staffDetail',
  api: '/rest/staffList',
  rowLabel: 'name',
  defaultSort: { field: 'entryDate', dir: 'desc' },
  sections: SECTIONS,
  actions: { create: true, update: true, delete: 'hard', export: true },
  fields: FIELDS,
});

/**
 * A view of staff with one flag set: the flag is what puts a member in the view, so it is not
 * edited there (a create sets it; 删除 takes the member off the view, the staff file stays).
 */
const flagView = (
  flag: 'hairGrowth' | 'medicalSupervisor',
  decl: Pick<ResourceDecl, 'name' | 'title' | 'page' | 'api'>,
) =>
  defineResource({
    ...decl,
    rowLabel: 'name',
    defaultSort: { field: 'entryDate', dir: 'desc' },
    sections: SECTIONS,
    actions: { create: true, update: true, delete: 'hard', export: true },
    fields: Object.fromEntries(
      Object.entries(FIELDS).map(([k, f]) => [k, k === flag ? { ...f, readOnly: true, filter: undefined } : f]),
    ),
  });

export const HAIR_GROWTH_STAFF = flagView('hairGrowth', {
  name: 'hairGrowthStaff',
  title: '增发师',
  page: '/increaseHairStaff',
  api: '/rest/increaseHairStaff',
});

export const MEDICAL_SUPERVISOR = flagView('medicalSupervisor', {
  name: 'medicalSupervisor',
  title: '医务监督',
  page: '/medicalSupervisor',
  api: '/rest/medicalSupervisor',
});

export interface StaffStatusDto {
  code: StaffStatus;
  name: string;
}

export interface StaffOption {
  id: number;
  name: string;
}

const STAFF_PAGES = [STAFF.page, HAIR_GROWTH_STAFF.page, MEDICAL_SUPERVISOR.page];

/** Whoever may open any of the staff pages. */
const anyStaffPage = () => {
  const all = STAFF_PAGES.flatMap((p) => {
    const a = pageAccess(p);
    return a.kind === 'codes' ? a.codes : [];
  });
  return codes(...new Set(all));
};

export const STAFF_API = {
  ...resourceApi(STAFF),
  /** The staff statuses with their Chinese names (SPEC §7.3). */
  statusDtos: endpoint<undefined, undefined, StaffStatusDto[]>({
    method: 'GET',
    path: '/rest/staffList/statusDtos',
    access: OPEN,
    summary: '员工状态',
  }),
  /** The stores of the caller's data scope, for the staff form. */
  stores: endpoint<undefined, undefined, StaffOption[]>({
    method: 'GET',
    path: '/rest/staffList/stores',
    access: anyStaffPage(),
    summary: '可选门店',
  }),
  /** Enabled accounts a staff member may be linked to, for the staff form. */
  accounts: endpoint<undefined, undefined, StaffOption[]>({
    method: 'GET',
    path: '/rest/staffList/accounts',
    access: anyStaffPage(),
    summary: '可关联账号',
  }),
};

export const HAIR_GROWTH_API = resourceApi(HAIR_GROWTH_STAFF);
export const MEDICAL_SUPERVISOR_API = resourceApi(MEDICAL_SUPERVISOR);
