/**
 * Every report and view declaration (report/define.ts), one file per area beside this one. The
 * server registers each, the conformance test walks each, the web's report page renders each:
 * a new report is a declaration added here (and, only where it has real rules, a server query).
 */
import type { AnyReport } from '../report/define';
import { BILL_CONFIG_REPORTS } from './billConfig';
import { BILL_FINANCE_REPORTS } from './billFinance';
import { BILL_REPORTS } from './bills';
import { COUPON_REPORTS } from './coupons';
import { ERP_REPORTS } from './erp';
import { EVALUATION_REPORTS } from './evaluations';
import { EXAMINATION_REPORTS } from './examinations';
import { GROUPBUY_REPORTS } from './groupBuy';
import { INTENT_REPORTS } from './intents';
import { MEMBER_ACCOUNT_VIEWS } from './memberAccount';
import { MEMBER_ASSET_REPORTS } from './memberAssets';
import { MEMBER_IMPORT_REPORTS } from './memberImport';
import { MEMBER_LIFECYCLE_REPORTS } from './memberLifecycle';
import { MEMBER_MOVE_REPORTS } from './memberMoves';
import { MEMBER_OPS_REPORTS } from './memberOps';
import { MEMBER_REPORTS } from './members';
import { NOTIFY_REPORTS } from './notify';
import { OFFER_REPORTS } from './offers';
import { PERFORMANCE_REPORTS } from './performance';
import { POINTS_REPORTS } from './points';
import { QUERY_REPORTS } from './query';
import { SCRM_REPORTS } from './scrm';
import { SECURITY_REPORTS } from './security';
import { SETTLEMENT_REPORTS } from './settlement';
import { STOCK_REPORTS } from './stock';

export const REPORTS: readonly AnyReport[] = [
  ...STOCK_REPORTS,
  ...MEMBER_REPORTS,
  ...QUERY_REPORTS,
  ...MEMBER_ACCOUNT_VIEWS,
  ...BILL_REPORTS,
  ...INTENT_REPORTS,
  ...SETTLEMENT_REPORTS,
  ...BILL_CONFIG_REPORTS,
  ...ERP_REPORTS,
  ...BILL_FINANCE_REPORTS,
  ...PERFORMANCE_REPORTS,
  ...MEMBER_ASSET_REPORTS,
  ...MEMBER_MOVE_REPORTS,
  ...MEMBER_IMPORT_REPORTS,
  ...POINTS_REPORTS,
  ...SECURITY_REPORTS,
  ...MEMBER_OPS_REPORTS,
  ...MEMBER_LIFECYCLE_REPORTS,
  ...COUPON_REPORTS,
  ...EVALUATION_REPORTS,
  ...EXAMINATION_REPORTS,
  ...NOTIFY_REPORTS,
  ...SCRM_REPORTS,
  ...GROUPBUY_REPORTS,
  ...OFFER_REPORTS,
];
