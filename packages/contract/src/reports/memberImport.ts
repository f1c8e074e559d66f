/** 会员迁入记录与明细（issue 15）. */
import type { AnyReport } from '../report/define';

export const MEMBER_IMPORT_REPORTS: readonly AnyReport[] = [];
