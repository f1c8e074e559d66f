/** /bossGiftRecordList (老板赠送记录): every gift in the caller's stores, with how many of its coupons were used. */
import { BOSS_GIFT_RECORD } from '@zb/contract/entities/bossGift';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function BossGiftRecordListPage() {
  return <ResourceListPage decl={BOSS_GIFT_RECORD} />;
}
