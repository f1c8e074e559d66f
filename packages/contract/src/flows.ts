/**
 * Every declared flow (flow.ts), so the operation log names their steps and the history walks
 * know them. A new flow is declared beside its entity and listed here.
 */
import { ABNORMAL_FLOW } from './entities/abnormalBill';
import { BILL_FLOW } from './entities/bill';
import { BAD_REVIEW_FLOW } from './entities/evaluation';
import { INTENT_FLOW, INTENT_REFUND_FLOW } from './entities/intentDeposit';
import { MALL_ORDER_FLOW, MALL_RETURN_FLOW } from './entities/mall';
import { REFUND_FLOW } from './entities/refund';
import { WARNING_FLOW } from './entities/security';
import { SETTLEMENT_FLOW } from './entities/settlement';
import type { FlowDecl } from './flow';

export const FLOWS: readonly FlowDecl[] = [
  BILL_FLOW,
  ABNORMAL_FLOW,
  REFUND_FLOW,
  MALL_ORDER_FLOW,
  MALL_RETURN_FLOW,
  INTENT_FLOW,
  INTENT_REFUND_FLOW,
  SETTLEMENT_FLOW,
  WARNING_FLOW,
  BAD_REVIEW_FLOW,
];
