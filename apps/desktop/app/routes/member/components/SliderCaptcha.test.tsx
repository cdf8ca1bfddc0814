import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '@portal/api-client';
import { SliderCaptcha } from './SliderCaptcha';

function stubApi() {
  let n = 0;
  const drag_captcha = vi.fn(async () => {
    n += 1;
    return { code: 0, msg: '成功', data: { token: `token-${n}`, width: 300, target: 150 } };
  });
  return { api: { drag_captcha } as unknown as Api, drag_captcha };
}
const flush = () => act(async () => {});

describe('SliderCaptcha', () => {
  afterEach(cleanup);

  it('gives the proof <token>:<offset> once the piece reaches the gap', async () => {
    const { api } = stubApi();
    const onChange = vi.fn();
    render(<SliderCaptcha getApi={async () => api} onChange={onChange} resetKey={0} />);
    await flush();
    const piece = screen.getByRole('slider');
    for (let i = 0; i < 15; i++) fireEvent.keyDown(piece, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(piece, { key: 'ArrowRight' });
    fireEvent.keyDown(piece, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('token-1:151');
    expect(screen.getByText('验证通过')).toBeTruthy();
  });

  it('a miss gives no proof and fetches a new challenge', async () => {
    vi.useFakeTimers();
    const { api, drag_captcha } = stubApi();
    const onChange = vi.fn();
    render(<SliderCaptcha getApi={async () => api} onChange={onChange} resetKey={0} />);
    await flush();
    const piece = screen.getByRole('slider');
    for (let i = 0; i < 5; i++) fireEvent.keyDown(piece, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(piece, { key: 'Enter' });
    expect(screen.getByText('验证失败，请重试')).toBeTruthy();
    expect(onChange.mock.calls.every(([proof]) => proof === null)).toBe(true);
    await act(async () => void vi.advanceTimersByTime(700));
    await flush();
    expect(drag_captcha).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});
