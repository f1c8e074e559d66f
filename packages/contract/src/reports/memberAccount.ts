/**
 * Views of a member's account, embedded in the tabs of /personalAccount with the member's id as a
 * fixed, required filter: /comboCard (套餐卡: each project of each combo card with its sessions)
 * and /storedValueCard (储值卡: each stored-value card with its balance and bonus), and a card's
 * ledger (会员卡流水: every 开卡, 充值, 消费 of one card, with the balance after it), opened from a
 * card's row with the card's id fixed. A member is seen when their home store is in the caller's
 * data scope.
 */
import { CARD_KINDS } from '../entities/card';
import { LEDGER_KINDS } from '../entities/member';
import { defineReport, type ReportFilterDef } from '../report/define';
import { CARD_STATES } from './query';

const memberIdFilter: ReportFilterDef = { label: '会员', type: 'int', filter: 'eq', required: true, fixed: true };

const card = {
  memberCardId: { label: '会员卡ID', type: 'int', hidden: true },
  cardNo: { label: '卡号', type: 'text', width: 120, fixed: 'left' },
  cardName: { label: '卡项', type: 'text', width: 150 },
  storeName: { label: '开卡门店', type: 'text', width: 130 },
  openedAt: { label: '开卡时间', type: 'datetime', width: 170 },
  expiresAt: { label: '到期时间', type: 'datetime', width: 170 },
  state: { label: '卡状态', type: 'enum', options: CARD_STATES, width: 80 },
} as const;

/** /comboCard 套餐卡: one row per project of each of the member's combo cards. */
export const COMBO_CARD_VIEW = defineReport({
  name: 'comboCard',
  title: '套餐卡',
  page: '/comboCard',
  kind: 'detail',
  source: '会员的套餐卡（member_card）与各项目次数（member_card_session）',
  dimensions: {
    ...card,
    projectName: { label: '项目', type: 'text', width: 150 },
  },
  measures: {
    paid: { label: '开卡金额', type: 'money', agg: 'sum', total: false },
    total: { label: '总次数', type: 'int', agg: 'sum', group: '次数' },
    used: { label: '已用次数', type: 'int', agg: 'sum', group: '次数' },
    remaining: { label: '剩余次数', type: 'int', agg: 'sum', group: '次数', summary: true },
  },
  filters: {
    memberId: memberIdFilter,
    state: { label: '卡状态', type: 'enum', options: CARD_STATES, filter: 'eq' },
  },
  defaultSort: { field: 'openedAt', dir: 'desc', thenBy: 'memberCardId' },
  totals: true,
});

/** /storedValueCard 储值卡: the member's stored-value cards with principal and bonus balances. */
export const STORED_VALUE_CARD_VIEW = defineReport({
  name: 'storedValueCard',
  title: '储值卡',
  page: '/storedValueCard',
  kind: 'detail',
  source: '会员的储值卡（member_card）与充值（card_top_up）',
  dimensions: { ...card },
  measures: {
    paid: { label: '开卡金额', type: 'money', agg: 'sum' },
    toppedUp: { label: '累计充值', type: 'money', agg: 'sum' },
    balance: { label: '本金余额', type: 'money', agg: 'sum', group: '余额', summary: true },
    bonusBalance: { label: '赠送余额', type: 'money', agg: 'sum', group: '余额', summary: true },
    totalBalance: { label: '合计余额', type: 'money', agg: 'sum', group: '余额' },
  },
  filters: {
    memberId: memberIdFilter,
    state: { label: '卡状态', type: 'enum', options: CARD_STATES, filter: 'eq' },
  },
  defaultSort: { field: 'openedAt', dir: 'desc', thenBy: 'memberCardId' },
  totals: true,
});

/** 会员卡流水: one card's ledger, newest first; opened from a card's row in either tab. */
export const CARD_LEDGER_VIEW = defineReport({
  name: 'memberCardLedger',
  title: '会员卡流水',
  page: '/personalAccount',
  kind: 'detail',
  source: '会员卡流水（card_ledger）',
  dimensions: {
    id: { label: '流水ID', type: 'int', hidden: true },
    at: { label: '时间', type: 'datetime', width: 170 },
    kind: { label: '类型', type: 'enum', options: LEDGER_KINDS, width: 70 },
    cardKind: { label: '卡类型', type: 'enum', options: CARD_KINDS, width: 80, hidden: true },
    projectName: { label: '项目', type: 'text', width: 140 },
    refNo: { label: '业务单号', type: 'text', width: 140 },
    storeName: { label: '门店', type: 'text', width: 130 },
    createdByName: { label: '操作人', type: 'text', width: 100 },
  },
  measures: {
    amount: { label: '本金变动', type: 'money', agg: 'sum', group: '储值' },
    bonusAmount: { label: '赠送变动', type: 'money', agg: 'sum', group: '储值' },
    balanceAfter: { label: '本金余额', type: 'money', agg: 'sum', group: '储值', total: false },
    bonusAfter: { label: '赠送余额', type: 'money', agg: 'sum', group: '储值', total: false },
    sessions: { label: '次数变动', type: 'int', agg: 'sum', group: '次数' },
    sessionsAfter: { label: '剩余次数', type: 'int', agg: 'sum', group: '次数', total: false },
  },
  filters: {
    memberCardId: { label: '会员卡', type: 'int', filter: 'eq', required: true, fixed: true },
  },
  defaultSort: { field: 'at', dir: 'desc', thenBy: 'id' },
  totals: true,
});

export const MEMBER_ACCOUNT_VIEWS = [COMBO_CARD_VIEW, STORED_VALUE_CARD_VIEW, CARD_LEDGER_VIEW];
