/** 签单报表（SPEC §2.10，issue 14）. */
import type { AnyReport } from '../report/define';

export const BILL_CONFIG_REPORTS: readonly AnyReport[] = [];
