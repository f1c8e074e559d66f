/**
 * 模板内容 of an SMS template: the text, the event's variables to insert, and the SMS as a member
 * would receive it with example values — its length and the parts it is charged as.
 */
import { renderText, sampleVarsOf, smsSegments } from '@zb/contract/entities/notify';
import { Form, Input, Space, Typography } from 'antd';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { useWatchedEvent, VarTags } from './VarTags';

export function SmsContentInput({ id, value, onChange, disabled, field }: CustomInputProps) {
  const event = useWatchedEvent();
  const form = Form.useFormInstance();
  const sign = Form.useWatch('signName', form) as string | undefined;
  const text = typeof value === 'string' ? value : '';
  const preview = `【${sign || '签名'}】${renderText(text, event ? sampleVarsOf(event) : {})}`;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        id={id}
        rows={4}
        maxLength={field.max}
        showCount
        disabled={disabled}
        value={text}
        onChange={(e) => onChange?.(e.target.value)}
      />
      <VarTags event={event} disabled={disabled} onPick={(token) => onChange?.(`${text}${token}`)} />
      {text && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="sms-preview">
          预览：{preview}（{[...preview].length} 字，按 {smsSegments(preview)} 条计费）
        </Typography.Paragraph>
      )}
    </Space>
  );
}
