/** An amount of money typed in 元 (two decimals, ¥) and held in integer 分, as every amount is sent. */
import { InputNumber, type InputNumberProps } from 'antd';

type Props = Omit<InputNumberProps<number>, 'value' | 'onChange' | 'precision' | 'prefix'> & {
  /** 分; undefined when empty. */
  value: number | undefined;
  onChange: (fen: number | undefined) => void;
};

export function FenInput({ value, onChange, ...rest }: Props) {
  return (
    <InputNumber<number>
      precision={2}
      prefix="¥"
      {...rest}
      value={value === undefined ? null : value / 100}
      onChange={(v) => onChange(v === null ? undefined : Math.round(v * 100))}
    />
  );
}
