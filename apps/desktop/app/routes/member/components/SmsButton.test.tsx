import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '@portal/api-client';
import { ErrorCode } from '@portal/api-client/codes';
import { SMS_COUNTDOWN_S } from '@portal/api-client/constants';
import { MSG } from '@portal/api-client/messages';
import { SmsButton } from './SmsButton';

function stubApi(code: number = ErrorCode.Ok) {
  const send_sms = vi.fn(async () => ({
    code,
    msg: code === 0 ? '验证码已发送，请注意查收' : '验证码发送过于频繁，请1分钟后再试',
    data: null,
  }));
  return { api: { send_sms } as unknown as Api, send_sms };
}
const toasts = () => Array.from(document.querySelectorAll('#ui-toasts .toast')).map((t) => t.textContent);
/** Lets the click handler's awaited promises settle. */
const flush = () => act(async () => {});

describe('SmsButton', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    document.getElementById('ui-toasts')?.remove();
  });

  it('asks for the phone first, then checks its format', async () => {
    const { api, send_sms } = stubApi();
    const { rerender } = render(<SmsButton getApi={async () => api} mobile="" />);
    fireEvent.click(screen.getByRole('button'));
    await flush();
    expect(toasts()).toEqual([MSG.phoneFirst]);
    rerender(<SmsButton getApi={async () => api} mobile="1380013" />);
    fireEvent.click(screen.getByRole('button'));
    await flush();
    expect(toasts()).toContain(MSG.mobileInvalid);
    expect(send_sms).not.toHaveBeenCalled();
  });

  it('sends {mobile} (no slider), counts down 60 s, then 重新获取 sends again', async () => {
    const { api, send_sms } = stubApi();
    render(<SmsButton getApi={async () => api} mobile=" 13800138000 " />);
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('获取验证码');
    fireEvent.click(button);
    await flush();
    expect(send_sms).toHaveBeenCalledWith({ mobile: '13800138000' });
    expect(button.textContent).toBe(`${SMS_COUNTDOWN_S}s`);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < SMS_COUNTDOWN_S - 1; i++) await act(async () => void vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('1s');
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe(MSG.getAgain);
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    await flush();
    expect(send_sms).toHaveBeenCalledTimes(2);
    expect(send_sms).toHaveBeenLastCalledWith({ mobile: '13800138000' });
    expect(button.textContent).toBe(`${SMS_COUNTDOWN_S}s`);
  });

  it('shows the refusal and does not count down', async () => {
    const { api } = stubApi(ErrorCode.RateLimited);
    render(<SmsButton getApi={async () => api} mobile="13800138000" />);
    fireEvent.click(screen.getByRole('button'));
    await flush();
    expect(toasts()).toContain('验证码发送过于频繁，请1分钟后再试');
    expect(screen.getByRole('button').textContent).toBe('获取验证码');
  });
});
