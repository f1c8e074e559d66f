/** /bossGiftActList (老板赠送活动): the activities on the resource engine, with 提交审核 and 停用 per row. */
import { BOSS_GIFT_ACT, BOSS_GIFT_API } from '@zb/contract/entities/bossGift';
import { CampaignActions } from '../../platform/campaign/CampaignActions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { BOSS_GIFT_INPUTS, BOSS_GIFT_WORDS } from './bossGiftShared';

export default function BossGiftActListPage() {
  return (
    <ResourceListPage
      decl={BOSS_GIFT_ACT}
      inputs={BOSS_GIFT_INPUTS}
      rowActions={(row) => (
        <CampaignActions
          compact
          decl={BOSS_GIFT_ACT}
          api={BOSS_GIFT_API}
          words={BOSS_GIFT_WORDS}
          row={{ id: row.id, name: String(row.name), status: String(row.status) }}
        />
      )}
    />
  );
}
