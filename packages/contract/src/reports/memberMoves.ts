/**
 * 会员迁移与闭店迁移记录（issue 15; entities/memberMove.ts）:
 * - /memAccountDetail 会员账户详情: every card a closure moved — the emptied card of the closing
 *   store, its successor at the receiving store, and what moved;
 * - /umsMemberSwitchRecord 会员切换记录: every change of a member's home store or phone, from a
 *   closure or an edit of the member's file;
 * - /memberMigration 会员迁移 (a tab of /personalAccount): one member's moves and switches.
 * A row is seen when the member's home store is in the caller's data scope.
 */
import { CARD_KINDS } from '../entities/card';
import { MOVE_STATUSES, SWITCH_KINDS, SWITCH_SOURCES } from '../entities/memberMove';
import type { AnyReport } from '../report/define';
import { defineReport } from '../report/define';

const memberColumns = {
  memberName: { label: '会员', type: 'text', width: 100 },
  memberCode: { label: '会员编号', type: 'text', width: 120 },
  phone: { label: '手机号', type: 'text', width: 120 },
} as const;

const moved = {
  amount: { label: '本金', type: 'money', agg: 'sum', group: '迁移金额', summary: true },
  bonus: { label: '赠送', type: 'money', agg: 'sum', group: '迁移金额', summary: true },
  sessions: { label: '次数', type: 'int', agg: 'sum', summary: true },
} as const;

/** /memAccountDetail 会员账户详情: one row per card moved by a closure. */
export const MEM_ACCOUNT_DETAIL = defineReport({
  name: 'memAccountDetail',
  title: '会员账户迁移明细',
  page: '/memAccountDetail',
  kind: 'detail',
  source: '闭店迁移的卡（member_move_card）：迁出的原卡与接收门店的新卡',
  dimensions: {
    id: { label: 'ID', type: 'int', hidden: true },
    closureNo: { label: '迁移单号', type: 'text', width: 130, fixed: 'left' },
    ...memberColumns,
    fromStoreName: { label: '迁出门店', type: 'text', width: 140 },
    toStoreName: { label: '接收门店', type: 'text', width: 140 },
    cardName: { label: '卡项', type: 'text', width: 140 },
    cardKind: { label: '卡类型', type: 'enum', options: CARD_KINDS, width: 80 },
    fromCardNo: { label: '原卡号', type: 'text', width: 120 },
    toCardNo: { label: '新卡号', type: 'text', width: 120 },
    at: { label: '迁移时间', type: 'datetime', width: 170 },
  },
  measures: moved,
  filters: {
    storeId: { label: '迁出门店', type: 'int', filter: 'eq', picker: 'store' },
    period: { label: '迁移日期', type: 'date', filter: 'range', period: true },
    closureNo: { label: '迁移单号', type: 'text', filter: 'like' },
    member: { label: '会员姓名/手机号', type: 'text', filter: 'like' },
  },
  defaultSort: { field: 'at', dir: 'desc', thenBy: 'id' },
  totals: true,
});

/** /umsMemberSwitchRecord 会员切换记录: every switch of a member's home store or account. */
export const MEMBER_SWITCH_RECORD = defineReport({
  name: 'umsMemberSwitchRecord',
  title: '会员切换记录',
  page: '/umsMemberSwitchRecord',
  kind: 'detail',
  source: '会员切换（member_switch，会员所属门店或手机号变更时由触发器写入）',
  dimensions: {
    id: { label: 'ID', type: 'int', hidden: true },
    at: { label: '切换时间', type: 'datetime', width: 170 },
    ...memberColumns,
    kind: { label: '切换类型', type: 'enum', options: SWITCH_KINDS, width: 130 },
    source: { label: '来源', type: 'enum', options: SWITCH_SOURCES, width: 90 },
    fromName: { label: '切换前', type: 'text', width: 150 },
    toName: { label: '切换后', type: 'text', width: 150 },
    closureNo: { label: '迁移单号', type: 'text', width: 130 },
    createdByName: { label: '操作人', type: 'text', width: 100 },
  },
  measures: {},
  filters: {
    storeId: { label: '现所属门店', type: 'int', filter: 'eq', picker: 'store' },
    period: { label: '切换日期', type: 'date', filter: 'range', period: true },
    kind: { label: '切换类型', type: 'enum', options: SWITCH_KINDS, filter: 'eq' },
    source: { label: '来源', type: 'enum', options: SWITCH_SOURCES, filter: 'eq' },
    member: { label: '会员姓名/手机号', type: 'text', filter: 'like' },
  },
  defaultSort: { field: 'at', dir: 'desc', thenBy: 'id' },
  export: true,
});

/** What a row of a member's migrations is: a closure's move, or a switch made otherwise. */
export const MIGRATION_KINDS = [{ value: 'closure', label: '闭店迁移', color: 'orange' }, ...SWITCH_KINDS] as const;

/** /memberMigration 会员迁移 (tab of /personalAccount): the member's moves and home-store/account switches. */
export const MEMBER_MIGRATION_VIEW = defineReport({
  name: 'memberMigration',
  title: '会员迁移',
  page: '/memberMigration',
  kind: 'detail',
  source: '会员的闭店迁移（member_move）与其他切换（member_switch）',
  dimensions: {
    key: { label: 'ID', type: 'text', hidden: true },
    at: { label: '时间', type: 'datetime', width: 170 },
    kind: { label: '类型', type: 'enum', options: MIGRATION_KINDS, width: 130 },
    closureNo: { label: '迁移单号', type: 'text', width: 130 },
    fromName: { label: '迁出/切换前', type: 'text', width: 150 },
    toName: { label: '接收/切换后', type: 'text', width: 150 },
    status: { label: '状态', type: 'enum', options: MOVE_STATUSES, width: 80 },
    error: { label: '失败原因', type: 'text', width: 200, sort: false },
  },
  measures: {
    cards: { label: '迁移卡数', type: 'int', agg: 'sum' },
    ...moved,
  },
  filters: {
    memberId: { label: '会员', type: 'int', filter: 'eq', required: true, fixed: true },
    kind: { label: '类型', type: 'enum', options: MIGRATION_KINDS, filter: 'eq' },
  },
  defaultSort: { field: 'at', dir: 'desc', thenBy: 'key' },
  totals: true,
});

export const MEMBER_MOVE_REPORTS: readonly AnyReport[] = [
  MEM_ACCOUNT_DETAIL,
  MEMBER_SWITCH_RECORD,
  MEMBER_MIGRATION_VIEW,
];
