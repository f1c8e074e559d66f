/**
 * 跨店结算与跨店消费（SPEC §2.10，issue 14）: /CrossstoreConsumption lists every draw of a card at
 * a store other than the one that opened it (the facts behind the settlement statements of
 * /crossSettlement), filtered by issuing store, serving store and period; a bill number opens
 * /orderDetails. A draw is seen when its issuing or its serving store is in the caller's scope.
 */
import { BILL_FLOW } from '../entities/bill';
import { CARD_KINDS } from '../entities/card';
import type { AnyReport } from '../report/define';
import { defineReport } from '../report/define';

export const CROSSSTORE_CONSUMPTION = defineReport({
  name: 'crossstoreConsumption',
  title: '跨店消费',
  page: '/CrossstoreConsumption',
  kind: 'detail',
  source: '收银单中以他店所开会员卡支付的明细行（member_consume_line × member_card）',
  dimensions: {
    key: { label: '明细ID', type: 'int', hidden: true },
    id: { label: '收银单ID', type: 'int', hidden: true },
    billNo: { label: '收银单号', type: 'text', width: 150, fixed: 'left' },
    consumedAt: { label: '消费时间', type: 'datetime', width: 170 },
    issuingStoreName: { label: '开卡门店', type: 'text', width: 130 },
    servingStoreName: { label: '消费门店', type: 'text', width: 130 },
    memberName: { label: '会员', type: 'text', width: 100 },
    cardNo: { label: '卡号', type: 'text', width: 120 },
    cardKind: { label: '卡类型', type: 'enum', options: CARD_KINDS, width: 90 },
    itemName: { label: '项目/产品', type: 'text', width: 150 },
    billStatus: { label: '单据状态', type: 'enum', options: BILL_FLOW.states, width: 90 },
  },
  measures: {
    served: { label: '划卡金额', type: 'money', agg: 'sum', summary: true },
    deducted: { label: '退款/冲正', type: 'money', agg: 'sum', summary: true },
    net: { label: '净服务金额', type: 'money', agg: 'sum', summary: true },
  },
  filters: {
    issuingStoreId: { label: '开卡门店', type: 'int', filter: 'eq', picker: 'store' },
    servingStoreId: { label: '消费门店', type: 'int', filter: 'eq', picker: 'store' },
    period: { label: '消费日期', type: 'date', filter: 'range', period: true, preset: 'lastMonth' },
    billNo: { label: '收银单号', type: 'text', filter: 'like' },
  },
  defaultSort: { field: 'consumedAt', dir: 'desc', thenBy: 'key' },
  totals: true,
  drill: { billNo: { to: '/orderDetails', query: { id: { row: 'id' } } } },
  export: true,
});

export const SETTLEMENT_REPORTS: readonly AnyReport[] = [CROSSSTORE_CONSUMPTION];
