/**
 * 活动商品 of a 商城活动: one row per mall goods — 活动价 (typed in 元, sent in 分), 活动库存 and
 * 每人限购 — with the goods' own price and stock beside it. 定金 goods are not offered.
 */
import { useQuery } from '@tanstack/react-query';
import { MALL_EVENT_API, type MallEventItemRow } from '@zb/contract/entities/mallEvent';
import { InputNumber, Select, Typography } from 'antd';
import { call } from '../../platform/http';
import { FenInput } from '../../platform/inputs/FenInput';
import { RowsInput } from '../../platform/inputs/RowsInput';
import { formatFen } from '../../platform/money';
import type { CustomInputProps } from '../../platform/resource/customInputs';

type Row = Partial<MallEventItemRow>;

export const useMallGoodsOptions = () =>
  useQuery({ queryKey: ['mallEvent', 'goods'], queryFn: () => call(MALL_EVENT_API.goods) });

export function MallEventItemsInput({ value, onChange, disabled }: CustomInputProps) {
  const goods = useMallGoodsOptions();
  const options = goods.data ?? [];
  return (
    <RowsInput<Row>
      value={value as Row[] | null}
      onChange={onChange}
      disabled={disabled}
      blank={() => ({ stock: 10, limitPerMember: 1 })}
      addLabel="添加商品"
      emptyText="请添加参加活动的商城商品"
      renderRow={(row, set) => {
        const g = options.find((x) => x.id === row.goodsId);
        return (
          <>
            <Select
              aria-label="选择商城商品"
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 260 }}
              placeholder="请选择商城商品"
              disabled={disabled}
              loading={goods.isPending}
              value={row.goodsId}
              options={options.map((x) => ({
                value: x.id,
                label: `${x.name}（${x.code}）${formatFen(x.price)}${x.enabled ? '' : ' 已下架'}`,
              }))}
              onChange={(goodsId: number) => set({ goodsId })}
            />
            <FenInput
              aria-label="活动价"
              min={0.01}
              style={{ width: 120 }}
              disabled={disabled}
              value={row.price}
              onChange={(price) => set({ price })}
            />
            <InputNumber
              aria-label="活动库存"
              min={1}
              precision={0}
              suffix="件"
              style={{ width: 110 }}
              disabled={disabled}
              value={row.stock ?? null}
              onChange={(v) => set({ stock: v ?? undefined })}
            />
            <InputNumber
              aria-label="每人限购"
              min={0}
              precision={0}
              prefix="限购"
              style={{ width: 110 }}
              disabled={disabled}
              value={row.limitPerMember ?? null}
              onChange={(v) => set({ limitPerMember: v ?? undefined })}
            />
            {g && (
              <Typography.Text type={row.price !== undefined && row.price >= g.price ? 'danger' : 'secondary'}>
                商城价 {formatFen(g.price)}，库存 {g.stock}
              </Typography.Text>
            )}
          </>
        );
      }}
    />
  );
}

/** 活动商品 of a template: the mall goods a new event starts with. */
export function ModelGoodsInput({ id, value, onChange, disabled }: CustomInputProps) {
  const goods = useMallGoodsOptions();
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      allowClear
      aria-label="活动商品"
      placeholder="请选择商城商品（可不选）"
      disabled={disabled}
      loading={goods.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      value={(value as number[] | null | undefined) ?? []}
      options={(goods.data ?? []).map((x) => ({ value: x.id, label: `${x.name}（${x.code}）${formatFen(x.price)}` }))}
      onChange={(v) => onChange?.(v)}
    />
  );
}

export const MALL_EVENT_INPUTS = { items: MallEventItemsInput };
export const MODEL_INPUTS = { goods: ModelGoodsInput };

export const MALL_EVENT_WORDS = {
  starts: '审核通过后，活动期间小程序商城按活动价、活动库存和限购销售。',
  stops: '停用后小程序不再按活动价下单，已下的订单照常履约。',
};
