/** 跨店结算与跨店消费（SPEC §2.10，issue 14）. */
import type { AnyReport } from '../report/define';

export const SETTLEMENT_REPORTS: readonly AnyReport[] = [];
