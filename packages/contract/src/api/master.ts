/**
 * Lookup lists of SPEC §3 ("Lookup lists fetched") at their SPEC §7.3 paths under /rest/master/.
 * Every lookup answers `{ id, code, name }[]` in display order; sub-type lookups take the id of
 * their parent item (a position, a store type, a project type).
 */
import { z } from 'zod';
import { endpoint, OPEN } from './endpoint';
import { idParamOf } from './ids';

export interface MasterItem {
  id: number;
  code: string;
  name: string;
}

/** Category codes of master_item; findMaster/:code takes one of them. */
export const MASTER_CATEGORIES = {
  position: '岗位',
  staffLevel: '员工职级',
  education: '学历',
  maritalStatus: '婚姻状况',
  storeType: '门店类型',
  storeSubType: '门店子类型',
  businessScope: '经营范围',
  bizDistrict: '商圈类型',
  marketSegment: '市场定位',
  storeLevel: '门店等级',
  gender: '性别',
  dateUnit: '时间单位',
  memberSource: '会员来源',
  memberLevel: '会员等级',
  occupation: '职业',
  income: '收入水平',
  taxpayerType: '纳税人类型',
  projectType: '项目类型',
  projectSubType: '项目子类型',
  label: '标签',
  toEasFee: '财务费用项目',
  productOnlineType: '线上商品类型',
} as const;

export type MasterCategory = keyof typeof MASTER_CATEGORIES;

/** Which category a sub-type category hangs under. */
export const MASTER_PARENT: Partial<Record<MasterCategory, MasterCategory>> = {
  staffLevel: 'position',
  storeSubType: 'storeType',
  projectSubType: 'projectType',
};

const parentId = (what: string) => z.object({ id: idParamOf(what) });

export const staffLevelParams = parentId('岗位');
export const storeSubTypeParams = parentId('门店类型');
export const projectSubTypeParams = parentId('项目类型');
export const masterCodeParams = z.object({ code: z.string().trim().min(1, '字典类型不能为空') });

type List = MasterItem[];

const list = (path: string, summary: string) =>
  endpoint<undefined, undefined, List>({ method: 'GET', path: `/rest/master/${path}`, access: OPEN, summary });

const byParent = (path: string, params: z.ZodType<{ id: number }>, summary: string) =>
  endpoint<undefined, undefined, List>({ method: 'GET', path: `/rest/master/${path}`, access: OPEN, params, summary });

export const MASTER_API = {
  /** Staff levels of one position (the id is the position's master item id). */
  searchStaffLevel: byParent('searchStaffLevel/:id', staffLevelParams, '员工职级（按岗位）'),
  findStaffEducation: list('findStaffEducation', '学历'),
  findMaritalStatus: list('findMaritalStatus', '婚姻状况'),
  findStoreType: list('findStoreType', '门店类型'),
  /** Every store sub-type. */
  findSubType: list('findSubType', '门店子类型'),
  /** Store sub-types of one store type. */
  searchSubType: byParent('searchSubType/:id', storeSubTypeParams, '门店子类型（按门店类型）'),
  findScopeofbusiness: list('findScopeofbusiness', '经营范围'),
  findBizdist: list('findBizdist', '商圈类型'),
  findMktSeg: list('findMktSeg', '市场定位'),
  findLevel: list('findLevel', '门店等级'),
  findGender: list('findGender', '性别'),
  findDateUnit: list('findDateUnit', '时间单位'),
  findMemSource: list('findMemSource', '会员来源'),
  findOccupation: list('findOccupation', '职业'),
  findIncome: list('findIncome', '收入水平'),
  /** The items of any category by its code (MASTER_CATEGORIES). */
  findMaster: endpoint<undefined, undefined, List>({
    method: 'GET',
    path: '/rest/master/findMaster/:code',
    access: OPEN,
    params: masterCodeParams,
    summary: '按字典类型查询',
  }),
  searchTaxpayertype: list('searchTaxpayertype', '纳税人类型'),
  findPrjType: list('findPrjType', '项目类型'),
  /** Project sub-types of one project type. */
  findPrjSubType: byParent('findPrjSubType/:id', projectSubTypeParams, '项目子类型（按项目类型）'),
  findLabel: list('findLabel', '标签'),
  findToEasFee: list('findToEasFee', '财务费用项目'),
  findProductOnlineType: list('findProductOnlineType', '线上商品类型'),
} as const;
