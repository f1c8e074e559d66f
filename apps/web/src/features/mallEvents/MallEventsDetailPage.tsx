/**
 * /mallEventsDetail (商城活动详情): the event (read, edited while 草稿/已驳回, or created), its steps,
 * the result panel (订单数, 售出件数, 成交金额, 让利金额, 成团数), its orders and, for a 拼团, its groups.
 */
import { MALL_EVENT, MALL_EVENT_API, MALL_EVENT_GROUP, MALL_EVENT_ORDER } from '@zb/contract/entities/mallEvent';
import { Card } from 'antd';
import { CampaignResults } from '../../platform/campaign/CampaignResults';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { ResourceSubTable } from '../../platform/resource/ResourceSubTable';
import { MALL_EVENT_INPUTS, MALL_EVENT_WORDS } from './MallEventItemsInput';

const FIGURES = [
  { key: 'orders', label: '订单数' },
  { key: 'pieces', label: '售出件数' },
  { key: 'revenue', label: '成交金额', money: true },
  { key: 'discount', label: '让利金额', money: true },
  { key: 'groupsFormed', label: '成团数' },
];
const RECORDS = {
  decl: MALL_EVENT_ORDER,
  filter: 'eventId',
  title: '活动订单',
  emptyText: '小程序尚未在本活动下单',
};

const below = (id: number) => (
  <>
    <CampaignResults
      id={id}
      decl={MALL_EVENT}
      api={MALL_EVENT_API}
      words={MALL_EVENT_WORDS}
      title="活动效果"
      figures={FIGURES}
      records={RECORDS}
    />
    <Card size="small" style={{ marginTop: 16 }} title="拼团记录">
      <ResourceSubTable
        decl={MALL_EVENT_GROUP}
        filters={{ eventId: String(id) }}
        emptyText="暂无拼团（仅拼团活动有）"
      />
    </Card>
  </>
);

export default function MallEventsDetailPage() {
  return <ResourceDetailPage decl={MALL_EVENT} inputs={MALL_EVENT_INPUTS} below={below} />;
}
