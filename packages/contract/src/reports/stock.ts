/**
 * Inventory reports (SPEC §2.10 库存报表, and 库存成本 of 查询报表) over store stock
 * (modules/stock: store_stock, stock_movement) and store orders (modules/storeOrders).
 * Quantities are in the product's base unit (ml for goods consumed by the millilitre, otherwise
 * the product's own unit), as store stock keeps them: the 单位 column says which.
 */
import { ORDER_KINDS } from '../entities/storeOrder';
import { defineReport } from '../report/define';
import { STOCK_MOVEMENT_KINDS } from '../stock';

const storeId = { label: '门店ID', type: 'int', hidden: true } as const;
const storeName = { label: '门店', type: 'text', width: 140, fixed: 'left' } as const;
const productId = { label: '商品ID', type: 'int', hidden: true } as const;
const productCode = { label: '商品编码', type: 'text', width: 110 } as const;
const productName = { label: '商品', type: 'text', width: 160 } as const;
const baseUnit = { label: '单位', type: 'text', width: 60, sort: false } as const;

const storeFilter = { label: '门店', type: 'int', filter: 'eq', picker: 'store' } as const;
const productFilter = { label: '商品', type: 'int', filter: 'eq', picker: 'product' } as const;
const productNameFilter = { label: '商品名称', type: 'text', filter: 'like' } as const;

/** 门店在途库存: lines of orders shipped and not yet received, by store and product. */
export const STOCK_IN_TRANSIT = defineReport({
  name: 'stockList',
  title: '门店在途库存',
  page: '/stockList',
  kind: 'summary',
  dimensions: { storeId, storeName, productId, productCode, productName, unit: { ...baseUnit, label: '订货单位' } },
  measures: {
    quantity: { label: '在途数量', type: 'int', agg: 'sum', width: 100, summary: true },
    amount: { label: '在途金额', type: 'money', agg: 'sum', width: 120, summary: true },
    orders: { label: '订单数', type: 'int', agg: 'countDistinct', width: 80 },
  },
  groupings: [
    {
      key: 'storeProduct',
      label: '按门店和商品',
      dims: ['storeId', 'storeName', 'productId', 'productCode', 'productName', 'unit'],
    },
    { key: 'store', label: '按门店', dims: ['storeId', 'storeName'] },
    { key: 'product', label: '按商品', dims: ['productId', 'productCode', 'productName', 'unit'] },
  ],
  filters: {
    storeId: storeFilter,
    productName: productNameFilter,
    kind: {
      label: '订货类型',
      type: 'enum',
      filter: 'eq',
      options: ORDER_KINDS.filter((k) => k.value !== 'material'),
    },
    shippedAt: { label: '发货日期', type: 'date', filter: 'range', period: true },
  },
  defaultSort: { field: 'amount', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['amount'] },
  drill: {
    amount: { to: '/bookProdLstNew', query: { storeName: { row: 'storeName' }, status: { value: 'shipped' } } },
  },
  export: true,
  source: '订货单（已发货、未收货）的商品明细行，实时',
});

/** 门店出入库明细: every stock movement. */
export const STOCK_MOVEMENTS = defineReport({
  name: 'stockDetail',
  title: '门店出入库明细',
  page: '/stockDetail',
  kind: 'detail',
  dimensions: {
    createdAt: { label: '时间', type: 'datetime', width: 170 },
    storeId,
    storeName,
    productId,
    productCode,
    productName,
    kind: { label: '类型', type: 'enum', options: STOCK_MOVEMENT_KINDS, width: 90 },
    unit: baseUnit,
    note: { label: '备注', type: 'text', width: 160, sort: false },
  },
  measures: {
    inQty: { label: '入库', type: 'int', agg: 'sum', width: 90, group: '数量' },
    outQty: { label: '出库', type: 'int', agg: 'sum', width: 90, group: '数量' },
    balanceAfter: { label: '结存', type: 'int', agg: 'max', width: 90, total: false, sort: false },
  },
  filters: {
    period: { label: '日期', type: 'date', filter: 'range', period: true, preset: 'thisMonth', required: true },
    storeId: storeFilter,
    productId: productFilter,
    productName: productNameFilter,
    kind: { label: '类型', type: 'enum', filter: 'in', options: STOCK_MOVEMENT_KINDS },
  },
  defaultSort: { field: 'createdAt', dir: 'desc' },
  totals: true,
  export: true,
  source: '库存流水（每笔收货、领用、消耗、调整），实时',
});

/** 库存结存: a store's stock of each product as of the period's start and end, and what moved between. */
export const STOCK_BALANCE = defineReport({
  name: 'stockBalance',
  title: '库存结存',
  page: '/stockBalance',
  kind: 'summary',
  dimensions: { storeId, storeName, productId, productCode, productName, unit: baseUnit },
  measures: {
    opening: { label: '期初结存', type: 'int', agg: 'asOf', width: 100 },
    inQty: { label: '入库', type: 'int', agg: 'sum', width: 90, group: '本期变动' },
    outQty: { label: '出库', type: 'int', agg: 'sum', width: 90, group: '本期变动' },
    closing: { label: '期末结存', type: 'int', agg: 'asOf', width: 100 },
  },
  groupings: [
    {
      key: 'storeProduct',
      label: '按门店和商品',
      dims: ['storeId', 'storeName', 'productId', 'productCode', 'productName', 'unit'],
    },
    { key: 'product', label: '按商品', dims: ['productId', 'productCode', 'productName', 'unit'] },
  ],
  filters: {
    period: { label: '日期', type: 'date', filter: 'range', period: true, preset: 'thisMonth', required: true },
    storeId: storeFilter,
    productId: productFilter,
    productName: productNameFilter,
  },
  defaultSort: { field: 'storeName', dir: 'asc', thenBy: 'productCode' },
  totals: true,
  drill: {
    closing: {
      to: '/stockDetail',
      query: {
        storeId: { row: 'storeId' },
        productId: { row: 'productId' },
        periodFrom: { filter: 'periodFrom' },
        periodTo: { filter: 'periodTo' },
      },
    },
  },
  export: true,
  source: '当前库存减去期末之后的库存流水（期末结存），再减本期流水（期初结存），实时',
});

/** 库存成本: what the stores hold now, at cost and retail price, by store and product type. */
export const STOCK_COST = defineReport({
  name: 'stockCost',
  title: '库存成本',
  page: '/stockCost',
  kind: 'summary',
  dimensions: {
    storeId,
    storeName,
    typeId: { label: '商品类型ID', type: 'int', hidden: true },
    typeName: { label: '商品类型', type: 'text', width: 120 },
  },
  measures: {
    products: { label: '品项数', type: 'int', agg: 'countDistinct', width: 80 },
    costAmount: { label: '成本金额', type: 'money', agg: 'sum', width: 120, summary: true },
    retailAmount: { label: '零售金额', type: 'money', agg: 'sum', width: 120, summary: true },
    costRate: {
      label: '成本率',
      type: 'percent',
      agg: 'ratio',
      of: { num: 'costAmount', den: 'retailAmount' },
      width: 90,
    },
  },
  groupings: [
    { key: 'store', label: '按门店', dims: ['storeId', 'storeName'] },
    { key: 'type', label: '按商品类型', dims: ['typeId', 'typeName'] },
    { key: 'storeType', label: '按门店和商品类型', dims: ['storeId', 'storeName', 'typeId', 'typeName'] },
  ],
  filters: {
    storeId: storeFilter,
    typeId: { label: '商品类型', type: 'lookup', lookup: 'productOnlineType', filter: 'eq' },
    productName: productNameFilter,
  },
  defaultSort: { field: 'costAmount', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['costAmount', 'retailAmount'] },
  drill: {
    costAmount: {
      to: '/stockBalance',
      query: { storeId: { row: 'storeId' } },
    },
  },
  export: true,
  source: '当前门店库存 × 商品成本价（按毫升计的商品按每件毫升数折算），实时',
});

/**
 * 产品借调 (entities/secondment.ts): what stores lent each other and gave back, and what the
 * borrower still owes, by lending store, borrowing store and product. A region sees what its
 * stores lent (the lender keeps the claim).
 */
export const PRODUCT_SECONDMENT = defineReport({
  name: 'productSecondment',
  title: '产品借调',
  page: '/ProductSecondmentReport',
  kind: 'summary',
  dimensions: {
    lenderStoreId: { label: '借出门店ID', type: 'int', hidden: true },
    lenderName: { label: '借出门店', type: 'text', width: 140, fixed: 'left' },
    borrowerStoreId: { label: '借入门店ID', type: 'int', hidden: true },
    borrowerName: { label: '借入门店', type: 'text', width: 140 },
    productId,
    productCode,
    productName,
    unit: { ...baseUnit, label: '单位' },
  },
  measures: {
    lentQty: { label: '借出数量', type: 'int', agg: 'sum', width: 100, summary: true },
    returnedQty: { label: '已归还', type: 'int', agg: 'sum', width: 100, summary: true },
    owedQty: { label: '未归还', type: 'int', agg: 'sum', width: 100, summary: true },
    owedAmount: { label: '未归还金额', type: 'money', agg: 'sum', width: 120 },
    documents: { label: '借调单数', type: 'int', agg: 'countDistinct', width: 90 },
  },
  groupings: [
    {
      key: 'pairProduct',
      label: '按门店和商品',
      dims: [
        'lenderStoreId',
        'lenderName',
        'borrowerStoreId',
        'borrowerName',
        'productId',
        'productCode',
        'productName',
        'unit',
      ],
    },
    {
      key: 'pair',
      label: '按借出和借入门店',
      dims: ['lenderStoreId', 'lenderName', 'borrowerStoreId', 'borrowerName'],
    },
    { key: 'lender', label: '按借出门店', dims: ['lenderStoreId', 'lenderName'] },
    { key: 'product', label: '按商品', dims: ['productId', 'productCode', 'productName', 'unit'] },
  ],
  filters: {
    period: { label: '借调日期', type: 'date', filter: 'range', period: true },
    lenderStoreId: { label: '借出门店', type: 'int', filter: 'eq', picker: 'store' },
    borrowerStoreId: { label: '借入门店', type: 'int', filter: 'eq', picker: 'store' },
    productName: productNameFilter,
  },
  defaultSort: { field: 'owedQty', dir: 'desc' },
  totals: true,
  chart: { type: 'bar', x: 'lenderName', series: ['lentQty', 'returnedQty', 'owedQty'] },
  export: true,
  source: '门店经开放接口上报的借调单（借出、归还）的商品明细，实时；未归还金额按商品成本价',
});

/** 盘点盈亏 (api/stocktaking.ts): each store's count of each notice — gains, losses, net at cost. */
export const INVENTORY_LIST = defineReport({
  name: 'inventoryList',
  title: '盘点盈亏',
  page: '/inventoryList',
  kind: 'summary',
  dimensions: {
    noticeId: { label: '盘点通知ID', type: 'int', hidden: true },
    noticeTitle: { label: '盘点通知', type: 'text', width: 180, fixed: 'left' },
    storeId,
    storeName: { ...storeName, fixed: undefined },
  },
  measures: {
    counts: { label: '盘点单数', type: 'int', agg: 'countDistinct', width: 90 },
    lines: { label: '盘点商品数', type: 'int', agg: 'sum', width: 100 },
    gainQty: { label: '盘盈数量', type: 'int', agg: 'sum', width: 100, group: '盘盈' },
    gainAmount: { label: '盘盈金额', type: 'money', agg: 'sum', width: 110, group: '盘盈', summary: true },
    lossQty: { label: '盘亏数量', type: 'int', agg: 'sum', width: 100, group: '盘亏' },
    lossAmount: { label: '盘亏金额', type: 'money', agg: 'sum', width: 110, group: '盘亏', summary: true },
    netAmount: { label: '盈亏净额', type: 'money', agg: 'sum', width: 110, summary: true },
  },
  groupings: [
    { key: 'noticeStore', label: '按盘点通知和门店', dims: ['noticeId', 'noticeTitle', 'storeId', 'storeName'] },
    { key: 'store', label: '按门店', dims: ['storeId', 'storeName'] },
    { key: 'notice', label: '按盘点通知', dims: ['noticeId', 'noticeTitle'] },
  ],
  filters: {
    period: { label: '盘点日期', type: 'date', filter: 'range', period: true },
    storeId: storeFilter,
    noticeTitle: { label: '盘点通知', type: 'text', filter: 'like' },
  },
  defaultSort: { field: 'netAmount', dir: 'asc' },
  totals: true,
  chart: { type: 'bar', x: 'storeName', series: ['gainAmount', 'lossAmount'] },
  drill: {
    netAmount: {
      to: '/inventoryDetail',
      query: { noticeId: { row: 'noticeId' }, storeId: { row: 'storeId' } },
    },
  },
  export: true,
  source: '门店经开放接口提交的盘点单明细（账面、实盘、差异按成本价），实时',
});

/** 盘点明细: the lines of the counts — book, counted, difference and its amount at cost. */
export const INVENTORY_DETAIL = defineReport({
  name: 'inventoryDetail',
  title: '盘点明细',
  page: '/inventoryDetail',
  kind: 'detail',
  dimensions: {
    countedAt: { label: '盘点时间', type: 'datetime', width: 170 },
    noticeId: { label: '盘点通知ID', type: 'int', hidden: true },
    noticeTitle: { label: '盘点通知', type: 'text', width: 160 },
    storeId,
    storeName: { ...storeName, fixed: undefined },
    productId,
    productCode,
    productName,
    unit: baseUnit,
  },
  measures: {
    bookQty: { label: '账面数量', type: 'int', agg: 'sum', width: 100 },
    countedQty: { label: '实盘数量', type: 'int', agg: 'sum', width: 100 },
    diffQty: { label: '差异数量', type: 'int', agg: 'sum', width: 100 },
    diffAmount: { label: '差异金额', type: 'money', agg: 'sum', width: 110 },
  },
  filters: {
    period: { label: '盘点日期', type: 'date', filter: 'range', period: true },
    noticeId: { label: '盘点通知', type: 'int', filter: 'eq' },
    storeId: storeFilter,
    productName: productNameFilter,
  },
  defaultSort: { field: 'countedAt', dir: 'desc' },
  totals: true,
  // A detail route has no buttons: /inventoryList's export covers the counts.
  export: false,
  source: '门店经开放接口提交的盘点单明细，实时；差异金额 = 差异数量 × 成本价',
});

/** 盈亏差异: differences by store and product over the counts of a period, with the rate to book. */
export const PROFIT_LOSS_DIFFERENCES = defineReport({
  name: 'profitLossDifferences',
  title: '盈亏差异',
  page: '/profitLossDifferences',
  kind: 'summary',
  dimensions: { storeId, storeName, productId, productCode, productName, unit: baseUnit },
  measures: {
    counts: { label: '盘点次数', type: 'int', agg: 'countDistinct', width: 90 },
    bookQty: { label: '账面数量', type: 'int', agg: 'sum', width: 100 },
    countedQty: { label: '实盘数量', type: 'int', agg: 'sum', width: 100 },
    diffQty: { label: '差异数量', type: 'int', agg: 'sum', width: 100, summary: true },
    gainAmount: { label: '盘盈金额', type: 'money', agg: 'sum', width: 110 },
    lossAmount: { label: '盘亏金额', type: 'money', agg: 'sum', width: 110 },
    diffAmount: { label: '差异金额', type: 'money', agg: 'sum', width: 110, summary: true },
  },
  groupings: [
    {
      key: 'storeProduct',
      label: '按门店和商品',
      dims: ['storeId', 'storeName', 'productId', 'productCode', 'productName', 'unit'],
    },
    { key: 'product', label: '按商品', dims: ['productId', 'productCode', 'productName', 'unit'] },
    { key: 'store', label: '按门店', dims: ['storeId', 'storeName'] },
  ],
  filters: {
    period: { label: '盘点日期', type: 'date', filter: 'range', period: true },
    storeId: storeFilter,
    productName: productNameFilter,
  },
  defaultSort: { field: 'diffAmount', dir: 'asc' },
  totals: true,
  chart: { type: 'bar', x: 'productName', series: ['diffAmount'] },
  drill: {
    diffAmount: { to: '/inventoryDetail', query: { storeId: { row: 'storeId' }, productName: { row: 'productName' } } },
  },
  export: true,
  source: '门店盘点单明细按门店与商品汇总，实时；金额按盘点时的成本价',
});

export const STOCK_REPORTS = [
  STOCK_IN_TRANSIT,
  STOCK_MOVEMENTS,
  STOCK_BALANCE,
  STOCK_COST,
  PRODUCT_SECONDMENT,
  INVENTORY_LIST,
  INVENTORY_DETAIL,
  PROFIT_LOSS_DIFFERENCES,
] as const;
