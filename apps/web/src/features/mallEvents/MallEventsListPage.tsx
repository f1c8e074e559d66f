/**
 * /mallEventsList (商城活动): every 秒杀, 拼团 and 限时折扣 of the mini-program mall, open to anyone
 * signed in; 新增, 编辑, 提交审核 and 停用 need /mallEventsDetail's 编辑 and 审核.
 */
import { MALL_EVENT, MALL_EVENT_API } from '@zb/contract/entities/mallEvent';
import { CampaignActions } from '../../platform/campaign/CampaignActions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { MALL_EVENT_INPUTS, MALL_EVENT_WORDS } from './MallEventItemsInput';

export default function MallEventsListPage() {
  return (
    <ResourceListPage
      decl={MALL_EVENT}
      inputs={MALL_EVENT_INPUTS}
      rowActions={(row) => (
        <CampaignActions
          compact
          decl={MALL_EVENT}
          api={MALL_EVENT_API}
          words={MALL_EVENT_WORDS}
          row={{ id: row.id, name: String(row.name), status: String(row.status) }}
        />
      )}
    />
  );
}
