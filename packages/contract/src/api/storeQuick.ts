/**
 * Store quick channels (SPEC §7.6, /storeQuickConfig): the quick entries the store-side app shows
 * to each store-level role, and a store's optional override. Parameters in the query (SPEC).
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParamOf } from './ids';
import { buttonAccess, pageAccess } from './pageAccess';

/** A role or a store shows at most this many quick entries (SPEC §9: shortcuts at most 10). */
export const STORE_QUICK_MAX = 10;

export interface StoreQuickEntry {
  id: number;
  code: string;
  name: string;
  icon: string;
  sort: number;
}

export interface StoreQuickConfig {
  roleId: number;
  storeId: number | null;
  /** Where the entries come from: the role's default, or the store's override. */
  source: 'role' | 'store';
  entries: StoreQuickEntry[];
  /** The role's default entries (the same as `entries` when source is 'role'). */
  roleEntries: StoreQuickEntry[];
  /** Stores that override this role's default. */
  overrideStoreIds: number[];
}

export interface StoreQuickRole {
  id: number;
  code: string;
  name: string;
  description: string;
}

export interface StoreQuickStore {
  id: number;
  code: string;
  name: string;
  regionName: string;
}

export interface StoreQuickOptions {
  /** Roles of the store-level hierarchy box. */
  roles: StoreQuickRole[];
  stores: StoreQuickStore[];
}

const id = (what: string) => idParamOf(what, `请选择${what}`);

/**
 * "A,B,C" → ['A','B','C'] (SPEC: comma-separated); a repeated key (codes=A&codes=B, as the browser's
 * client sends a list) is read the same way; empty or absent → []. At most STORE_QUICK_MAX distinct codes.
 */
const codeList = z
  .preprocess(
    (v) => (v === undefined ? '' : Array.isArray(v) ? v.join(',') : v),
    z.string({ error: '快捷入口编码格式无效' }).max(1000, '快捷入口编码过长'),
  )
  .transform((s) =>
    s
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c.length > 0),
  )
  .refine((codes) => codes.length <= STORE_QUICK_MAX, `快捷入口最多 ${STORE_QUICK_MAX} 个`)
  .refine((codes) => new Set(codes).size === codes.length, '快捷入口不能重复');

export const roleQuicksQuery = z.object({ roleId: id('角色'), codes: codeList });
export const storeQuicksQuery = z.object({ storeId: id('门店'), roleId: id('角色'), codes: codeList });
export const storeQuickConfigQuery = z.object({ roleId: id('角色'), storeId: id('门店').optional() });

const READ = pageAccess('/storeQuickConfig');
const EDIT = buttonAccess('/storeQuickConfig', 'edit');

export const STORE_QUICK_API = {
  findStoreQuickBase: endpoint<undefined, undefined, StoreQuickEntry[]>({
    method: 'GET',
    path: '/rest/hier/findStoreQuickBase',
    access: READ,
    summary: '门店端全部快捷入口',
  }),
  addRoleQuicks: endpoint<z.output<typeof roleQuicksQuery>, undefined, StoreQuickConfig>({
    method: 'POST',
    path: '/rest/hier/addRoleQuicks',
    access: EDIT,
    query: roleQuicksQuery,
    summary: '设置门店角色的默认快捷入口（codes 逗号分隔，按顺序）',
  }),
  addStoreQuicks: endpoint<z.output<typeof storeQuicksQuery>, undefined, StoreQuickConfig>({
    method: 'POST',
    path: '/rest/hier/addStoreQuicks',
    access: EDIT,
    query: storeQuicksQuery,
    summary: '设置某门店某角色的快捷入口（codes 为空则取消门店设置，恢复角色默认）',
  }),
  findStoreQuickConfig: endpoint<z.output<typeof storeQuickConfigQuery>, undefined, StoreQuickConfig>({
    method: 'GET',
    path: '/rest/hier/findStoreQuickConfig',
    access: READ,
    query: storeQuickConfigQuery,
    summary: '门店角色（及门店）生效的快捷入口与来源',
  }),
  findStoreQuickOptions: endpoint<undefined, undefined, StoreQuickOptions>({
    method: 'GET',
    path: '/rest/hier/findStoreQuickOptions',
    access: READ,
    summary: '可设置快捷入口的门店角色与门店',
  }),
} as const;
