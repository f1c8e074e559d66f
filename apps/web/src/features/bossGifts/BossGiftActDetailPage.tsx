/**
 * /bossGiftActDetail (老板赠送活动详情): the activity (read, edited while 草稿/已驳回, or created), its
 * steps, 赠送 for a store's boss while it runs, the result panel and the gifts given.
 */
import { useQuery } from '@tanstack/react-query';
import { BOSS_GIFT_ACT, BOSS_GIFT_API, BOSS_GIFT_RECORD, type BossGiftItemRow } from '@zb/contract/entities/bossGift';
import { CampaignResults } from '../../platform/campaign/CampaignResults';
import { call } from '../../platform/http';
import { resourceKey } from '../../platform/queryClient';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { BOSS_GIFT_INPUTS, BOSS_GIFT_WORDS } from './bossGiftShared';
import { GiveForm } from './GiveForm';

const FIGURES = [
  { key: 'stores', label: '已赠门店' },
  { key: 'gifts', label: '赠送张数' },
  { key: 'given', label: '已用预算', money: true },
  { key: 'used', label: '已核销' },
];
const RECORDS = { decl: BOSS_GIFT_RECORD, filter: 'actId', title: '赠送记录', emptyText: '暂无赠送记录' };

function Below({ id }: { id: number }) {
  const act = useQuery({
    queryKey: [...resourceKey(BOSS_GIFT_ACT), 'detail', id],
    queryFn: () => call(BOSS_GIFT_API.detail, { params: { id } }),
  });
  return (
    <>
      {act.data && (
        <GiveForm actId={id} items={(act.data.items ?? []) as BossGiftItemRow[]} status={String(act.data.status)} />
      )}
      <CampaignResults
        id={id}
        decl={BOSS_GIFT_ACT}
        api={BOSS_GIFT_API}
        words={BOSS_GIFT_WORDS}
        title="赠送效果"
        figures={FIGURES}
        records={RECORDS}
      />
    </>
  );
}

const below = (id: number) => <Below id={id} />;

export default function BossGiftActDetailPage() {
  return <ResourceDetailPage decl={BOSS_GIFT_ACT} inputs={BOSS_GIFT_INPUTS} below={below} />;
}
