/** A 折扣方案's steps beside 查看/编辑: 提交审核 and 停用 (platform/campaign). */
import { SALE, SALE_API } from '@zb/contract/entities/sale';
import { CampaignActions } from '../../platform/campaign/CampaignActions';

export const SALE_WORDS = {
  starts: '审核通过后，活动期间内适用门店的收银单按方案价格计价。',
  stops: '停用后收银单恢复原价，已成交的销售记录保留。',
};

export function SaleActions(props: { row: { id: number; name: string; status: string }; compact?: boolean }) {
  return <CampaignActions decl={SALE} api={SALE_API} words={SALE_WORDS} {...props} />;
}
