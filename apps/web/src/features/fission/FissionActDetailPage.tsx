/**
 * /fissionActDetail (裂变活动详情): the activity (read, edited while 草稿/已驳回, or created), its
 * steps, the result panel (分享人数, 注册好友, 分享奖励, 新人礼券, 裂变层级), the sharing tree and the
 * registrations.
 */
import { FISSION_ACT, FISSION_API, FISSION_NODE } from '@zb/contract/entities/fission';
import { CampaignResults } from '../../platform/campaign/CampaignResults';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { FissionTreeCard } from './FissionTreeCard';
import { FISSION_INPUTS, FISSION_WORDS } from './fissionShared';

const FIGURES = [
  { key: 'sharers', label: '分享人数' },
  { key: 'friends', label: '注册好友' },
  { key: 'sharerRewards', label: '分享奖励' },
  { key: 'friendRewards', label: '新人礼券' },
  { key: 'depth', label: '裂变层级' },
];
const RECORDS = { decl: FISSION_NODE, filter: 'actId', title: '注册记录', emptyText: '暂无好友通过分享注册' };

const below = (id: number) => (
  <>
    <CampaignResults
      id={id}
      decl={FISSION_ACT}
      api={FISSION_API}
      words={FISSION_WORDS}
      title="裂变效果"
      figures={FIGURES}
      records={RECORDS}
    />
    <FissionTreeCard actId={id} />
  </>
);

export default function FissionActDetailPage() {
  return <ResourceDetailPage decl={FISSION_ACT} inputs={FISSION_INPUTS} below={below} />;
}
