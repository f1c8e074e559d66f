/** ERP 与加盟核算报表（SPEC §2.10，issue 14）. */
import type { AnyReport } from '../report/define';

export const ERP_REPORTS: readonly AnyReport[] = [];
