/**
 * Store orders (SPEC §2.4 /bookProdLstNew, /bookProdDetailNew, /bookProdPayDetail,
 * /aestheticProductDetail, /materialBookProdLstNew, /materialBookProdDetail): a store orders goods
 * from headquarters. An order has lines (a product or a material, a quantity in its own unit, the
 * unit price taken at submission) and moves 提交 → 审核 → 发货 → 收货, or 驳回, or is withdrawn by
 * its submitter while still submitted; each step is one button of the list page. Receiving goods
 * moves the store's stock. Orders of kind material (物料) have their own pages and buttons.
 */
import { z } from 'zod';
import { type Endpoint, endpoint } from '../api/endpoint';
import { chosenIdOf, idOf, idParamOf } from '../api/ids';
import { buttonAccess, pageAccess } from '../api/pageAccess';
import { canStep, defineFlow } from '../flow';
import { type ResourceApi, resourceApi } from '../resource/api';
import { defineResource, type EnumOption, type FieldDef, type ResourceDecl } from '../resource/define';
import { idParams } from '../resource/schemas';
import { rejectReason } from '../rules';
import { MONEY_MAX } from './goodsCommon';

export const ORDER_KINDS = [
  { value: 'goods', label: '零售商品', color: 'blue' },
  { value: 'aesthetic', label: '美业产品', color: 'purple' },
  { value: 'material', label: '物料', color: 'cyan' },
] as const satisfies readonly EnumOption[];

export type OrderKind = (typeof ORDER_KINDS)[number]['value'];

/** 提交 → 审核 → 发货 → 收货; 驳回 and 撤回 end an order that was only submitted. */
export const ORDER_STATUSES = [
  { value: 'submitted', label: '已提交', color: 'blue' },
  { value: 'approved', label: '已审核', color: 'cyan' },
  { value: 'shipped', label: '已发货', color: 'orange' },
  { value: 'received', label: '已收货', color: 'green' },
  { value: 'rejected', label: '已驳回', color: 'red' },
  { value: 'withdrawn', label: '已撤回', color: 'default' },
] as const satisfies readonly EnumOption[];

export type OrderStatus = (typeof ORDER_STATUSES)[number]['value'];

export const orderStatusLabel = (s: string): string => ORDER_STATUSES.find((o) => o.value === s)?.label ?? s;

/**
 * An order's states as data (issue 14): the steps that move it, who may take each (the list
 * page's button) and from which state — declared once with defineFlow, read by the server's
 * transitions and the browser's buttons alike. `withdraw` is the submitter's own (with 新增);
 * editing a submitted order is too. `payable`: the states in which a payment may be recorded
 * (once headquarters has approved the order), for both sides.
 */
export const ORDER_FLOW = defineFlow({
  name: 'storeOrder',
  title: '订货单',
  page: '/bookProdLstNew',
  states: ORDER_STATUSES,
  initial: 'submitted',
  steps: {
    approve: { label: '审核', from: ['submitted'], to: 'approved', button: 'audit' },
    reject: { label: '驳回', from: ['submitted'], to: 'rejected', button: 'audit' },
    ship: { label: '发货', from: ['approved'], to: 'shipped', button: 'ship' },
    receive: { label: '收货', from: ['shipped'], to: 'received', button: 'receive' },
    withdraw: { label: '撤回', from: ['submitted'], to: 'withdrawn', button: 'add' },
  },
});

export const ORDER_STEPS = ORDER_FLOW.steps;

/** The states in which a payment may be recorded (登记付款): after headquarters approved the order. */
export const ORDER_PAYABLE_STATES: readonly OrderStatus[] = ['approved', 'shipped', 'received'];

export const orderPayable = (status: string): boolean => (ORDER_PAYABLE_STATES as readonly string[]).includes(status);

/** Whether `step` may be taken from `status` (the flow's declaration). */
export const orderStepAllowed = (step: OrderStep, status: string): boolean => canStep(ORDER_FLOW, step, status);

export type OrderStep = keyof typeof ORDER_STEPS;

export const PAY_STATUSES = [
  { value: 'unpaid', label: '未付款', color: 'default' },
  { value: 'partial', label: '部分付款', color: 'orange' },
  { value: 'paid', label: '已付清', color: 'green' },
] as const satisfies readonly EnumOption[];

export type PayStatus = (typeof PAY_STATUSES)[number]['value'];

/** unpaid / partial / paid from the amounts (an order of 0 is paid). */
export const payStatusOf = (total: number, paid: number): PayStatus => {
  if (paid >= total) return 'paid';
  return paid > 0 ? 'partial' : 'unpaid';
};

export const PAY_METHODS = [
  { value: 'transfer', label: '银行转账' },
  { value: 'wechat', label: '微信支付' },
  { value: 'alipay', label: '支付宝' },
  { value: 'cash', label: '现金' },
  { value: 'other', label: '其他' },
] as const satisfies readonly EnumOption[];

export type PayMethod = (typeof PAY_METHODS)[number]['value'];

/** Most lines of one order, most pieces of one line, largest order total (分). */
export const ORDER_LINES_MAX = 100;
export const ORDER_QTY_MAX = 9_999;
export const ORDER_TOTAL_MAX = 1_000_000_000;
export const ORDER_TEXT_MAX = 200;

/** Order numbers: DH + the Beijing day (yyyymmdd) + that day's 4-digit sequence. */
export const ORDER_NO_PREFIX = 'DH';
export const ORDER_NO_PATTERN = /^DH\d{12,}$/;

const fields = (kinds: readonly OrderKind[]): Record<string, FieldDef> => {
  const out: Record<string, FieldDef> = {
    orderNo: {
      label: '订单号',
      type: 'text',
      readOnly: true,
      list: { width: 160, fixed: 'left' },
      filter: 'eq',
      sort: true,
    },
    // Not sortable: ordering 100,000 orders by a joined name reads the whole table (the bench's EXPLAIN check).
    storeName: { label: '门店', type: 'text', readOnly: true, list: { width: 130 }, filter: 'like' },
    storeCode: { label: '门店编码', type: 'text', readOnly: true, export: true },
    regionName: { label: '大区', type: 'text', readOnly: true, list: { width: 90 }, filter: 'like' },
  };
  if (kinds.length > 1) {
    out.kind = {
      label: '订货类型',
      type: 'enum',
      options: ORDER_KINDS.filter((k) => kinds.includes(k.value)),
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    };
  }
  return {
    ...out,
    status: {
      label: '状态',
      type: 'enum',
      options: ORDER_STATUSES,
      readOnly: true,
      list: { width: 80 },
      filter: 'eq',
      sort: true,
    },
    total: { label: '订单金额', type: 'money', readOnly: true, list: { width: 110 }, sort: true },
    paidAmount: { label: '已付金额', type: 'money', readOnly: true, list: { width: 110 } },
    payStatus: {
      label: '付款状态',
      type: 'enum',
      options: PAY_STATUSES,
      readOnly: true,
      list: { width: 90 },
      filter: 'eq',
    },
    lineCount: { label: '品项数', type: 'int', readOnly: true, list: { width: 70 } },
    submitterName: { label: '提交人', type: 'text', readOnly: true, list: { width: 90 } },
    createdAt: {
      label: '提交时间',
      type: 'datetime',
      readOnly: true,
      list: { width: 170 },
      filter: 'range',
      sort: true,
    },
    shippedAt: { label: '发货时间', type: 'datetime', readOnly: true, export: true },
    receivedAt: { label: '收货时间', type: 'datetime', readOnly: true, export: true },
    remark: { label: '备注', type: 'text', readOnly: true, export: true },
    rejectReason: { label: '驳回原因', type: 'text', readOnly: true, export: true },
  };
};

const orderDecl = (o: {
  name: string;
  title: string;
  page: string;
  detailPage: string;
  api: string;
  kinds: readonly OrderKind[];
}) =>
  defineResource({
    name: o.name,
    title: o.title,
    page: o.page,
    detailPage: o.detailPage,
    api: o.api,
    rowLabel: 'orderNo',
    defaultSort: { field: 'createdAt', dir: 'desc' },
    actions: { export: true },
    fields: fields(o.kinds),
  });

/** Goods orders (零售商品 and 美业产品): /bookProdLstNew. */
export const STORE_ORDER = orderDecl({
  name: 'storeOrder',
  title: '订货单',
  page: '/bookProdLstNew',
  detailPage: '/bookProdDetailNew',
  api: '/rest/storeOrder',
  kinds: ['goods', 'aesthetic'],
});

/** Material orders (物料): /materialBookProdLstNew. */
export const MATERIAL_ORDER = orderDecl({
  name: 'materialOrder',
  title: '物料订货单',
  page: '/materialBookProdLstNew',
  detailPage: '/materialBookProdDetail',
  api: '/rest/materialOrder',
  kinds: ['material'],
});

// ---------------------------------------------------------------------------------------------
// Inputs.

const remark = z
  .string({ error: '备注格式无效' })
  .trim()
  .max(ORDER_TEXT_MAX, `备注最多 ${ORDER_TEXT_MAX} 个字符`)
  .nullable()
  .optional();

const linesSchema = (item: string) =>
  z
    .array(
      z.object({
        itemId: chosenIdOf(`请选择${item}`),
        quantity: z
          .number({ error: '请输入数量' })
          .int('数量须为整数')
          .min(1, '数量至少为 1')
          .max(ORDER_QTY_MAX, `数量不能大于 ${ORDER_QTY_MAX}`),
      }),
      { error: '订货明细格式无效' },
    )
    .min(1, `请至少添加一个${item}`)
    .max(ORDER_LINES_MAX, `一张订单最多 ${ORDER_LINES_MAX} 个${item}`);

const orderId = idOf('订单', '请选择订单');

export const rejectBody = z.object({
  id: orderId,
  reason: rejectReason,
});

export const orderIdBody = z.object({ id: orderId });

export const receiveBody = z.object({
  id: orderId,
  /** Received quantity per line; lines left out are received in full. */
  lines: z
    .array(
      z.object({
        lineId: idOf('明细'),
        receivedQty: z
          .number({ error: '请输入实收数量' })
          .int('实收数量须为整数')
          .min(0, '实收数量不能小于 0')
          .max(ORDER_QTY_MAX, `实收数量不能大于 ${ORDER_QTY_MAX}`),
      }),
      { error: '收货明细格式无效' },
    )
    .max(ORDER_LINES_MAX, '收货明细过多')
    .optional(),
  remark,
});

export const payBody = z.object({
  orderId,
  amount: z
    .number({ error: '请输入付款金额' })
    .int('付款金额须为整数（分）')
    .min(1, '付款金额须大于 0')
    .max(MONEY_MAX * 10, '付款金额过大'),
  method: z.enum(PAY_METHODS.map((m) => m.value) as [PayMethod, ...PayMethod[]], { error: '请选择付款方式' }),
  paidAt: z.iso.datetime({ error: '请选择付款时间', offset: true }),
  voucher: z.string().trim().max(500, '凭证地址过长').nullable().optional(),
  remark,
});

export type RejectBody = z.infer<typeof rejectBody>;
export type ReceiveBody = z.infer<typeof receiveBody>;
export type PayBody = z.infer<typeof payBody>;

// ---------------------------------------------------------------------------------------------
// Answers.

export interface OrderStoreOption {
  id: number;
  name: string;
  code: string;
  ownership: 'direct' | 'franchise';
}

/** A product or material a store may order, with the unit price an order takes. */
export interface OrderItemOption {
  id: number;
  code: string;
  name: string;
  spec: string | null;
  unit: string;
  price: number;
}

export interface StoreOrderLine {
  id: number;
  line: number;
  itemId: number;
  code: string;
  name: string;
  spec: string | null;
  unit: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  /** Null until received. */
  receivedQty: number | null;
  /** The projects that consume the product (美业产品 orders show them). */
  projects: string | null;
}

export interface StoreOrderStepRow {
  step: 'submit' | OrderStep;
  label: string;
  at: string;
  by: string | null;
  note: string | null;
}

export interface StoreOrderPayment {
  id: number;
  amount: number;
  method: PayMethod;
  paidAt: string;
  voucher: string | null;
  remark: string | null;
  recordedBy: string | null;
  createdAt: string;
}

export interface StoreOrderHead {
  id: number;
  orderNo: string;
  storeId: number;
  storeCode: string;
  storeName: string;
  ownership: 'direct' | 'franchise';
  regionName: string;
  kind: OrderKind;
  status: OrderStatus;
  total: number;
  paidAmount: number;
  payStatus: PayStatus;
  remark: string | null;
  rejectReason: string | null;
  submitterName: string | null;
  createdAt: string;
}

export interface StoreOrderView {
  order: StoreOrderHead;
  /** Whether the caller submitted it (only the submitter edits or withdraws). */
  mine: boolean;
  lines: StoreOrderLine[];
  steps: StoreOrderStepRow[];
  payments: StoreOrderPayment[];
}

export interface OrderSaved {
  id: number;
  orderNo: string;
  status: OrderStatus;
}

// ---------------------------------------------------------------------------------------------
// Endpoints of one family of orders (goods orders, material orders).

export interface OrderFamily {
  key: 'store' | 'material';
  decl: ResourceDecl;
  kinds: readonly OrderKind[];
  /** 商品 or 物料: what a line orders. */
  item: string;
}

const familyApi = (f: OrderFamily) => {
  const { decl } = f;
  const base = decl.api;
  const page = decl.page;
  const step = <B>(name: OrderStep, body: z.ZodType<B>): Endpoint<undefined, B, OrderSaved> =>
    endpoint<undefined, B, OrderSaved>({
      method: 'POST',
      path: `${base}/${name}`,
      access: buttonAccess(page, ORDER_STEPS[name].button!),
      body,
      summary: `${ORDER_STEPS[name].label}${decl.title}`,
    });
  const kinds = f.kinds as [OrderKind, ...OrderKind[]];
  const kind = kinds.length === 1 ? z.enum(kinds).default(kinds[0]) : z.enum(kinds, { error: '请选择订货类型' });
  const submitBody = z.object({
    storeId: idOf('门店', '请选择门店'),
    kind,
    remark,
    lines: linesSchema(f.item),
  });
  const modifyBody = z.object({ id: orderId, remark, lines: linesSchema(f.item) });
  return {
    ...(resourceApi(decl) as Required<Pick<ResourceApi, 'list' | 'detail' | 'export'>>),
    /** The order with its lines, steps and payments. */
    view: endpoint<undefined, undefined, StoreOrderView>({
      method: 'GET',
      path: `${base}/view/:id`,
      access: pageAccess(decl.detailPage!),
      params: idParams,
      summary: `${decl.title}详情`,
    }),
    /** The stores of the caller's data scope that may order. */
    stores: endpoint<undefined, undefined, OrderStoreOption[]>({
      method: 'GET',
      path: `${base}/stores`,
      access: buttonAccess(page, 'add'),
      summary: '可订货门店',
    }),
    /**
     * What may be ordered, with its price; given a store, what that store may order at its price
     * (a franchise store's /cooperativeConfig terms).
     */
    items: endpoint<{ storeId?: number }, undefined, OrderItemOption[]>({
      method: 'GET',
      path: `${base}/items`,
      access: buttonAccess(page, 'add'),
      query: z.object({ storeId: idParamOf('门店').optional() }),
      summary: `可订${f.item}`,
    }),
    submit: endpoint<undefined, z.infer<typeof submitBody>, OrderSaved>({
      method: 'POST',
      path: `${base}/submit`,
      access: buttonAccess(page, 'add'),
      body: submitBody,
      summary: `提交${decl.title}`,
    }),
    /** The submitter changes the lines or remark of an order still submitted. */
    modify: endpoint<undefined, z.infer<typeof modifyBody>, OrderSaved>({
      method: 'PUT',
      path: `${base}/modify`,
      access: buttonAccess(page, 'add'),
      body: modifyBody,
      summary: `修改${decl.title}`,
    }),
    withdraw: step('withdraw', orderIdBody),
    approve: step('approve', orderIdBody),
    reject: step('reject', rejectBody),
    ship: step('ship', orderIdBody),
    receive: step('receive', receiveBody),
    /** Records a payment of the order (编辑). */
    pay: endpoint<undefined, PayBody, { id: number; paidAmount: number; payStatus: PayStatus }>({
      method: 'POST',
      path: `${base}/payment`,
      access: buttonAccess(page, 'edit'),
      body: payBody,
      summary: `登记${decl.title}付款`,
    }),
  };
};

export type OrderFamilyApi = ReturnType<typeof familyApi>;

export const STORE_ORDER_FAMILY: OrderFamily = {
  key: 'store',
  decl: STORE_ORDER,
  kinds: ['goods', 'aesthetic'],
  item: '商品',
};

export const MATERIAL_ORDER_FAMILY: OrderFamily = {
  key: 'material',
  decl: MATERIAL_ORDER,
  kinds: ['material'],
  item: '物料',
};

export const STORE_ORDER_API = familyApi(STORE_ORDER_FAMILY);
export const MATERIAL_ORDER_API = familyApi(MATERIAL_ORDER_FAMILY);

export const orderApiOf = (f: OrderFamily): OrderFamilyApi =>
  f.key === 'material' ? MATERIAL_ORDER_API : STORE_ORDER_API;

export interface OrderLineInput {
  itemId: number;
  quantity: number;
}
