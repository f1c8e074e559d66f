/**
 * 查询报表 over members, cards, bills, goods and staff (SPEC §2.10 "Query reports"): /MemberCard,
 * /MemberBasicInformation, /CardRanking, /storeMemberAnalysis, /productSonsumption,
 * /LossOfEmployees. Each is a declaration (report/define.ts); the server binds each to its facts
 * (apps/server/src/modules/reports/query.ts) and a test holds its figures equal to an independent
 * count over the same facts.
 */
import { CARD_KINDS } from '../entities/card';
import { MEMBER_STATUSES } from '../entities/member';
import { defineReport, type ReportFilterDef } from '../report/define';

/** A card held is 正常, 冻结 (its status) or 已过期 (past expiresAt, whatever its status). */
export const CARD_STATES = [
  { value: 'active', label: '正常', color: 'green' },
  { value: 'frozen', label: '冻结', color: 'red' },
  { value: 'expired', label: '已过期', color: 'default' },
] as const;

/** 沉默会员: no bill in this many days up to the period's last day, unless the query says otherwise. */
export const SILENT_DAYS_DEFAULT = 90;
/** The longest silence a query may ask about. */
export const SILENT_DAYS_MAX = 3650;

/** How a product was consumed: by the projects served (each session's usage) or sold as itself. */
export const CONSUMPTION_WAYS = [
  { value: 'project', label: '项目消耗', color: 'blue' },
  { value: 'product', label: '直接销售', color: 'gold' },
] as const;

/** Units of a project's product usage (goods project_product.unit). */
export const USAGE_UNITS = [
  { value: 'ml', label: '毫升' },
  { value: 'piece', label: '件' },
] as const;

const storeFilter: ReportFilterDef = { label: '门店', type: 'int', filter: 'eq', picker: 'store' };
const regionFilter: ReportFilterDef = { label: '大区', type: 'int', filter: 'eq', picker: 'region' };
const cardFilter: ReportFilterDef = { label: '卡项', type: 'int', filter: 'eq', picker: 'card' };

const region = { label: '大区', type: 'text', width: 90 } as const;
const storeName = { label: '门店', type: 'text', width: 140 } as const;
const storeId = { label: '门店ID', type: 'int', hidden: true } as const;

/** /MemberCard 会员持卡: the cards members hold, counted by store, card product and state. */
export const MEMBER_CARD_REPORT = defineReport({
  name: 'memberCard',
  title: '会员持卡',
  page: '/MemberCard',
  kind: 'summary',
  source:
    '会员卡（member_card，按开卡门店；剩余次数、总次数为卡上保存的 member_card_session 合计，由触发器在写次数的同一事务中维护）',
  dimensions: {
    regionName: region,
    storeName,
    storeId,
    cardName: { label: '卡项', type: 'text', width: 160 },
    cardId: { label: '卡项ID', type: 'int', hidden: true },
    kind: { label: '卡类型', type: 'enum', options: CARD_KINDS, width: 80 },
    state: { label: '卡状态', type: 'enum', options: CARD_STATES, width: 80 },
  },
  measures: {
    cards: { label: '持卡数', type: 'int', agg: 'count', summary: true },
    members: { label: '持卡会员数', type: 'int', agg: 'countDistinct', summary: true },
    paid: { label: '开卡金额', type: 'money', agg: 'sum', summary: true },
    balance: { label: '储值本金余额', type: 'money', agg: 'sum', group: '储值余额' },
    bonusBalance: { label: '赠送余额', type: 'money', agg: 'sum', group: '储值余额' },
    sessionsLeft: { label: '剩余次数', type: 'int', agg: 'sum', group: '套餐次数' },
    sessionsTotal: { label: '总次数', type: 'int', agg: 'sum', group: '套餐次数' },
  },
  groupings: [
    { key: 'store', label: '按门店', dims: ['regionName', 'storeName', 'storeId'] },
    { key: 'card', label: '按卡项', dims: ['cardName', 'cardId', 'kind'] },
    {
      key: 'storeCard',
      label: '按门店和卡项',
      dims: ['regionName', 'storeName', 'storeId', 'cardName', 'cardId', 'kind'],
    },
    { key: 'state', label: '按卡状态', dims: ['state'] },
  ],
  filters: {
    storeId: storeFilter,
    regionId: regionFilter,
    cardId: cardFilter,
    kind: { label: '卡类型', type: 'enum', options: CARD_KINDS, filter: 'eq' },
    state: { label: '卡状态', type: 'enum', options: CARD_STATES, filter: 'eq' },
    opened: { label: '开卡日期', type: 'date', filter: 'range', period: true },
  },
  defaultSort: { field: 'cards', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['cards'] },
  export: true,
});

/** /MemberBasicInformation 会员基本信息: one row per member, with the cards they hold and their balance. */
export const MEMBER_BASIC_INFO_REPORT = defineReport({
  name: 'memberBasicInformation',
  title: '会员基本信息',
  page: '/MemberBasicInformation',
  kind: 'detail',
  source:
    '会员（member）及其上保存的持卡数、有效卡数、有效储值余额、有效卡剩余次数（会员卡 member_card 变动时由触发器按当时重算；此后到期的卡在每次读报表前和每分钟的任务中重算其会员）',
  dimensions: {
    code: { label: '会员编号', type: 'text', width: 120, fixed: 'left' },
    memberId: { label: '会员ID', type: 'int', hidden: true },
    name: { label: '姓名', type: 'text', width: 90 },
    phone: { label: '手机号', type: 'text', width: 120 },
    genderName: { label: '性别', type: 'text', width: 60 },
    levelName: { label: '会员等级', type: 'text', width: 90 },
    sourceName: { label: '会员来源', type: 'text', width: 110 },
    regionName: region,
    storeName: { ...storeName, label: '所属门店' },
    status: { label: '状态', type: 'enum', options: MEMBER_STATUSES, width: 70 },
    joinedAt: { label: '入会时间', type: 'datetime', width: 170 },
  },
  measures: {
    cards: { label: '持卡数', type: 'int', agg: 'sum', summary: true },
    validCards: { label: '有效卡数', type: 'int', agg: 'sum' },
    storedBalance: {
      label: '储值余额',
      type: 'money',
      agg: 'sum',
      summary: true,
      group: '账户',
    },
    sessionsLeft: { label: '剩余次数', type: 'int', agg: 'sum', group: '账户' },
  },
  filters: {
    code: { label: '会员编号', type: 'text', filter: 'like' },
    name: { label: '姓名', type: 'text', filter: 'like' },
    phone: { label: '手机号', type: 'text', filter: 'like' },
    levelId: { label: '会员等级', type: 'lookup', lookup: 'memberLevel', filter: 'eq' },
    sourceId: { label: '会员来源', type: 'lookup', lookup: 'memberSource', filter: 'eq' },
    storeId: { ...storeFilter, label: '所属门店' },
    regionId: regionFilter,
    status: { label: '状态', type: 'enum', options: MEMBER_STATUSES, filter: 'eq' },
    joined: { label: '入会日期', type: 'date', filter: 'range', period: true },
  },
  defaultSort: { field: 'joinedAt', dir: 'desc', thenBy: 'memberId' },
  totals: true,
  export: true,
});

/**
 * /CardRanking 卡项排行: the card products ranked by what was sold in a period (cards opened, the
 * amount paid, the buyers) beside what was drawn from them (耗卡: sessions drawn from 套餐卡,
 * money drawn from 储值卡), by card product, store (where it was sold or drawn) and month.
 */
export const CARD_RANKING_REPORT = defineReport({
  name: 'cardRanking',
  title: '卡项排行',
  page: '/CardRanking',
  kind: 'summary',
  source:
    '开卡（member_card：开卡门店、开卡时间、实付金额）与耗卡（card_ledger 的消费流水，按日、按月汇总于 card_draw_day / card_draw_month：写单时记入增量表 card_draw_delta，每次读报表前合并）',
  dimensions: {
    cardName: { label: '卡项', type: 'text', width: 160 },
    cardId: { label: '卡项ID', type: 'int', hidden: true },
    kind: { label: '卡类型', type: 'enum', options: CARD_KINDS, width: 80 },
    regionName: region,
    storeName,
    storeId,
    month: { label: '月份', type: 'date', bucket: 'month', width: 100 },
  },
  measures: {
    sold: { label: '售卡数', type: 'int', agg: 'sum', summary: true, group: '售卡' },
    amount: { label: '售卡金额', type: 'money', agg: 'sum', summary: true, group: '售卡' },
    members: { label: '购卡会员数', type: 'int', agg: 'countDistinct', group: '售卡' },
    drawSessions: { label: '耗卡次数', type: 'int', agg: 'sum', group: '耗卡' },
    drawAmount: { label: '耗卡金额', type: 'money', agg: 'sum', summary: true, group: '耗卡' },
  },
  groupings: [
    { key: 'card', label: '按卡项', dims: ['cardName', 'cardId', 'kind'] },
    {
      key: 'storeCard',
      label: '按门店和卡项',
      dims: ['regionName', 'storeName', 'storeId', 'cardName', 'cardId', 'kind'],
    },
    { key: 'store', label: '按门店', dims: ['regionName', 'storeName', 'storeId'] },
    { key: 'month', label: '按月份', dims: ['month'] },
  ],
  filters: {
    period: { label: '统计日期', type: 'date', filter: 'range', period: true, required: true, preset: 'thisMonth' },
    storeId: storeFilter,
    regionId: regionFilter,
    cardId: cardFilter,
    kind: { label: '卡类型', type: 'enum', options: CARD_KINDS, filter: 'eq' },
  },
  defaultSort: { field: 'amount', dir: 'desc', thenBy: 'sold' },
  totals: true,
  chart: { type: 'bar', x: 'cardName', series: ['amount', 'drawAmount'] },
  // The cards behind 售卡数: those of the product (and store) opened in the period, as 会员持卡 counts them.
  drill: {
    sold: {
      to: '/MemberCard',
      query: {
        cardId: { row: 'cardId' },
        storeId: { row: 'storeId' },
        openedFrom: { filter: 'periodFrom' },
        openedTo: { filter: 'periodTo' },
        groupBy: { value: 'storeCard' },
      },
    },
  },
  export: true,
});

/**
 * /storeMemberAnalysis 门店会员分析: the members of each store (their home store): how many by the
 * period's last day, new in the period, active (a bill in the period) and silent (no bill in the
 * silentDays days up to the period's last day).
 */
export const STORE_MEMBER_ANALYSIS_REPORT = defineReport({
  name: 'storeMemberAnalysis',
  title: '门店会员分析',
  page: '/storeMemberAnalysis',
  kind: 'summary',
  source:
    '会员（member：所属门店、入会时间、最近消费日 last_visit_day）按门店按日汇总于 member_store_day / member_store_month（入会人数、最近消费在该日的人数：消费单写入时由触发器更新最近消费日，会员新增、换店、最近消费日变化时记入增量表 member_store_delta，每次读报表前合并），加上统计止日之后消费或入会的会员逐个核对消费单（member_consume）',
  dimensions: {
    regionName: region,
    regionId: { label: '大区ID', type: 'int', hidden: true },
    storeName,
    storeId,
  },
  measures: {
    members: { label: '会员总数', type: 'int', agg: 'sum', summary: true },
    newMembers: { label: '新增会员', type: 'int', agg: 'sum', summary: true },
    active: { label: '活跃会员', type: 'int', agg: 'sum', summary: true, group: '活跃' },
    activeRate: {
      label: '活跃率',
      type: 'percent',
      agg: 'ratio',
      of: { num: 'active', den: 'members' },
      group: '活跃',
    },
    silent: { label: '沉默会员', type: 'int', agg: 'sum', summary: true, group: '沉默' },
    silentRate: {
      label: '沉默率',
      type: 'percent',
      agg: 'ratio',
      of: { num: 'silent', den: 'members' },
      group: '沉默',
    },
  },
  groupings: [
    { key: 'store', label: '按门店', dims: ['regionName', 'regionId', 'storeName', 'storeId'] },
    { key: 'region', label: '按大区', dims: ['regionName', 'regionId'] },
  ],
  // The members behind a count: the store's (or region's) members registered by the period's end, or in it.
  drill: {
    members: {
      to: '/MemberBasicInformation',
      query: { regionId: { row: 'regionId' }, storeId: { row: 'storeId' }, joinedTo: { filter: 'periodTo' } },
    },
    newMembers: {
      to: '/MemberBasicInformation',
      query: {
        regionId: { row: 'regionId' },
        storeId: { row: 'storeId' },
        joinedFrom: { filter: 'periodFrom' },
        joinedTo: { filter: 'periodTo' },
      },
    },
  },
  filters: {
    period: { label: '统计日期', type: 'date', filter: 'range', period: true, required: true, preset: 'thisMonth' },
    storeId: storeFilter,
    regionId: regionFilter,
    silentDays: {
      label: '沉默天数',
      type: 'int',
      filter: 'eq',
      min: 1,
      max: SILENT_DAYS_MAX,
      help: `截至统计止日连续多少天无消费算沉默，不填为 ${SILENT_DAYS_DEFAULT} 天`,
    },
  },
  defaultSort: { field: 'members', dir: 'desc', thenBy: 'storeName' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['members', 'newMembers', 'active', 'silent'] },
  export: true,
});

/**
 * /productSonsumption 产品消耗: the products consumed in a period — by the projects served (each
 * project line's sessions × the project's usage of the product, in ml or pieces) and sold directly
 * (product lines of the bills, in the product's own unit). The usage is each project's as it is
 * now: it is not recorded per bill, so a changed usage changes the figures of past periods.
 */
export const PRODUCT_CONSUMPTION_REPORT = defineReport({
  name: 'productConsumption',
  title: '产品消耗',
  page: '/productSonsumption',
  kind: 'summary',
  source:
    '消费单明细（member_consume_line，按日、按月汇总于 consume_item_day / consume_item_month，不分门店时读全连锁的 consume_item_chain_day / consume_item_chain_month：写单时记入增量表 consume_item_delta，每次读报表前合并）：项目服务次数 × 项目当前的产品用量（project_product；用量不随单据记录，改用量会改变历史期间的数字），产品行',
  dimensions: {
    productCode: { label: '产品编码', type: 'text', width: 110 },
    productName: { label: '产品', type: 'text', width: 160 },
    productId: { label: '产品ID', type: 'int', hidden: true },
    way: { label: '消耗方式', type: 'enum', options: CONSUMPTION_WAYS, width: 90 },
    unit: { label: '单位', type: 'text', width: 70 },
    regionName: region,
    storeName,
    storeId,
    month: { label: '月份', type: 'date', bucket: 'month', width: 100 },
  },
  measures: {
    quantity: { label: '消耗数量', type: 'int', agg: 'sum', summary: true },
    services: { label: '服务次数', type: 'int', agg: 'sum', group: '项目消耗' },
    amount: { label: '销售金额', type: 'money', agg: 'sum', summary: true, group: '直接销售' },
  },
  groupings: [
    { key: 'product', label: '按产品', dims: ['productCode', 'productName', 'productId', 'way', 'unit'] },
    {
      key: 'storeProduct',
      label: '按门店和产品',
      dims: ['regionName', 'storeName', 'storeId', 'productCode', 'productName', 'productId', 'way', 'unit'],
    },
    {
      key: 'monthProduct',
      label: '按月份和产品',
      dims: ['month', 'productCode', 'productName', 'productId', 'way', 'unit'],
    },
  ],
  filters: {
    consumed: { label: '消费日期', type: 'date', filter: 'range', period: true, required: true, preset: 'thisMonth' },
    storeId: storeFilter,
    regionId: regionFilter,
    productId: { label: '产品', type: 'int', filter: 'eq', picker: 'product' },
    way: { label: '消耗方式', type: 'enum', options: CONSUMPTION_WAYS, filter: 'eq' },
  },
  defaultSort: { field: 'quantity', dir: 'desc', thenBy: 'productCode' },
  totals: true,
  chart: { type: 'bar', x: 'productName', series: ['quantity'] },
  export: true,
});

/**
 * /LossOfEmployees 员工流失: staff who left, by store, position and month, with the rate: those
 * who left ÷ the staff on the books in that time (entered by its end, not left before its start).
 */
export const LOSS_OF_EMPLOYEES_REPORT = defineReport({
  name: 'lossOfEmployees',
  title: '员工流失',
  page: '/LossOfEmployees',
  kind: 'summary',
  source: '员工（staff：门店、岗位、入职日期、离职日期、状态）',
  dimensions: {
    regionName: region,
    storeName,
    storeId,
    positionName: { label: '岗位', type: 'text', width: 110 },
    month: { label: '月份', type: 'date', bucket: 'month', width: 100 },
  },
  measures: {
    headcount: { label: '在册人数', type: 'int', agg: 'countDistinct', summary: true },
    left: { label: '离职人数', type: 'int', agg: 'sum', summary: true },
    rate: { label: '流失率', type: 'percent', agg: 'ratio', of: { num: 'left', den: 'headcount' }, summary: true },
  },
  groupings: [
    { key: 'store', label: '按门店', dims: ['regionName', 'storeName', 'storeId'] },
    { key: 'position', label: '按岗位', dims: ['positionName'] },
    { key: 'month', label: '按月份', dims: ['month'] },
    {
      key: 'storePositionMonth',
      label: '按门店、岗位和月份',
      dims: ['regionName', 'storeName', 'storeId', 'positionName', 'month'],
    },
  ],
  filters: {
    period: { label: '统计日期', type: 'date', filter: 'range', period: true, required: true, preset: 'thisYear' },
    storeId: storeFilter,
    regionId: regionFilter,
    positionId: { label: '岗位', type: 'lookup', lookup: 'position', filter: 'eq' },
  },
  defaultSort: { field: 'left', dir: 'desc', thenBy: 'storeName' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['left'] },
  export: true,
});

export const QUERY_REPORTS = [
  MEMBER_CARD_REPORT,
  MEMBER_BASIC_INFO_REPORT,
  CARD_RANKING_REPORT,
  STORE_MEMBER_ANALYSIS_REPORT,
  PRODUCT_CONSUMPTION_REPORT,
  LOSS_OF_EMPLOYEES_REPORT,
];
