/** 会员资产报表（/asstes /asstesDetail /abnormalCardList），issue 15. */
import type { AnyReport } from '../report/define';

export const MEMBER_ASSET_REPORTS: readonly AnyReport[] = [];
