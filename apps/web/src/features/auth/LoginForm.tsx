/** Account + password form (SPEC §5): the contract's rules run as the form's validators. */
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LOGIN_ACCOUNT_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from '@zb/contract/constants';
import type { LoginForm as LoginValues } from '@zb/contract/rules';
import { Button, Form, Input } from 'antd';
import { zodRule } from '../../platform/formRules';
import { useThrottledSubmit } from '../../platform/throttle';
import { loadRules } from './deferred';

const ACCOUNT_RULES = [zodRule(async () => (await loadRules()).loginAccountSchema)];
const PASSWORD_RULES = [zodRule(async () => (await loadRules()).loginPasswordSchema)];

interface Props {
  submitting: boolean;
  onSubmit: (values: LoginValues) => void;
}

export function LoginForm({ submitting, onSubmit }: Props) {
  const submit = useThrottledSubmit(onSubmit);
  return (
    <Form<LoginValues> layout="vertical" size="large" requiredMark={false} onFinish={submit} autoComplete="on">
      <Form.Item label="账号" name="user" rules={ACCOUNT_RULES}>
        <Input
          prefix={<UserOutlined />}
          placeholder="请输入账号"
          maxLength={LOGIN_ACCOUNT_MAX_LENGTH}
          autoComplete="username"
          autoFocus
        />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={PASSWORD_RULES}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          maxLength={LOGIN_PASSWORD_MAX_LENGTH}
          autoComplete="current-password"
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}
