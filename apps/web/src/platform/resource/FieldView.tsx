/** A field's value as the list and the detail show it: tags for enums and switches, 元 for money. */
import type { FieldDef } from '@zb/contract/resource/define';
import { formatValue, lookupNameKey } from '@zb/contract/resource/format';
import { Image, Space, Tag, Typography } from 'antd';

interface Props {
  field: FieldDef;
  name: string;
  row: Record<string, unknown>;
  /** In the detail: long JSON shows whole. */
  full?: boolean;
}

export function FieldView({ field, name, row, full }: Props) {
  const value = row[name];
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return <span className="zb-empty-cell">—</span>;
  }
  if (field.type === 'images' && Array.isArray(value)) {
    const size = full ? 80 : 32;
    return (
      <Image.PreviewGroup>
        <Space size={4} wrap>
          {(full ? value : value.slice(0, 3)).map((url) => (
            <Image key={String(url)} src={String(url)} width={size} height={size} style={{ objectFit: 'cover' }} />
          ))}
        </Space>
      </Image.PreviewGroup>
    );
  }
  if (field.type === 'enum') {
    const option = field.options?.find((o) => o.value === String(value));
    return <Tag color={option?.color}>{option?.label ?? String(value)}</Tag>;
  }
  if (field.type === 'bool' && field.boolLabels) {
    return <Tag color={value ? field.boolLabels.color : undefined}>{formatValue(field, value)}</Tag>;
  }
  if (field.type === 'money') return <span>¥{formatValue(field, value)}</span>;
  if (field.type === 'json') {
    const text = JSON.stringify(value, null, full ? 2 : undefined);
    return full ? (
      <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 320, overflow: 'auto' }}>
        {text}
      </pre>
    ) : (
      <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 240 }}>
        {text}
      </Typography.Text>
    );
  }
  return <>{formatValue(field, value, row[lookupNameKey(name)])}</>;
}
