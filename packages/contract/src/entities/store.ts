/**
 * Stores (SPEC §2.4 /storeList and /storeDetail): a store's file — ownership, type and sub-type,
 * level, region, province/city/district, address, contacts, the lookups SPEC §3 names, its boss
 * and status. findByCode and storeStatus sit at their SPEC §7.3 paths.
 */
import { z } from 'zod';
import { endpoint, OPEN } from '../api/endpoint';
import { pageAccess } from '../api/pageAccess';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption, type RowOf } from '../resource/define';

/** A store's life: 筹建中 → 营业 ⇄ 停业 → 闭店. */
export const STORE_STATUSES = [
  { value: 'preparing', label: '筹建中', color: 'blue' },
  { value: 'open', label: '营业', color: 'green' },
  { value: 'suspended', label: '停业', color: 'orange' },
  { value: 'closed', label: '闭店', color: 'default' },
] as const satisfies readonly EnumOption[];

export type StoreStatus = (typeof STORE_STATUSES)[number]['value'];

export const STORE_OWNERSHIPS = [
  { value: 'direct', label: '直营', color: 'blue' },
  { value: 'franchise', label: '加盟', color: 'gold' },
] as const satisfies readonly EnumOption[];

export const STORE = defineResource({
  name: 'store',
  title: '门店',
  page: '/storeList',
  detailPage: '/storeDetail',
  api: '/rest/shop',
  rowLabel: 'name',
  defaultSort: { field: 'code', dir: 'asc' },
  sections: ['基本信息', '经营信息', '地址与联系方式', '状态'],
  actions: { create: true, update: true, delete: 'hard', export: true },
  fields: {
    code: {
      label: '门店编码',
      type: 'text',
      required: true,
      createOnly: true,
      max: 20,
      pattern: { regex: /^[A-Z0-9]+$/, message: '门店编码只能包含大写字母和数字' },
      list: { width: 100, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    name: {
      label: '门店名称',
      type: 'text',
      required: true,
      max: 40,
      list: { width: 160 },
      filter: 'like',
      sort: true,
    },
    ownership: {
      label: '经营方式',
      type: 'enum',
      options: STORE_OWNERSHIPS,
      required: true,
      default: 'direct',
      list: { width: 90 },
      filter: 'eq',
    },
    regionId: { label: '所属大区', type: 'int', required: true, formOnly: true, help: '大区经理与督导按大区查看门店' },
    regionName: { label: '大区', type: 'text', readOnly: true, list: { width: 100 }, filter: 'like', sort: true },
    typeId: {
      label: '门店类型',
      type: 'lookup',
      lookup: 'storeType',
      required: true,
      list: { width: 90 },
      filter: 'eq',
    },
    subTypeId: {
      label: '门店子类型',
      type: 'lookup',
      lookup: 'storeSubType',
      lookupParent: 'typeId',
      list: { width: 110 },
    },
    levelId: { label: '门店等级', type: 'lookup', lookup: 'storeLevel', list: { width: 80 }, filter: 'eq' },
    openDate: { label: '开业日期', type: 'date', list: { width: 110 }, filter: 'range', sort: true },
    bossUserId: { label: '门店老板', type: 'int', formOnly: true, help: '门店老板账号（账号类型为门店老板）' },
    bossName: { label: '老板', type: 'text', readOnly: true, list: { width: 90 } },
    businessScopeId: {
      label: '经营范围',
      type: 'lookup',
      lookup: 'businessScope',
      section: '经营信息',
      export: true,
    },
    bizDistrictId: { label: '商圈类型', type: 'lookup', lookup: 'bizDistrict', section: '经营信息', export: true },
    marketSegmentId: {
      label: '市场定位',
      type: 'lookup',
      lookup: 'marketSegment',
      section: '经营信息',
      export: true,
    },
    taxpayerTypeId: {
      label: '纳税人类型',
      type: 'lookup',
      lookup: 'taxpayerType',
      section: '经营信息',
      export: true,
    },
    scrmEnabled: {
      label: 'SCRM',
      type: 'bool',
      boolLabels: { yes: '已开通', no: '未开通', color: 'green' },
      default: false,
      section: '经营信息',
      export: true,
    },
    divisionCode: {
      label: '省/市/区',
      type: 'text',
      max: 12,
      pattern: { regex: /^\d{4,12}$/, message: '请选择省/市/区' },
      section: '地址与联系方式',
    },
    areaName: {
      label: '所在地区',
      type: 'text',
      readOnly: true,
      list: { width: 180 },
      filter: 'like',
      section: '地址与联系方式',
    },
    address: { label: '详细地址', type: 'text', max: 100, section: '地址与联系方式', export: true },
    phone: {
      label: '门店电话',
      type: 'text',
      max: 20,
      pattern: { regex: /^\d[\d-]{6,19}$/, message: '门店电话只能包含数字和短横线，至少 7 位' },
      list: { width: 130 },
      section: '地址与联系方式',
    },
    status: {
      label: '状态',
      type: 'enum',
      options: STORE_STATUSES,
      required: true,
      default: 'preparing',
      list: { width: 80 },
      filter: 'eq',
      section: '状态',
    },
    staffCount: { label: '员工数', type: 'int', readOnly: true, list: { width: 80 }, sort: true, section: '状态' },
    createdAt: { label: '创建时间', type: 'datetime', readOnly: true, sort: true, section: '状态', export: true },
  },
});

export interface StoreStatusDto {
  code: StoreStatus;
  name: string;
}

export interface Option {
  id: number;
  name: string;
}

export const storeCodeParams = z.object({
  code: z.string().trim().min(1, '请输入门店编码').max(20, '门店编码最多 20 个字符'),
});

export const STORE_API = {
  ...resourceApi(STORE),
  /** A store by its code, within the caller's data scope (RECORD_NOT_FOUND outside it). */
  findByCode: endpoint<undefined, undefined, RowOf<typeof STORE>>({
    method: 'GET',
    path: '/rest/shop/findByCode/:code',
    access: OPEN,
    params: storeCodeParams,
    summary: '按编码查询门店',
  }),
  /** The store statuses with their Chinese names. */
  storeStatus: endpoint<undefined, undefined, StoreStatusDto[]>({
    method: 'GET',
    path: '/rest/shop/storeStatus',
    access: OPEN,
    summary: '门店状态',
  }),
  /** The regions (大区) a store may belong to, for the store form. */
  regions: endpoint<undefined, undefined, Option[]>({
    method: 'GET',
    path: '/rest/shop/regions',
    access: pageAccess(STORE.page),
    summary: '大区列表',
  }),
  /** Boss accounts (门店老板) a store may name, for the store form. */
  bosses: endpoint<undefined, undefined, Option[]>({
    method: 'GET',
    path: '/rest/shop/bosses',
    access: pageAccess(STORE.page),
    summary: '门店老板账号',
  }),
};
