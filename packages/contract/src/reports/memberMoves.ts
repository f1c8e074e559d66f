/** 会员迁移与闭店迁移记录（issue 15）. */
import type { AnyReport } from '../report/define';

export const MEMBER_MOVE_REPORTS: readonly AnyReport[] = [];
