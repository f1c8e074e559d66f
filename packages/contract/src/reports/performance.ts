/** 员工业绩与提成报表（SPEC §2.10，issue 14）. */
import type { AnyReport } from '../report/define';

export const PERFORMANCE_REPORTS: readonly AnyReport[] = [];
