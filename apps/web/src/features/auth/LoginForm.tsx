/**
 * Account + password form (SPEC §5): the contract's rules run as the form's validators. Plain
 * inputs styled like antd's large ones rather than antd's Form and Input: those bring
 * @rc-component/form, its async-validator and antd's Form, Input and Tooltip, about 50 KB gzip
 * on /login's first load for two fields (LoginTabs makes the same choice for antd's Tabs).
 * Like antd's Form, the fields are checked on submit, then again on each change of a field
 * already marked wrong.
 */
import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { LOGIN_ACCOUNT_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from '@zb/contract/constants';
import type { LoginForm as LoginValues } from '@zb/contract/rules';
import { Button } from 'antd';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { firstIssue } from '../../platform/formRules';
import { useThrottledSubmit } from '../../platform/throttle';
import { loadRules } from './deferred';
import styles from './LoginForm.module.css';

type Field = keyof LoginValues;
type Errors = Partial<Record<Field, string>>;

/** The contract's message for each field, or none. */
const check = async (values: LoginValues): Promise<Errors> => {
  const rules = await loadRules();
  const errors: Errors = {};
  const user = firstIssue(rules.loginAccountSchema, values.user);
  const password = firstIssue(rules.loginPasswordSchema, values.password);
  if (user !== null) errors.user = user;
  if (password !== null) errors.password = password;
  return errors;
};

interface Props {
  submitting: boolean;
  onSubmit: (values: LoginValues) => void;
}

interface InputProps {
  label: string;
  error: string | undefined;
  prefix: ReactNode;
  suffix?: ReactNode;
  input: React.InputHTMLAttributes<HTMLInputElement>;
}

function LabelledInput({ label, error, prefix, suffix, input }: InputProps) {
  const id = useId();
  return (
    <div className={styles.item}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <span className={error ? `${styles.box} ${styles.invalid}` : styles.box}>
        <span className={styles.affix}>{prefix}</span>
        <input id={id} className={styles.input} aria-invalid={!!error} aria-describedby={`${id}-error`} {...input} />
        {suffix}
      </span>
      <div id={`${id}-error`} className={styles.error} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}

export function LoginForm({ submitting, onSubmit }: Props) {
  const submit = useThrottledSubmit(onSubmit);
  const [values, setValues] = useState<LoginValues>({ user: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [shown, setShown] = useState(false);

  const change = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (errors[field]) void check(next).then((found) => setErrors((now) => ({ ...now, [field]: found[field] })));
  };

  const onFormSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = await check(values);
    setErrors(found);
    if (!found.user && !found.password) submit(values);
  };

  return (
    <form className={styles.form} onSubmit={(e) => void onFormSubmit(e)} autoComplete="on" noValidate>
      <LabelledInput
        label="账号"
        error={errors.user}
        prefix={<UserOutlined />}
        input={{
          name: 'user',
          value: values.user,
          onChange: change('user'),
          placeholder: '请输入账号',
          maxLength: LOGIN_ACCOUNT_MAX_LENGTH,
          autoComplete: 'username',
          autoFocus: true,
        }}
      />
      <LabelledInput
        label="密码"
        error={errors.password}
        prefix={<LockOutlined />}
        suffix={
          <button
            type="button"
            className={styles.affix}
            aria-label={shown ? '隐藏密码' : '显示密码'}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          </button>
        }
        input={{
          name: 'password',
          type: shown ? 'text' : 'password',
          value: values.password,
          onChange: change('password'),
          placeholder: '请输入密码',
          maxLength: LOGIN_PASSWORD_MAX_LENGTH,
          autoComplete: 'current-password',
        }}
      />
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        登录
      </Button>
    </form>
  );
}
