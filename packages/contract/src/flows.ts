/**
 * Every declared flow (flow.ts), so the operation log names their steps and the history walks
 * know them. A new flow is declared beside its entity and listed here.
 */
import { BILL_FLOW } from './entities/bill';
import { REFUND_FLOW } from './entities/refund';
import type { FlowDecl } from './flow';

export const FLOWS: readonly FlowDecl[] = [BILL_FLOW, REFUND_FLOW];
