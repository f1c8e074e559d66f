/**
 * Old order records (SPEC §2.4 /bookProdLst, /bookProdDetail): store orders carried over from the
 * previous ordering system. Read-only: their lines are kept as the old system wrote them (codes
 * and names then), not as links to today's goods.
 */
import { resourceApi } from '../resource/api';
import { defineResource, type EnumOption } from '../resource/define';

export const LEGACY_ORDER_STATUSES = [
  { value: 'completed', label: '已完成', color: 'green' },
  { value: 'cancelled', label: '已取消', color: 'default' },
] as const satisfies readonly EnumOption[];

/** One line as the old system kept it. */
export interface LegacyOrderLine {
  code: string;
  name: string;
  spec: string | null;
  unit: string;
  quantity: number;
  price: number;
  amount: number;
}

export const LEGACY_ORDER = defineResource({
  name: 'legacyOrder',
  title: '旧订货单',
  page: '/bookProdLst',
  detailPage: '/bookProdDetail',
  api: '/rest/bookProd',
  rowLabel: 'orderNo',
  defaultSort: { field: 'orderedAt', dir: 'desc' },
  actions: { export: true },
  fields: {
    orderNo: { label: '订单号', type: 'text', readOnly: true, list: { width: 160, fixed: 'left' }, filter: 'eq' },
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 130 }, filter: 'like', sort: true },
    regionName: { label: '大区', type: 'text', readOnly: true, list: { width: 90 }, filter: 'like' },
    orderedAt: {
      label: '下单时间',
      type: 'datetime',
      readOnly: true,
      list: { width: 170 },
      filter: 'range',
      sort: true,
    },
    status: {
      label: '状态',
      type: 'enum',
      options: LEGACY_ORDER_STATUSES,
      readOnly: true,
      list: { width: 80 },
      filter: 'eq',
    },
    total: { label: '订单金额', type: 'money', readOnly: true, list: { width: 110 }, sort: true },
    lineCount: { label: '品项数', type: 'int', readOnly: true, list: { width: 70 } },
    remark: { label: '备注', type: 'text', readOnly: true, list: { width: 200 } },
    lines: { label: '订货明细', type: 'json', readOnly: true, hidden: true },
  },
});

export const LEGACY_ORDER_API = resourceApi(LEGACY_ORDER);
