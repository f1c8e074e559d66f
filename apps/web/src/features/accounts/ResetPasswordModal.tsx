/** 重置密码: a new password twice, checked with SPEC §5's rule; the account's sessions end on the server. */
import { MSG, newPasswordSchema } from '@zb/contract/rules';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../platform/formRules';
import { resetPassword } from './api';

interface Props {
  account: { id: number; loginName: string } | null;
  onClose: () => void;
}

const newRule = zodRule(newPasswordSchema(MSG.newPasswordRequired));
const confirmRule = zodRule(newPasswordSchema(MSG.confirmPasswordRequired));

export function ResetPasswordModal({ account, onClose }: Props) {
  const [form] = Form.useForm<{ password: string; confirmPassword: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!account) return;
    const v = await form.validateFields();
    setSaving(true);
    try {
      await resetPassword(account.id, v.password, v.confirmPassword);
      form.resetFields();
      onClose();
    } catch {
      // Alerted by the http client; the modal stays for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={account !== null}
      title={`重置密码：${account?.loginName ?? ''}`}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <p>重置后该账号的登录状态立即失效，需用新密码重新登录。</p>
      <Form form={form} layout="vertical" name="reset-password">
        <Form.Item name="password" label="新密码" rules={[{ ...newRule, required: true }]}>
          <Input.Password maxLength={32} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label="确认新密码" rules={[{ ...confirmRule, required: true }]}>
          <Input.Password maxLength={32} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
