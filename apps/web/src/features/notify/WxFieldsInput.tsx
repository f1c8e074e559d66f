/**
 * 模板字段 of a WeChat template or subscribe message: each key of the template (first,
 * keyword1 … remark; thing1, time2 …) and the text it is filled with, variables of the chosen event
 * inserted by a click; the server checks the same rules (contract wxFieldsSchema).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { WX_FIELDS_MAX, type WxField } from '@zb/contract/entities/notify';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { useWatchedEvent, VarTags } from './VarTags';

/** The key the next row suggests: keyword1, keyword2 … after first. */
export const nextFieldKey = (fields: readonly WxField[]): string => {
  if (fields.length === 0) return 'first';
  for (let i = 1; ; i++) if (!fields.some((f) => f.key === `keyword${i}`)) return `keyword${i}`;
};

export function WxFieldsEditor({
  value,
  onChange,
  disabled,
  event,
}: {
  value: WxField[];
  onChange: (v: WxField[]) => void;
  disabled?: boolean;
  event?: string;
}) {
  const [focused, setFocused] = useState(0);
  const set = (i: number, patch: Partial<WxField>) => onChange(value.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position (its key is edited in place)
        <Space key={i} align="start">
          <Input
            aria-label={`第 ${i + 1} 个字段名`}
            style={{ width: 120 }}
            placeholder="字段名"
            disabled={disabled}
            value={f.key}
            onChange={(e) => set(i, { key: e.target.value.trim() })}
          />
          <Input
            aria-label={`第 ${i + 1} 个字段内容`}
            style={{ width: 320 }}
            placeholder="字段内容，可插入变量"
            maxLength={100}
            disabled={disabled}
            value={f.value}
            onFocus={() => setFocused(i)}
            onChange={(e) => set(i, { value: e.target.value })}
          />
          <Button
            aria-label={`删除第 ${i + 1} 个字段`}
            icon={<DeleteOutlined />}
            disabled={disabled}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      <Space wrap>
        <Button
          icon={<PlusOutlined />}
          disabled={disabled || value.length >= WX_FIELDS_MAX}
          onClick={() => {
            onChange([...value, { key: nextFieldKey(value), value: '' }]);
            setFocused(value.length);
          }}
        >
          添加字段
        </Button>
        {value.length > 0 && (
          <VarTags
            event={event}
            disabled={disabled}
            onPick={(token) => {
              const i = Math.min(focused, value.length - 1);
              set(i, { value: `${value[i]!.value}${token}` });
            }}
          />
        )}
      </Space>
    </Space>
  );
}

/** The editor as a field of the engine's form. */
export function WxFieldsInput({ value, onChange, disabled }: CustomInputProps) {
  const event = useWatchedEvent();
  return (
    <WxFieldsEditor
      value={Array.isArray(value) ? (value as WxField[]) : []}
      onChange={(v) => onChange?.(v)}
      disabled={disabled}
      event={event}
    />
  );
}
