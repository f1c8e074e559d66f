/** /giftsList (赠送方案): the plans on the resource engine, with 提交审核 and 停用 per row. */
import { GIFT_PLAN, GIFT_PLAN_API } from '@zb/contract/entities/giftPlan';
import { CampaignActions } from '../../platform/campaign/CampaignActions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { GIFT_INPUTS, GIFT_WORDS } from './giftInputs';

export default function GiftsListPage() {
  return (
    <ResourceListPage
      decl={GIFT_PLAN}
      inputs={GIFT_INPUTS}
      rowActions={(row) => (
        <CampaignActions
          compact
          decl={GIFT_PLAN}
          api={GIFT_PLAN_API}
          words={GIFT_WORDS}
          row={{ id: row.id, name: String(row.name), status: String(row.status) }}
        />
      )}
    />
  );
}
