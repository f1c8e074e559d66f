/**
 * Members (SPEC §2.6 /memberList, /personalAccount): a customer of the chain with a home store
 * (their data scope follows it), the cards they hold (member_card), every change of a card's
 * balance or sessions (card_ledger) and their consumption bills (member_consume). The console
 * reads members and edits their file; cards are opened, topped up and drawn by the ledger
 * services (server modules/members/ledger.ts), never by a form. docs/domain.md "Members".
 */
import { PHONE_MAX_LENGTH } from '../constants';
import { DEFAULT_AREA_CODE } from '../phone';
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';
import { STAFF_AREA_CODES } from './staff';

/** 正常 / 冻结: a frozen member keeps their cards but draws nothing. */
export const MEMBER_STATUSES = [
  { value: 'normal', label: '正常', color: 'green' },
  { value: 'frozen', label: '冻结', color: 'red' },
] as const satisfies readonly EnumOption[];

export type MemberStatus = (typeof MEMBER_STATUSES)[number]['value'];

/**
 * A member card's own status; being past its expiry is read from expiresAt, not stored. 已补卡
 * (closed: its value moved to a new card number, 补卡) and 已注销 (cancelled, 注销) are final: the card
 * holds nothing and nothing draws it or changes it again (modules/memberAssets/cardClosure.ts).
 */
export const MEMBER_CARD_STATUSES = [
  { value: 'active', label: '正常', color: 'green' },
  { value: 'frozen', label: '冻结', color: 'red' },
  { value: 'closed', label: '已补卡', color: 'default' },
  { value: 'cancelled', label: '已注销', color: 'default' },
] as const satisfies readonly EnumOption[];

export type MemberCardStatus = (typeof MEMBER_CARD_STATUSES)[number]['value'];

/** Kinds of a card ledger row: every change of a card's balance or sessions is one of them. */
export const LEDGER_KINDS = [
  { value: 'open', label: '开卡', color: 'blue' },
  { value: 'topUp', label: '充值', color: 'gold' },
  { value: 'consume', label: '消费', color: 'volcano' },
  { value: 'refund', label: '退款', color: 'purple' },
  { value: 'adjust', label: '调整', color: 'default' },
  { value: 'migrateOut', label: '迁出', color: 'orange' },
  { value: 'migrateIn', label: '迁入', color: 'cyan' },
  { value: 'transferOut', label: '补卡转出', color: 'orange' },
  { value: 'transferIn', label: '补卡转入', color: 'cyan' },
  { value: 'cancel', label: '注销', color: 'red' },
] as const satisfies readonly EnumOption[];

export type LedgerKind = (typeof LEDGER_KINDS)[number]['value'];

/**
 * The kinds a bill or a card sale does not write: 退款, 调整, 迁出/迁入 (a store's closure, a home-store
 * change, an import from another system), 补卡 (value moved from a lost card to its new number) and
 * 注销. Written only through the ledger's `writeLedgerEntries`; the member-finance reports show them
 * as 其他 (期初 + 开卡/充值 − 消费 ± 其他 = 期末).
 */
export const LEDGER_OTHER_KINDS = [
  'refund',
  'adjust',
  'migrateOut',
  'migrateIn',
  'transferOut',
  'transferIn',
  'cancel',
] as const satisfies readonly LedgerKind[];

export type LedgerOtherKind = (typeof LEDGER_OTHER_KINDS)[number];

export const ledgerKindLabel = (kind: string): string => LEDGER_KINDS.find((k) => k.value === kind)?.label ?? kind;

/** Member code: HY and the id in eight digits (a generated column). */
export const MEMBER_CODE_PREFIX = 'HY';
/** Member card number: KH and the id in eight digits. */
export const MEMBER_CARD_NO_PREFIX = 'KH';
/** Consumption bill number: XF and the id in ten digits. */
export const CONSUME_BILL_PREFIX = 'XF';

export const MEMBER = defineResource({
  name: 'member',
  title: '会员',
  page: '/memberList',
  detailPage: '/personalAccount',
  api: '/rest/member',
  rowLabel: 'name',
  defaultSort: { field: 'joinedAt', dir: 'desc' },
  sections: ['基本信息', '会员资料', '账户概况'],
  // Members are registered at the store (开卡); headquarters reads, corrects and exports them.
  actions: { create: false, update: true, delete: false, export: true },
  fields: {
    code: {
      label: '会员编号',
      type: 'text',
      readOnly: true,
      list: { width: 120, fixed: 'left' },
      filter: 'like',
      sort: true,
    },
    name: { label: '姓名', type: 'text', required: true, max: 20, list: { width: 90 }, filter: 'like', sort: true },
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
    genderId: { label: '性别', type: 'lookup', lookup: 'gender', list: { width: 60 } },
    storeId: { label: '所属门店', type: 'int', required: true, formOnly: true },
    storeName: { label: '所属门店', type: 'text', readOnly: true, list: { width: 130 }, filter: 'like' },
    regionName: { label: '大区', type: 'text', readOnly: true, list: { width: 90 } },
    levelId: { label: '会员等级', type: 'lookup', lookup: 'memberLevel', list: { width: 90 }, filter: 'eq' },
    status: {
      label: '状态',
      type: 'enum',
      options: MEMBER_STATUSES,
      required: true,
      default: 'normal',
      list: { width: 70 },
      filter: 'eq',
    },
    birthday: { label: '生日', type: 'date', section: '会员资料', export: true },
    sourceId: { label: '会员来源', type: 'lookup', lookup: 'memberSource', section: '会员资料', export: true },
    joinedAt: {
      label: '入会时间',
      type: 'datetime',
      readOnly: true,
      list: { width: 170 },
      filter: 'range',
      sort: true,
      section: '会员资料',
    },
    remark: { label: '备注', type: 'textarea', max: 200, section: '会员资料', export: true },
    cardCount: { label: '持卡数', type: 'int', readOnly: true, list: { width: 70 }, section: '账户概况' },
    storedBalance: {
      label: '储值余额',
      type: 'money',
      readOnly: true,
      list: { width: 110 },
      section: '账户概况',
      help: '有效储值卡的本金与赠送余额合计',
    },
    updatedAt: { label: '更新时间', type: 'datetime', readOnly: true, section: '账户概况', export: true },
  },
});

export const MEMBER_RESOURCE_API = resourceApi(MEMBER);
