/**
 * Every report and view declaration (report/define.ts), one file per area beside this one. The
 * server registers each, the conformance test walks each, the web's report page renders each:
 * a new report is a declaration added here (and, only where it has real rules, a server query).
 */
import type { AnyReport } from '../report/define';
import { BILL_REPORTS } from './bills';
import { INTENT_REPORTS } from './intents';
import { MEMBER_ACCOUNT_VIEWS } from './memberAccount';
import { MEMBER_REPORTS } from './members';
import { QUERY_REPORTS } from './query';
import { STOCK_REPORTS } from './stock';

export const REPORTS: readonly AnyReport[] = [
  ...STOCK_REPORTS,
  ...MEMBER_REPORTS,
  ...QUERY_REPORTS,
  ...MEMBER_ACCOUNT_VIEWS,
  ...BILL_REPORTS,
  ...INTENT_REPORTS,
];
