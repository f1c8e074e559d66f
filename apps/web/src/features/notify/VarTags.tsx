/**
 * The variables of the event chosen in the same form (contract NOTIFY_EVENTS): each a tag that,
 * clicked, hands `${name}` to the input beside it. Without an event it says to choose one.
 */
import { eventOf } from '@zb/contract/entities/notify';
import { Form, Space, Tag, Typography } from 'antd';

export const useWatchedEvent = (): string | undefined => {
  const form = Form.useFormInstance();
  return Form.useWatch('event', form) as string | undefined;
};

export function VarTags({
  event,
  onPick,
  disabled,
}: {
  event?: string;
  onPick: (token: string) => void;
  disabled?: boolean;
}) {
  const e = event ? eventOf(event) : undefined;
  if (!e) return <Typography.Text type="secondary">请先选择业务事件，再插入变量</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      <Typography.Text type="secondary">插入变量：</Typography.Text>
      {Object.entries(e.vars).map(([key, label]) => (
        <Tag
          key={key}
          color="blue"
          style={{ cursor: disabled ? 'not-allowed' : 'pointer' }}
          onClick={() => !disabled && onPick(`\${${key}}`)}
        >
          {label}
        </Tag>
      ))}
    </Space>
  );
}
