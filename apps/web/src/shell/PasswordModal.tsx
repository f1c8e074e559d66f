/** The 修改密码 modal: three password fields, the contract's rules, and a throttled 确定. */
import { PASSWORD_MAX_LENGTH } from '@zb/contract/constants';
import type { PasswordChange } from '@zb/contract/rules';
import { Form, Input, Modal } from 'antd';
import { useThrottledSubmit } from '../platform/throttle';
import { PASSWORD_RULES, usePasswordChange } from './usePasswordChange';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Runs after errcode 0: the user is logged out. */
  onChanged: () => Promise<void> | void;
}

export function PasswordModal({ open, onClose, onChanged }: Props) {
  const [form] = Form.useForm<PasswordChange>();
  const { submitting, submit, requestClose } = usePasswordChange(onChanged);

  const onOk = useThrottledSubmit(async () => {
    let values: PasswordChange;
    try {
      values = await form.validateFields();
    } catch {
      return; // The fields show their messages.
    }
    if (await submit(values)) onClose();
  });

  const onCancel = async () => {
    if (await requestClose(form.getFieldsValue())) onClose();
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      onOk={onOk}
      onCancel={() => void onCancel()}
      okText="确定"
      cancelText="取消"
      confirmLoading={submitting}
      keyboard={false}
      mask={{ closable: false }}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form<PasswordChange> form={form} layout="vertical" requiredMark preserve={false} onFinish={onOk}>
        <Form.Item label="原密码" name="oldPassword" rules={[...PASSWORD_RULES.oldPassword]} required>
          <Input.Password placeholder="请输入原密码" maxLength={PASSWORD_MAX_LENGTH} autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="newPassword" rules={[...PASSWORD_RULES.newPassword]} required>
          <Input.Password placeholder="请输入新密码" maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirmPassword" rules={[...PASSWORD_RULES.confirmPassword]} required>
          <Input.Password placeholder="请再次输入新密码" maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
        </Form.Item>
        {/* Enter in a field submits through onFinish. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
