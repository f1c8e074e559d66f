/**
 * 优惠商品 of a 折扣方案: one row per project, product or card — its kind, the goods, 特价 (typed in
 * 元, sent in 分) or 折扣 (85 = 8.5 折) — with the price it comes to beside it.
 */
import { useQueries } from '@tanstack/react-query';
import { GOODS_KINDS, GOODS_REF_API, type GoodsKind } from '@zb/contract/entities/goodsRef';
import {
  SALE_MODES,
  SALE_RATE_MAX,
  SALE_RATE_MIN,
  type SaleItemRow,
  salePrice,
  saleRateText,
} from '@zb/contract/entities/sale';
import { InputNumber, Select, Typography } from 'antd';
import { call } from '../../platform/http';
import { FenInput } from '../../platform/inputs/FenInput';
import { RowsInput } from '../../platform/inputs/RowsInput';
import { formatFen } from '../../platform/money';
import type { CustomInputProps } from '../../platform/resource/customInputs';

type Row = Partial<SaleItemRow>;
const KINDS = GOODS_KINDS.map((k) => k.value);

export function SaleItemsInput({ value, onChange, disabled }: CustomInputProps) {
  const options = useQueries({
    queries: KINDS.map((kind) => ({
      queryKey: ['goods', 'refOptions', kind],
      queryFn: () => call(GOODS_REF_API.options, { query: { kind } }),
    })),
  });
  const goodsOf = (kind: GoodsKind | undefined) => (kind ? (options[KINDS.indexOf(kind)]?.data ?? []) : []);
  return (
    <RowsInput<Row>
      value={value as Row[] | null}
      onChange={onChange}
      disabled={disabled}
      blank={() => ({ kind: 'product', mode: 'rate', value: 90 })}
      addLabel="添加商品"
      emptyText="请添加参与折扣的项目、商品或卡项"
      renderRow={(row, set) => {
        const g = goodsOf(row.kind).find((x) => x.id === row.goodsId);
        const price = g && row.mode && row.value !== undefined ? salePrice(g.price, row.mode, row.value) : null;
        return (
          <>
            <Select
              aria-label="商品类别"
              style={{ width: 90 }}
              disabled={disabled}
              value={row.kind}
              options={GOODS_KINDS.map((k) => ({ value: k.value, label: k.label }))}
              onChange={(kind: GoodsKind) => set({ kind, goodsId: undefined })}
            />
            <Select
              aria-label="选择商品"
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 240 }}
              placeholder="请选择"
              disabled={disabled}
              loading={options.some((o) => o.isPending)}
              value={row.goodsId}
              options={goodsOf(row.kind).map((x) => ({
                value: x.id,
                label: `${x.name}（${x.code}）${formatFen(x.price)}${x.status === 'off' ? ' 停售' : ''}`,
              }))}
              onChange={(goodsId: number) => set({ goodsId })}
            />
            <Select
              aria-label="优惠方式"
              style={{ width: 80 }}
              disabled={disabled}
              value={row.mode}
              options={SALE_MODES.map((m) => ({ value: m.value, label: m.label }))}
              onChange={(mode: SaleItemRow['mode']) => set({ mode, value: mode === 'rate' ? 90 : undefined })}
            />
            {row.mode === 'price' ? (
              <FenInput
                aria-label="特价"
                min={0}
                style={{ width: 130 }}
                disabled={disabled}
                value={row.value}
                onChange={(value) => set({ value })}
              />
            ) : (
              <InputNumber
                aria-label="折扣"
                min={SALE_RATE_MIN}
                max={SALE_RATE_MAX}
                precision={0}
                style={{ width: 130 }}
                suffix={row.value ? saleRateText(row.value) : '折'}
                disabled={disabled}
                value={row.value ?? null}
                onChange={(v) => set({ value: v ?? undefined })}
              />
            )}
            {price !== null && g && (
              <Typography.Text type={price >= g.price ? 'danger' : 'secondary'}>
                原价 {formatFen(g.price)}，活动价 {formatFen(price)}
              </Typography.Text>
            )}
          </>
        );
      }}
    />
  );
}
