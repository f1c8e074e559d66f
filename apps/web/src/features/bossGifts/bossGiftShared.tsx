/** What the 老板赠送 pages share: the form's own controls and the steps' words. */
import { BossGiftItemsInput } from './BossGiftItemsInput';

export const BOSS_GIFT_INPUTS = { items: BossGiftItemsInput };

export const BOSS_GIFT_WORDS = {
  starts: '审核通过后，参与门店的老板可在活动期间内按预算向会员赠送。',
  stops: '停用后门店不能再赠送，已赠送的优惠券保留。',
};
