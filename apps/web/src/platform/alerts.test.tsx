import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertHost } from './AlertHost';
import { confirm, pendingAlerts, resetAlerts, showAlert } from './alerts';

afterEach(() => {
  act(() => resetAlerts());
});

const press = (key: string) => act(() => void fireEvent.keyDown(window, { key }));

describe('alerts', () => {
  it('shows one alert at a time; the next waits until the first closes', async () => {
    render(<AlertHost />);
    let first: Promise<boolean> = Promise.resolve(false);
    let second: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = showAlert('error', '第一条');
      second = showAlert('warning', '第二条');
    });
    expect(await screen.findByText('第一条')).toBeTruthy();
    expect(screen.getByText('警告')).toBeTruthy();
    expect(screen.queryByText('第二条')).toBeNull();
    expect(pendingAlerts()).toBe(2);

    press('Enter');
    await expect(first).resolves.toBe(true);
    expect(await screen.findByText('第二条')).toBeTruthy();
    expect(screen.getByText('提示')).toBeTruthy();

    press('Escape');
    await expect(second).resolves.toBe(false);
    expect(pendingAlerts()).toBe(0);
  });

  it('titles a success alert 成功 and closes it with 确定', async () => {
    render(<AlertHost />);
    let done: Promise<boolean> = Promise.resolve(false);
    act(() => {
      done = showAlert('success', '已保存');
    });
    expect(await screen.findByText('成功')).toBeTruthy();
    act(() => void fireEvent.click(screen.getByRole('button', { name: /确\s*定/ })));
    await expect(done).resolves.toBe(true);
  });

  it('confirm() offers 取消 and resolves false on it, true on Enter', async () => {
    render(<AlertHost />);
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirm('确认修改？');
    });
    expect(await screen.findByText('确认修改？')).toBeTruthy();
    act(() => void fireEvent.click(screen.getByRole('button', { name: /取\s*消/ })));
    await expect(answer).resolves.toBe(false);

    act(() => {
      answer = confirm('确认关闭？');
    });
    await screen.findByText('确认关闭？');
    press('Enter');
    await expect(answer).resolves.toBe(true);
  });

  it('ignores keys when no alert is open', () => {
    render(<AlertHost />);
    press('Enter');
    expect(pendingAlerts()).toBe(0);
  });
});
