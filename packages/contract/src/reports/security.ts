/** 业务安全：预警与拒绝记录（issue 15）. */
import type { AnyReport } from '../report/define';

export const SECURITY_REPORTS: readonly AnyReport[] = [];
