/**
 * 测试发送 of a template: asks for a phone (for WeChat, a member's who follows the official
 * account), sends at once with example values and says what went out or why not.
 */
import type { Endpoint } from '@zb/contract/api/endpoint';
import type { NotifyTestResult } from '@zb/contract/entities/notify';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../platform/http';

type TestEndpoint = Endpoint<undefined, { templateId: number; phone: string }, NotifyTestResult>;

export function TestSendButton({
  endpoint,
  templateId,
  hint,
  link = true,
}: {
  endpoint: TestEndpoint;
  templateId: number;
  hint: string;
  link?: boolean;
}) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<NotifyTestResult | null>(null);
  const [form] = Form.useForm<{ phone: string }>();
  const send = async () => {
    const { phone } = await form.validateFields();
    setBusy(true);
    try {
      const r = await call(endpoint, { body: { templateId, phone } });
      setResult(r);
      void (r.status === 'sent'
        ? message.success('测试消息已发送')
        : message.warning(`测试消息未发出：${r.error ?? ''}`));
    } catch {
      // The refusal was shown by the call's alert.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type={link ? 'link' : 'default'} size={link ? 'small' : 'middle'} onClick={() => setOpen(true)}>
        测试发送
      </Button>
      <Modal
        title="测试发送"
        open={open}
        okText="发送"
        confirmLoading={busy}
        onOk={send}
        onCancel={() => {
          setOpen(false);
          setResult(null);
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Form.Item
            name="phone"
            label="手机号"
            rules={[
              { required: true, message: '请输入手机号' },
              { pattern: /^1[3-9]\d{9}$/, message: '请输入正确的 11 位手机号' },
            ]}
          >
            <Input maxLength={11} placeholder="11 位手机号" />
          </Form.Item>
        </Form>
        {result && (
          <Typography.Paragraph data-testid="test-result">
            {result.status === 'sent' ? '已发送：' : `未发出（${result.error ?? ''}）：`}
            {result.content}
          </Typography.Paragraph>
        )}
      </Modal>
    </>
  );
}
