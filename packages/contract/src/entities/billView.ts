/**
 * /orderDetails (开单详情): one 收银单 as head office reads it — its lines, payments, each card it
 * drew with that card's ledger rows for the bill, the staff's shares, its history (BILL_FLOW) and
 * the abnormal records flagged on it; and the console's steps on a bill (关单) and on an abnormal
 * record (确认无误, 冲正, 补单).
 */
import { z } from 'zod';
import { codes, endpoint } from '../api/endpoint';
import { idOf } from '../api/ids';
import { buttonAccess } from '../api/pageAccess';
import { idParams } from '../resource/schemas';
import { routeByPath } from '../routes';
import {
  ABNORMAL_FLOW,
  type AbnormalStepBody,
  type AbnormalSupplementBody,
  abnormalStepBody,
  abnormalSupplementBody,
} from './abnormalBill';
import { BILL_FLOW, BILL_REMARK_MAX } from './bill';

export interface BillViewHead {
  id: number;
  billNo: string;
  consumedAt: string;
  storeId: number;
  storeCode: string;
  storeName: string;
  memberId: number;
  memberCode: string;
  memberName: string;
  memberPhone: string;
  staffName: string | null;
  kind: string;
  source: string;
  status: string;
  outerNo: string | null;
  total: number;
  paidByCard: number;
  paidOther: number;
  refunded: number;
  remark: string | null;
  closedAt: string | null;
  closeReason: string | null;
}

export interface BillViewLine {
  line: number;
  kind: string;
  code: string | null;
  name: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  cardNo: string | null;
  sessions: number | null;
  cardAmount: number;
  refunded: number;
}

export interface BillViewPayment {
  seq: number;
  method: string;
  amount: number;
  cardNo: string | null;
  tradeNo: string | null;
  signerName: string | null;
  refunded: number;
}

export interface BillViewLedgerRow {
  id: number;
  at: string;
  kind: string;
  refType: string;
  amount: number;
  bonusAmount: number;
  balanceAfter: number | null;
  bonusAfter: number | null;
  projectName: string | null;
  sessions: number | null;
  sessionsAfter: number | null;
}

/** A card the bill drew (or opened, or topped up) and its ledger rows that belong to the bill. */
export interface BillViewCard {
  memberCardId: number;
  cardNo: string;
  cardName: string;
  cardKind: string;
  balance: number | null;
  bonusBalance: number | null;
  ledger: BillViewLedgerRow[];
}

export interface BillViewShare {
  line: number;
  staffName: string;
  performance: number;
  commission: number;
}

export interface BillViewHistory {
  at: string;
  label: string;
  by: string | null;
  reason: string;
}

export interface BillViewAbnormal {
  id: number;
  rule: string;
  reason: string;
  status: string;
  detectedAt: string;
  history: BillViewHistory[];
}

export interface BillView {
  bill: BillViewHead;
  lines: BillViewLine[];
  payments: BillViewPayment[];
  cards: BillViewCard[];
  shares: BillViewShare[];
  history: BillViewHistory[];
  abnormal: BillViewAbnormal[];
}

export const billCloseBody = z.object({
  id: idOf('收银单', '请选择收银单'),
  reason: z
    .string({ error: '请填写关单原因' })
    .trim()
    .min(1, '请填写关单原因')
    .max(BILL_REMARK_MAX, `关单原因最多 ${BILL_REMARK_MAX} 字`),
});
export type BillCloseBody = z.output<typeof billCloseBody>;

export interface BillStepDone {
  id: number;
  status: string;
}

const audit = buttonAccess(ABNORMAL_FLOW.page, 'audit');

export const BILL_API = {
  /** The bill: readable from /billingList (its detail /orderDetails) and /abnormalBillingList. */
  view: endpoint<undefined, undefined, BillView>({
    method: 'GET',
    path: '/rest/bills/view/:id',
    access: codes(
      ...(routeByPath('/orderDetails')?.codes ?? []),
      ...(routeByPath('/abnormalBillingList')?.codes ?? []),
    ),
    params: idParams,
    summary: '开单详情',
    read: true,
  }),
  close: endpoint<undefined, BillCloseBody, BillStepDone>({
    method: 'POST',
    path: '/rest/bills/close',
    access: buttonAccess(BILL_FLOW.page, 'audit'),
    body: billCloseBody,
    summary: '关单',
  }),
  confirmAbnormal: endpoint<undefined, AbnormalStepBody, BillStepDone>({
    method: 'POST',
    path: '/rest/abnormalBills/confirm',
    access: audit,
    body: abnormalStepBody,
    summary: '异常开单确认无误',
  }),
  reverseAbnormal: endpoint<undefined, AbnormalStepBody, BillStepDone>({
    method: 'POST',
    path: '/rest/abnormalBills/reverse',
    access: audit,
    body: abnormalStepBody,
    summary: '异常开单冲正',
  }),
  supplementAbnormal: endpoint<undefined, AbnormalSupplementBody, BillStepDone>({
    method: 'POST',
    path: '/rest/abnormalBills/supplement',
    access: audit,
    body: abnormalSupplementBody,
    summary: '异常开单补单',
  }),
};
