/**
 * /giftsDetail (赠送方案详情): the plan (read, edited while 草稿/已驳回, or created), its steps, the
 * result panel (赠送次数, 受赠会员, 已赠金额, 已赠券数, 带动充值/售卡) and each gift given.
 */
import { GIFT_PLAN, GIFT_PLAN_API, GIFT_RECORD } from '@zb/contract/entities/giftPlan';
import { CampaignResults } from '../../platform/campaign/CampaignResults';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { GIFT_INPUTS, GIFT_WORDS } from './giftInputs';

const FIGURES = [
  { key: 'times', label: '赠送次数' },
  { key: 'members', label: '受赠会员' },
  { key: 'bonusGiven', label: '已赠金额', money: true },
  { key: 'couponsGiven', label: '已赠券数' },
  { key: 'revenue', label: '带动充值/售卡', money: true },
];
const RECORDS = { decl: GIFT_RECORD, filter: 'planId', title: '赠送记录', emptyText: '暂无按本方案赠送的记录' };

const below = (id: number) => (
  <CampaignResults
    id={id}
    decl={GIFT_PLAN}
    api={GIFT_PLAN_API}
    words={GIFT_WORDS}
    title="赠送效果"
    figures={FIGURES}
    records={RECORDS}
  />
);

export default function GiftsDetailPage() {
  return <ResourceDetailPage decl={GIFT_PLAN} inputs={GIFT_INPUTS} below={below} />;
}
