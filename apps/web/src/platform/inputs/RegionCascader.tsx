/** The cascading 省/市/区 input, usable as a Form control; value [provinceId, cityId, districtId]. */
import { Cascader } from 'antd';
import type { CSSProperties } from 'react';
import { type RegionValue, useRegions } from './useRegions';

interface Props {
  value?: RegionValue;
  onChange?: (value: RegionValue | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
}

export function RegionCascader({ value, onChange, placeholder = '请选择省/市/区', disabled, style, id }: Props) {
  const { options, loading, loadData } = useRegions(value);
  return (
    <Cascader
      id={id}
      style={style}
      disabled={disabled}
      allowClear
      placeholder={placeholder}
      loading={loading}
      options={options}
      loadData={(path) => void loadData(path)}
      value={value}
      onChange={(next) => onChange?.(next?.length ? next.map(Number) : undefined)}
    />
  );
}
