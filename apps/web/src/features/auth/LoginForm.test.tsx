import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LOGIN_ACCOUNT_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from '@zb/contract/constants';
import { MSG } from '@zb/contract/rules';
import { describe, expect, it, vi } from 'vitest';
import { renderInProviders, SLOW } from '../../test/renderApp';
import { LoginForm } from './LoginForm';

const setup = () => {
  const onSubmit = vi.fn();
  renderInProviders(<LoginForm submitting={false} onSubmit={onSubmit} />);
  const account = screen.getByPlaceholderText('请输入账号') as HTMLInputElement;
  const password = screen.getByPlaceholderText('请输入密码') as HTMLInputElement;
  const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
  return { onSubmit, account, password, type, submit };
};

describe('login form', () => {
  it('requires account and password', async () => {
    const f = setup();
    f.submit();
    expect(await screen.findByText('请输入账号', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('请输入密码', {}, SLOW)).toBeTruthy();
    expect(f.onSubmit).not.toHaveBeenCalled();
  });

  it.each(['SYYG0001', 'syyg0001', ' SYYG12 '])('refuses the store-employee account %j', async (account) => {
    const f = setup();
    f.type(f.account, account);
    f.type(f.password, 'store123');
    f.submit();
    expect(await screen.findByText('请使用手机号登录', {}, SLOW)).toBeTruthy();
    expect(f.onSubmit).not.toHaveBeenCalled();
  });

  it('limits the inputs to the contract maximum lengths', () => {
    const f = setup();
    expect(f.account.maxLength).toBe(LOGIN_ACCOUNT_MAX_LENGTH);
    expect(f.account.maxLength).toBe(15);
    expect(f.password.maxLength).toBe(LOGIN_PASSWORD_MAX_LENGTH);
    expect(f.password.maxLength).toBe(32);
  });

  it('refuses a 16-character account and a 33-character password that got past the inputs', async () => {
    const f = setup();
    f.type(f.account, '1'.repeat(16));
    f.type(f.password, 'a'.repeat(33));
    f.submit();
    expect(await screen.findByText(MSG.accountTooLong, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(MSG.passwordTooLong, {}, SLOW)).toBeTruthy();
    expect(f.onSubmit).not.toHaveBeenCalled();
  });

  it('submits a 15-character account with a 32-character password', async () => {
    const f = setup();
    f.type(f.account, '1'.repeat(15));
    f.type(f.password, 'a'.repeat(32));
    f.submit();
    await waitFor(
      () => expect(f.onSubmit).toHaveBeenCalledWith({ user: '1'.repeat(15), password: 'a'.repeat(32) }),
      SLOW,
    );
    expect(screen.queryByText(MSG.accountTooLong)).toBeNull();
  });
});
