/** 会员积分与消费记录页签（issue 15）. */
import type { AnyReport } from '../report/define';

export const POINTS_REPORTS: readonly AnyReport[] = [];
