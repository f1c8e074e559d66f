/** The 原因 of a card's handling or application (冻结, 解冻, 调整, 补卡, 注销), with the form's message under it. */
import { CARD_HANDLING_REASON_MAX } from '@zb/contract/api/memberAssets';
import { Form, Input } from 'antd';

export function ReasonField({
  value,
  error,
  onChange,
}: {
  value: string | undefined;
  error: string | null;
  onChange: (reason: string) => void;
}) {
  return (
    <Form.Item label="原因" required validateStatus={error ? 'error' : undefined} help={error}>
      <Input.TextArea
        aria-label="原因"
        rows={3}
        maxLength={CARD_HANDLING_REASON_MAX}
        showCount
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Form.Item>
  );
}
