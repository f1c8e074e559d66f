/**
 * 收银单上的财务与查询报表（SPEC §2.10，issue 14）: /finance 财务大表, /storeSettlement 门店日结,
 * /saleDetails 销售明细, /orderCost 单据成本, /MonthlyRefundSum 月度退款汇总, /TakeawayRanking
 * 外带产品排行. Every figure is a sum over the 收银单 (member_consume: its lines, payments and card
 * ledger draws) and the executed refunds (refund, refund_payment, refund_line); closed bills (关单)
 * do not count. Each figure drills down to the bills behind it: /billingList with the same store,
 * days and status, a bill's /orderDetails, or a refund's /refundDetail.
 */
import { BILL_LINE_KINDS, BILL_PAY_METHODS, type BillPayMethod, SENT_PAY_METHODS } from '../entities/bill';
import { type DrillDef, defineReport, type ReportFilterDef } from '../report/define';
import { BILL_COLUMNS } from './bills';

/** The member-card methods (written from the bill's card lines, never sent as payments). */
export const CARD_PAY_METHODS = ['storedCard', 'comboCard'] as const satisfies readonly BillPayMethod[];
/** 意向金 credited on a bill: money taken when the deposit was paid, so neither a taking nor a draw. */
const DEPOSIT_PAY_METHODS = ['intentDeposit'] as const satisfies readonly BillPayMethod[];

const period: ReportFilterDef = {
  label: '日期',
  type: 'date',
  filter: 'range',
  period: true,
  preset: 'thisMonth',
  required: true,
};
const storeFilter: ReportFilterDef = { label: '门店', type: 'int', filter: 'eq', picker: 'store' };
const regionFilter: ReportFilterDef = { label: '大区', type: 'int', filter: 'eq', picker: 'region' };
const common = { period, storeId: storeFilter, regionId: regionFilter };

const store = {
  storeId: { label: '门店ID', type: 'int', hidden: true },
  storeName: { label: '门店', type: 'text', width: 140, fixed: 'left' },
} as const;
const day = { label: '日期', type: 'date', bucket: 'day', width: 110 } as const;

const money = (label: string, group?: string) => ({ label, type: 'money', agg: 'sum', width: 110, group }) as const;

/** The completed bills of a row's store and day on /billingList (the bills behind its figures). */
const storeDayBills = (extra: DrillDef['query'] = {}): DrillDef => ({
  to: '/billingList',
  query: {
    storeId: { row: 'storeId' },
    periodFrom: { row: 'day' },
    periodTo: { row: 'day' },
    status: { value: 'completed' },
    ...extra,
  },
});
/** The completed bills of a row's store over the period asked. */
const storeBills: DrillDef = {
  to: '/billingList',
  query: {
    storeId: { row: 'storeId' },
    periodFrom: { filter: 'periodFrom' },
    periodTo: { filter: 'periodTo' },
    status: { value: 'completed' },
  },
};
/** The completed bills of a row's day in the stores asked. */
const dayBills: DrillDef = {
  to: '/billingList',
  query: {
    storeId: { filter: 'storeId' },
    periodFrom: { row: 'day' },
    periodTo: { row: 'day' },
    status: { value: 'completed' },
  },
};
/** The lines of a kind at a row's store on its day, on /saleDetails (their amounts make the figure). */
const storeDayLines = (lineKind: string): DrillDef => ({
  to: '/saleDetails',
  query: {
    storeId: { row: 'storeId' },
    periodFrom: { row: 'day' },
    periodTo: { row: 'day' },
    lineKind: { value: lineKind },
  },
});
/** The refunds executed at a row's store on its day, one row per refund (each opens its bill). */
const storeDayRefunds: DrillDef = {
  to: '/MonthlyRefundSum',
  query: {
    storeId: { row: 'storeId' },
    periodFrom: { row: 'day' },
    periodTo: { row: 'day' },
    groupBy: { value: 'refund' },
  },
};

const storeDayGroupings = [
  { key: 'storeDay', label: '按门店和日期', dims: ['storeId', 'storeName', 'day'] },
  { key: 'store', label: '按门店', dims: ['storeId', 'storeName'] },
  { key: 'day', label: '按日期', dims: ['day'] },
  { key: 'region', label: '按大区', dims: ['regionId', 'regionName'] },
] as const;
const region = {
  regionId: { label: '大区ID', type: 'int', hidden: true },
  regionName: { label: '大区', type: 'text', width: 120 },
} as const;
/** A region's stores over the period, on the same report. */
const regionStores = (page: string): DrillDef => ({
  to: page,
  query: {
    regionId: { row: 'regionId' },
    periodFrom: { filter: 'periodFrom' },
    periodTo: { filter: 'periodTo' },
    groupBy: { value: 'store' },
  },
});

/** 收款 by the methods a store takes money with (签单 a store manager's signature). */
/** A column per payment method (BILL_PAY_METHODS): a method added there is a column here. */
const methodColumns = (methods: readonly string[], group: string) =>
  Object.fromEntries(
    methods.map((m) => [m, money(BILL_PAY_METHODS.find((x) => x.value === m)?.label ?? m, group)]),
  ) as Record<string, ReturnType<typeof money>>;
/** The money a store takes (the methods a POS sends); the card methods are draws, not takings. */
const takings = methodColumns(SENT_PAY_METHODS, '收款');
const cardPays = methodColumns(CARD_PAY_METHODS, '划卡');
const depositPays = methodColumns(DEPOSIT_PAY_METHODS, '抵扣');
const payDrills = Object.fromEntries(
  [...Object.keys(takings), ...Object.keys(cardPays), ...Object.keys(depositPays)].map((m) => [
    m,
    storeDayBills({ payMethod: { value: m } }),
  ]),
);

/** /finance 财务大表 (大财务表): per store per day, what was sold, drawn from cards, refunded and paid by each method. */
export const FINANCE_REPORT = defineReport({
  name: 'finance',
  title: '财务大表',
  page: '/finance',
  kind: 'summary',
  dimensions: { ...store, day, ...region },
  measures: {
    bills: { label: '单数', type: 'int', agg: 'sum', width: 80 },
    projectSales: money('项目', '销售'),
    retailSales: money('零售', '销售'),
    cardSales: money('售卡', '销售'),
    topUps: money('充值', '销售'),
    billTotal: { ...money('销售合计', '销售'), summary: true },
    drawPrincipal: { ...money('储值本金', '耗卡'), summary: true },
    drawBonus: money('储值赠金', '耗卡'),
    drawSessions: { label: '次卡次数', type: 'int', agg: 'sum', width: 90, group: '耗卡' },
    comboDraw: money('次卡金额', '耗卡'),
    refunds: { ...money('退款'), summary: true },
    ...takings,
    ...cardPays,
    ...depositPays,
  },
  groupings: storeDayGroupings,
  filters: common,
  defaultSort: { field: 'day', dir: 'desc', thenBy: 'storeName' },
  totals: true,
  chart: { type: 'line', x: 'day', series: ['billTotal', 'refunds'] },
  drill: {
    storeName: storeBills,
    day: dayBills,
    regionName: regionStores('/finance'),
    bills: storeDayBills(),
    projectSales: storeDayLines('project'),
    retailSales: storeDayLines('product'),
    cardSales: storeDayLines('cardSale'),
    topUps: storeDayLines('topUp'),
    billTotal: storeDayBills(),
    drawPrincipal: storeDayBills({ payMethod: { value: 'storedCard' } }),
    drawBonus: storeDayBills({ payMethod: { value: 'storedCard' } }),
    drawSessions: storeDayBills({ payMethod: { value: 'comboCard' } }),
    comboDraw: storeDayBills({ payMethod: { value: 'comboCard' } }),
    refunds: storeDayRefunds,
    ...payDrills,
  },
  export: true,
  source:
    '已完成的收银单（按开单日）：行金额按行类型，耗卡为单据的卡账本消费流水，收款为单据的各笔支付；退款为已执行的退款（按执行日、退款门店）。关单的单据不计',
});

/** /storeSettlement 门店日结: per store per day, the money taken by each method, refunds paid out and the net. */
export const STORE_SETTLEMENT_REPORT = defineReport({
  name: 'storeSettlement',
  title: '门店日结',
  page: '/storeSettlement',
  kind: 'summary',
  dimensions: { ...store, day, ...region },
  measures: {
    bills: { label: '单数', type: 'int', agg: 'sum', width: 80 },
    billTotal: money('单据金额'),
    ...takings,
    takings: { ...money('收款合计', '收款'), summary: true },
    ...cardPays,
    ...depositPays,
    refundsOutside: { ...money('退款支出'), summary: true },
    net: { ...money('实收净额'), summary: true },
  },
  groupings: storeDayGroupings,
  filters: common,
  defaultSort: { field: 'day', dir: 'desc', thenBy: 'storeName' },
  totals: true,
  chart: { type: 'bar', x: 'day', series: ['takings', 'refundsOutside'] },
  drill: {
    storeName: storeBills,
    day: dayBills,
    regionName: regionStores('/storeSettlement'),
    bills: storeDayBills(),
    billTotal: storeDayBills(),
    takings: storeDayBills(),
    refundsOutside: storeDayRefunds,
    ...payDrills,
  },
  export: true,
  source:
    '已完成的收银单（按开单日）的各笔支付；收款合计为现金、微信、支付宝、银行卡与签单，划卡不计入收款；退款支出为当日执行的退款中经支付方式退回的金额；实收净额 = 收款合计 − 退款支出',
});

/** /saleDetails 销售明细: every line of the completed bills, with the staff who served it. */
export const SALE_DETAILS_REPORT = defineReport({
  name: 'saleDetails',
  title: '销售明细',
  page: '/saleDetails',
  kind: 'detail',
  dimensions: {
    lineId: { label: '行ID', type: 'int', hidden: true },
    id: BILL_COLUMNS.id,
    billNo: BILL_COLUMNS.billNo,
    consumedAt: BILL_COLUMNS.consumedAt,
    storeId: BILL_COLUMNS.storeId,
    storeName: BILL_COLUMNS.storeName,
    memberName: BILL_COLUMNS.memberName,
    line: { label: '行号', type: 'int', width: 60, sort: false },
    lineKind: { label: '行类型', type: 'enum', options: BILL_LINE_KINDS, width: 80 },
    goodsCode: { label: '编码', type: 'text', width: 100 },
    goodsName: { label: '品名', type: 'text', width: 160 },
    staffNames: { label: '服务员工', type: 'text', width: 160, sort: false },
  },
  measures: {
    quantity: { label: '数量', type: 'int', agg: 'sum', width: 70 },
    unitPrice: { label: '单价', type: 'money', agg: 'sum', width: 100, total: false },
    amount: { label: '金额', type: 'money', agg: 'sum', width: 110, summary: true },
    cardAmount: { label: '其中划卡', type: 'money', agg: 'sum', width: 100 },
    refunded: { label: '已退款', type: 'money', agg: 'sum', width: 100 },
    performance: { label: '业绩', type: 'money', agg: 'sum', width: 100 },
  },
  filters: {
    ...common,
    lineKind: { label: '行类型', type: 'enum', filter: 'eq', options: BILL_LINE_KINDS },
    productId: { label: '商品', type: 'int', filter: 'eq', picker: 'product' },
    goodsName: { label: '品名', type: 'text', filter: 'like', max: 40 },
    staffId: { label: '员工', type: 'int', filter: 'eq', picker: 'staff' },
  },
  defaultSort: { field: 'consumedAt', dir: 'desc' },
  totals: true,
  drill: { billNo: { to: '/orderDetails', query: { id: { row: 'id' } } } },
  export: true,
  source: '已完成收银单的每一行（项目、商品、售卡、充值），服务员工与业绩为该行的员工分享；员工筛选为服务该行的员工',
});

/** /orderCost 单据成本: the products each bill consumed (sold or used by its projects), at cost, against its revenue. */
export const ORDER_COST_REPORT = defineReport({
  name: 'orderCost',
  title: '单据成本',
  page: '/orderCost',
  kind: 'summary',
  dimensions: {
    id: BILL_COLUMNS.id,
    billNo: BILL_COLUMNS.billNo,
    consumedAt: BILL_COLUMNS.consumedAt,
    ...store,
    day,
  },
  measures: {
    bills: { label: '单数', type: 'int', agg: 'countDistinct', width: 80 },
    revenue: { ...money('营收'), summary: true },
    retailCost: money('零售成本', '产品成本'),
    projectCost: money('项目耗材成本', '产品成本'),
    cost: { ...money('成本合计', '产品成本'), summary: true },
    margin: { ...money('毛利'), summary: true },
    marginRate: { label: '毛利率', type: 'percent', agg: 'ratio', of: { num: 'margin', den: 'revenue' }, width: 90 },
  },
  groupings: [
    { key: 'bill', label: '按单据', dims: ['id', 'billNo', 'consumedAt', 'storeId', 'storeName'] },
    { key: 'store', label: '按门店', dims: ['storeId', 'storeName'] },
    { key: 'day', label: '按日期', dims: ['day'] },
  ],
  filters: common,
  defaultSort: { field: 'revenue', dir: 'desc' },
  totals: true,
  chart: { type: 'line', x: 'day', series: ['revenue', 'cost', 'margin'] },
  drill: {
    billNo: { to: '/orderDetails', query: { id: { row: 'id' } } },
    storeName: storeBills,
    day: dayBills,
  },
  export: true,
  source:
    '已完成收银单的项目与商品行：营收为行金额；零售成本 = 商品数量 × 成本价，项目耗材成本 = 项目次数 × 项目现行耗材用量 × 成本价（按毫升折算）；毛利 = 营收 − 成本合计',
});

/** /MonthlyRefundSum 月度退款汇总: the refunds executed, per month and store, by the way the money went back. */
export const MONTHLY_REFUND_SUM_REPORT = defineReport({
  name: 'MonthlyRefundSum',
  title: '月度退款汇总',
  page: '/MonthlyRefundSum',
  kind: 'summary',
  dimensions: {
    month: { label: '月份', type: 'date', bucket: 'month', width: 100 },
    ...store,
    refundId: { label: '退款ID', type: 'int', hidden: true },
    refundNo: { label: '退款单号', type: 'text', width: 140 },
    id: { label: '单据ID', type: 'int', hidden: true },
    billNo: { label: '收银单号', type: 'text', width: 140 },
  },
  measures: {
    refunds: { label: '退款笔数', type: 'int', agg: 'sum', width: 90 },
    amount: { ...money('退款合计'), summary: true },
    ...methodColumns(SENT_PAY_METHODS, '退回支付方式'),
    ...methodColumns(CARD_PAY_METHODS, '退回会员卡'),
  },
  groupings: [
    { key: 'monthStore', label: '按月份和门店', dims: ['month', 'storeId', 'storeName'] },
    { key: 'month', label: '按月份', dims: ['month'] },
    { key: 'store', label: '按门店', dims: ['storeId', 'storeName'] },
    {
      key: 'refund',
      label: '按退款单',
      dims: ['month', 'storeId', 'storeName', 'refundId', 'refundNo', 'id', 'billNo'],
    },
  ],
  filters: { ...common, period: { ...period, label: '执行日期' } },
  defaultSort: { field: 'month', dir: 'desc', thenBy: 'storeName' },
  totals: true,
  chart: { type: 'bar', x: 'month', series: ['amount'] },
  drill: {
    storeName: {
      to: '/MonthlyRefundSum',
      query: {
        storeId: { row: 'storeId' },
        periodFrom: { filter: 'periodFrom' },
        periodTo: { filter: 'periodTo' },
        groupBy: { value: 'refund' },
      },
    },
    refundNo: { to: '/refundDetail', query: { id: { row: 'refundId' } } },
    billNo: { to: '/orderDetails', query: { id: { row: 'id' } } },
  },
  export: true,
  source:
    '已执行的退款（按执行日、退款门店）：经支付方式退回的按该笔支付的方式；退回会员卡的，套餐卡划次行计套餐卡次，其余计储值卡',
});

/** /TakeawayRanking 外带产品排行: retail goods (the product lines of the bills) ranked by what they sold. */
export const TAKEAWAY_RANKING_REPORT = defineReport({
  name: 'TakeawayRanking',
  title: '外带产品排行',
  page: '/TakeawayRanking',
  kind: 'summary',
  dimensions: {
    productId: { label: '商品ID', type: 'int', hidden: true },
    productCode: { label: '商品编码', type: 'text', width: 110 },
    productName: { label: '商品名称', type: 'text', width: 180, fixed: 'left' },
    ...store,
  },
  measures: {
    lines: { label: '笔数', type: 'int', agg: 'sum', width: 80 },
    quantity: { label: '销量', type: 'int', agg: 'sum', width: 90, summary: true },
    amount: { ...money('销售额'), summary: true },
  },
  groupings: [
    { key: 'product', label: '按商品', dims: ['productId', 'productCode', 'productName'] },
    {
      key: 'storeProduct',
      label: '按门店和商品',
      dims: ['storeId', 'storeName', 'productId', 'productCode', 'productName'],
    },
  ],
  filters: { ...common, productName: { label: '商品名称', type: 'text', filter: 'like', max: 40 } },
  defaultSort: { field: 'amount', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'productName', series: ['amount'] },
  drill: {
    productName: {
      to: '/saleDetails',
      query: {
        productId: { row: 'productId' },
        lineKind: { value: 'product' },
        storeId: { filter: 'storeId' },
        regionId: { filter: 'regionId' },
        periodFrom: { filter: 'periodFrom' },
        periodTo: { filter: 'periodTo' },
      },
    },
    storeName: {
      to: '/saleDetails',
      query: {
        productId: { row: 'productId' },
        lineKind: { value: 'product' },
        storeId: { row: 'storeId' },
        periodFrom: { filter: 'periodFrom' },
        periodTo: { filter: 'periodTo' },
      },
    },
  },
  export: true,
  source:
    '已完成收银单的商品行（零售外带，含划卡购买）：按日、按月的单据行汇总（consume_item_day/_month，开单时同一事务写入）减去已关单单据的商品行',
});

export const BILL_FINANCE_REPORTS = [
  FINANCE_REPORT,
  STORE_SETTLEMENT_REPORT,
  SALE_DETAILS_REPORT,
  ORDER_COST_REPORT,
  MONTHLY_REFUND_SUM_REPORT,
  TAKEAWAY_RANKING_REPORT,
];
