/**
 * A picker of goods (products, projects, stored-value cards) from their options call. Off-sale
 * goods read 「（停售）」 and, where `onSaleOnly`, cannot be picked — except the value already
 * chosen, which an edit may keep. `exclude` leaves ids out (a main product among its own links).
 */
import type { GoodsOption } from '@zb/contract/entities/goodsCommon';
import { Select } from 'antd';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { useProductOptions, useProjectOptions, useStoredCardOptions } from './api';

interface Props {
  id?: string;
  options: readonly GoodsOption[] | undefined;
  loading: boolean;
  value?: number | null;
  onChange?: (id: number | null) => void;
  disabled?: boolean;
  placeholder: string;
  onSaleOnly?: boolean;
  /** Ids an edit started with: they stay pickable even off sale. */
  kept?: ReadonlySet<number>;
  exclude?: readonly number[];
  width?: number | string;
}

export const goodsLabel = (o: GoodsOption) => `${o.name}（${o.code}）${o.status === 'off' ? '（停售）' : ''}`;

export function GoodsSelect({
  id,
  options,
  loading,
  value,
  onChange,
  disabled,
  placeholder,
  onSaleOnly,
  kept,
  exclude,
  width = '100%',
}: Props) {
  return (
    <Select<number>
      id={id}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      style={{ width }}
      placeholder={placeholder}
      loading={loading}
      disabled={disabled}
      value={value ?? undefined}
      onChange={(id) => onChange?.(id ?? null)}
      options={(options ?? [])
        .filter((o) => !exclude?.includes(o.id) || o.id === value)
        .map((o) => ({
          value: o.id,
          label: goodsLabel(o),
          disabled: !!onSaleOnly && o.status === 'off' && o.id !== value && !kept?.has(o.id),
        }))}
    />
  );
}

const asId = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** Where each picker takes its goods from, what it asks for, and whether only goods on sale go. */
const SOURCES = {
  product: { useOptions: useProductOptions, placeholder: '请选择商品', onSaleOnly: false },
  project: { useOptions: useProjectOptions, placeholder: '请选择项目', onSaleOnly: false },
  onSaleProject: { useOptions: useProjectOptions, placeholder: '请选择在售项目', onSaleOnly: true },
  storedCard: { useOptions: useStoredCardOptions, placeholder: '请选择储值卡', onSaleOnly: false },
} as const;

function GoodsPicker({ source, id, value, onChange, disabled }: CustomInputProps & { source: keyof typeof SOURCES }) {
  const { useOptions, placeholder, onSaleOnly } = SOURCES[source];
  const q = useOptions();
  return (
    <GoodsSelect
      id={id}
      options={q.data}
      loading={q.isPending}
      value={asId(value)}
      onChange={onChange}
      disabled={disabled}
      placeholder={placeholder}
      onSaleOnly={onSaleOnly}
    />
  );
}

/** 主商品 of an association: any product. */
export const ProductSelect = (p: CustomInputProps) => <GoodsPicker source="product" {...p} />;

/** The project of a card's associated project: any project. */
export const ProjectSelect = (p: CustomInputProps) => <GoodsPicker source="project" {...p} />;

/** The project of a course: a project on sale, or the one the course already sells. */
export const OnSaleProjectSelect = (p: CustomInputProps) => <GoodsPicker source="onSaleProject" {...p} />;

/** A stored-value card (储值卡) of an associated project. */
export const StoredCardSelect = (p: CustomInputProps) => <GoodsPicker source="storedCard" {...p} />;
