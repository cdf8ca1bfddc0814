import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '@portal/api-client';
import { ErrorCode } from '@portal/api-client/codes';
import { SMS_COUNTDOWN_S } from '@portal/api-client/constants';
import { MSG } from '@portal/api-client/schemas';
import { SmsButton } from './SmsButton';

function stubApi(code: number = ErrorCode.Ok) {
  const send_sms = vi.fn(async () => ({
    code,
    msg: code === 0 ? '验证码已发送，请注意查收' : '滑块验证失败，请重新验证',
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

  it('asks for the phone first, then for the slider', async () => {
    const { api, send_sms } = stubApi();
    const { rerender } = render(
      <SmsButton getApi={async () => api} mobile="" proof={null} onProofSpent={() => {}} />,
    );
    fireEvent.click(screen.getByRole('button'));
    await flush();
    expect(toasts()).toEqual([MSG.phoneFirst]);
    rerender(
      <SmsButton getApi={async () => api} mobile="13800138000" proof={null} onProofSpent={() => {}} />,
    );
    fireEvent.click(screen.getByRole('button'));
    await flush();
    expect(toasts()).toContain('请先完成滑块验证');
    expect(send_sms).not.toHaveBeenCalled();
  });

  it('sends with the slider proof, counts down 60 s, then reads 重新获取', async () => {
    const { api, send_sms } = stubApi();
    render(
      <SmsButton getApi={async () => api} mobile=" 13800138000 " proof="tok:150" onProofSpent={() => {}} />,
    );
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('获取验证码');
    fireEvent.click(button);
    await flush();
    expect(send_sms).toHaveBeenCalledWith({ mobile: '13800138000', drag_verify: 'tok:150' });
    expect(button.textContent).toBe(`${SMS_COUNTDOWN_S}s`);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < SMS_COUNTDOWN_S - 1; i++) await act(async () => void vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('1s');
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe(MSG.getAgain);
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks for a new slider when the server refuses the proof', async () => {
    const { api } = stubApi(ErrorCode.DragVerifyFailed);
    const spent = vi.fn();
    render(<SmsButton getApi={async () => api} mobile="13800138000" proof="tok:1" onProofSpent={spent} />);
    fireEvent.click(screen.getByRole('button'));
    await flush();
    expect(spent).toHaveBeenCalledOnce();
    expect(screen.getByRole('button').textContent).toBe('获取验证码');
  });
});
