/** What the 裂变活动 pages share: the form's coupon pickers and the steps' words. */
import { FISSION_API } from '@zb/contract/entities/fission';
import { LookupInput } from '../../platform/inputs/LookupSelect';
import type { CustomInputProps } from '../../platform/resource/customInputs';

function CouponInput(props: CustomInputProps) {
  return <LookupInput {...props} endpoint={FISSION_API.coupons} placeholder="不设此奖励" />;
}

export const FISSION_INPUTS = { friendCouponTemplateId: CouponInput, sharerCouponTemplateId: CouponInput };

export const FISSION_WORDS = {
  starts: '审核通过后，会员可在小程序分享活动，好友注册即按规则奖励。',
  stops: '停用后不再登记新的好友注册，已发的奖励保留。',
};
