/** A 推广方案's steps beside 查看/编辑: 提交审核 and 停用 (platform/campaign). */
import { PROMOTION, PROMOTION_API } from '@zb/contract/entities/promotion';
import { CampaignActions } from '../../platform/campaign/CampaignActions';

const WORDS = {
  starts: '审核通过后开始接受推荐。',
  stops: '停用后不再接受新的推荐，已登记的推荐仍按规则奖励。',
};

export function PromotionActions(props: { row: { id: number; name: string; status: string }; compact?: boolean }) {
  return <CampaignActions decl={PROMOTION} api={PROMOTION_API} words={WORDS} {...props} />;
}
