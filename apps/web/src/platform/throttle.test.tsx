import { fireEvent, render, screen } from '@testing-library/react';
import { SUBMIT_THROTTLE_MS } from '@zb/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createThrottle, useThrottledSubmit } from './throttle';

describe('createThrottle', () => {
  it('lets one attempt through per SUBMIT_THROTTLE_MS', () => {
    let t = 1000;
    const gate = createThrottle(SUBMIT_THROTTLE_MS, () => t);
    expect(gate()).toBe(true);
    t += 100;
    expect(gate()).toBe(false);
    t += SUBMIT_THROTTLE_MS - 101;
    expect(gate()).toBe(false);
    t += 1;
    expect(gate()).toBe(true);
  });
});

function Probe({ onSubmit }: { onSubmit: () => void }) {
  const submit = useThrottledSubmit(onSubmit);
  return (
    <button type="button" onClick={submit}>
      提交
    </button>
  );
}

describe('useThrottledSubmit', () => {
  afterEach(() => vi.useRealTimers());

  it('submits a double click once, and again after the throttle', () => {
    vi.useFakeTimers();
    const onSubmit = vi.fn();
    render(<Probe onSubmit={onSubmit} />);
    const button = screen.getByText('提交');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SUBMIT_THROTTLE_MS);
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});
