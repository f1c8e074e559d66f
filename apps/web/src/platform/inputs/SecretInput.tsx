/** A write-only secret (a payment key, a platform app secret): typed, never shown; left empty it keeps the stored one. */
import { Input } from 'antd';
import type { CustomInputProps } from '../resource/customInputs';

export function SecretInput({ value, onChange, disabled, field }: CustomInputProps) {
  return (
    <Input.Password
      aria-label={field.label}
      autoComplete="new-password"
      disabled={disabled}
      maxLength={field.max}
      placeholder={field.placeholder}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}
