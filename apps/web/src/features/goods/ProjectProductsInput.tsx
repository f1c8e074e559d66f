/** 消耗商品 of a project: product, quantity and unit (毫升 only for products with a volume). */
import { CONSUME_UNITS, type ProjectProductRow } from '@zb/contract/entities/project';
import { InputNumber, Select } from 'antd';
import { RowsInput } from '../../platform/inputs/RowsInput';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { useProductOptions } from './api';

type Row = Partial<ProjectProductRow>;

export function ProjectProductsInput({ value, onChange, disabled }: CustomInputProps) {
  const products = useProductOptions();
  const byId = new Map((products.data ?? []).map((p) => [p.id, p]));
  return (
    <RowsInput<Row>
      value={value as Row[] | null}
      onChange={onChange}
      disabled={disabled}
      blank={() => ({ quantity: 1, unit: 'piece' })}
      addLabel="添加消耗商品"
      emptyText="该项目不消耗商品"
      renderRow={(row, set) => {
        const chosen = row.productId ? byId.get(row.productId) : undefined;
        return (
          <>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 240 }}
              placeholder="请选择商品"
              loading={products.isPending}
              disabled={disabled}
              value={row.productId}
              options={(products.data ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.code}）` }))}
              onChange={(productId: number) =>
                set({ productId, unit: byId.get(productId)?.mlPerUnit ? 'ml' : 'piece' })
              }
            />
            <InputNumber
              aria-label="消耗数量"
              min={1}
              max={100000}
              precision={0}
              disabled={disabled}
              value={row.quantity}
              onChange={(q) => set({ quantity: q ?? undefined })}
            />
            <Select
              style={{ width: 90 }}
              disabled={disabled}
              value={row.unit}
              options={CONSUME_UNITS.map((u) => ({
                value: u.value,
                label: u.value === 'piece' && chosen ? chosen.unit : u.label,
                disabled: u.value === 'ml' && !!chosen && !chosen.mlPerUnit,
              }))}
              onChange={(unit) => set({ unit })}
            />
          </>
        );
      }}
    />
  );
}
