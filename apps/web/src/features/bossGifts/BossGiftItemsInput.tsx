/** 赠品 of a 老板赠送活动: one row per coupon template, with what one coupon counts against a store's budget (元). */
import { BOSS_GIFT_API, type BossGiftItemRow } from '@zb/contract/entities/bossGift';
import { FenInput } from '../../platform/inputs/FenInput';
import { LookupSelect } from '../../platform/inputs/LookupSelect';
import { RowsInput } from '../../platform/inputs/RowsInput';
import type { CustomInputProps } from '../../platform/resource/customInputs';

type Row = Partial<BossGiftItemRow>;

export function BossGiftItemsInput({ value, onChange, disabled }: CustomInputProps) {
  return (
    <RowsInput<Row>
      value={value as Row[] | null}
      onChange={onChange}
      disabled={disabled}
      blank={() => ({})}
      addLabel="添加赠品"
      emptyText="请添加老板可赠送的优惠券"
      renderRow={(row, set) => (
        <>
          <LookupSelect
            endpoint={BOSS_GIFT_API.coupons}
            aria-label="赠品优惠券"
            placeholder="请选择优惠券"
            style={{ width: 260 }}
            disabled={disabled}
            value={row.couponTemplateId}
            onChange={(id) => set({ couponTemplateId: id ?? undefined })}
          />
          <FenInput
            aria-label="计入预算"
            suffix="/张"
            min={0.01}
            style={{ width: 160 }}
            disabled={disabled}
            value={row.value}
            onChange={(value) => set({ value })}
          />
        </>
      )}
    />
  );
}
