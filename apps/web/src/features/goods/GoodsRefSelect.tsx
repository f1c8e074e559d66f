/**
 * The goods a setting refers to: the products, projects or cards of the kind chosen in the same
 * form (商品类别), each with its code and, when off sale, 停售. Choosing another kind empties it.
 * `kind` fixes the kind instead (a trial limit is always a project); `onSaleOnly` refuses goods
 * off sale while the form's 展示 is on (the mini-program).
 */
import { useQuery } from '@tanstack/react-query';
import { GOODS_REF_API, type GoodsKind, goodsKindLabel } from '@zb/contract/entities/goodsRef';
import { Form, Select } from 'antd';
import { type ComponentType, useEffect, useRef } from 'react';
import { call } from '../../platform/http';
import type { CustomInputProps } from '../../platform/resource/customInputs';

export const goodsRefKey = (kind: GoodsKind) => ['goods', 'refOptions', kind] as const;

export const useGoodsRefOptions = (kind: GoodsKind | undefined) =>
  useQuery({
    queryKey: goodsRefKey(kind ?? 'product'),
    queryFn: () => call(GOODS_REF_API.options, { query: { kind: kind ?? 'product' } }),
    enabled: !!kind,
  });

interface Props extends CustomInputProps {
  kind?: GoodsKind;
  onSaleOnly?: boolean;
}

export function GoodsRefSelect({ value, onChange, disabled, kind: fixed, onSaleOnly }: Props) {
  const form = Form.useFormInstance();
  const watched = Form.useWatch('goodsKind', form) as GoodsKind | undefined;
  const visible = Form.useWatch('visible', form) as boolean | undefined;
  const kind = fixed ?? watched;
  const seen = useRef(kind);
  useEffect(() => {
    if (seen.current !== undefined && seen.current !== kind) onChange?.(null);
    seen.current = kind;
  }, [kind, onChange]);
  const options = useGoodsRefOptions(kind);
  if (!kind) return <Select disabled placeholder="请先选择商品类别" />;
  const label = goodsKindLabel(kind);
  const refuseOff = !!onSaleOnly && visible !== false;
  return (
    <Select
      aria-label={`选择${label}`}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      disabled={disabled}
      loading={options.isPending}
      placeholder={`请选择${label}`}
      value={(value as number | null | undefined) ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      notFoundContent={options.isPending ? '加载中…' : `暂无${label}`}
      options={(options.data ?? []).map((g) => ({
        value: g.id,
        label: `${g.name}（${g.code}）${g.status === 'off' ? ' 停售' : ''}`,
        disabled: refuseOff && g.status === 'off' && g.id !== value,
      }))}
    />
  );
}

/** The project picker of a trial limit. */
export const TrialProjectSelect: ComponentType<CustomInputProps> = (props) => (
  <GoodsRefSelect {...props} kind="project" />
);

/** The goods picker of the mini-program: goods off sale only while the item is hidden. */
export const ShownGoodsSelect: ComponentType<CustomInputProps> = (props) => <GoodsRefSelect {...props} onSaleOnly />;
