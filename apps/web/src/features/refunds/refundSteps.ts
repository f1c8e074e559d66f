/**
 * The buttons of a refund: the steps REFUND_FLOW allows from its state (stepsFrom, the same
 * declaration the server's runStep checks), shown to whoever the server lets take them — a
 * holder of /refundList's 审核 button or an approver of the approval center (the codes of
 * REFUND_API.step). The browser only hides; the server refuses.
 */
import { REFUND_API } from '@zb/contract/api/refunds';
import { REFUND_FLOW, type RefundStep } from '@zb/contract/entities/refund';
import { stepsFrom } from '@zb/contract/flow';

const STEP_CODES = REFUND_API.step.access.kind === 'codes' ? REFUND_API.step.access.codes : [];

/** `holds`: whether the user holds a code (a button's or a page's); `admin` holds every one. */
export const refundSteps = (status: string, holds: (code: string) => boolean, admin = false): RefundStep[] =>
  admin || STEP_CODES.some(holds) ? stepsFrom(REFUND_FLOW, status) : [];
