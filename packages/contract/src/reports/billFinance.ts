/** 收银单上的财务与查询报表（SPEC §2.10，issue 14）. */
import type { AnyReport } from '../report/define';

export const BILL_FINANCE_REPORTS: readonly AnyReport[] = [];
