import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '@portal/api-client';
import type { DragChallenge } from '@portal/api-client/contract';
import { SliderCaptcha } from './SliderCaptcha';

const PICTURE = 'data:image/png;base64,cGljdHVyZQ==';
const PIECE = 'data:image/png;base64,cGllY2U=';

function stubApi() {
  let n = 0;
  const drag_captcha = vi.fn(async () => {
    n += 1;
    const data: DragChallenge = {
      id: `challenge-${n}`,
      width: 300,
      height: 150,
      piece_size: 40,
      y: 37,
      image: PICTURE,
      piece: PIECE,
    };
    return { code: 0, msg: '成功', data };
  });
  return { api: { drag_captcha } as unknown as Api, drag_captcha };
}
const flush = () => act(async () => {});

describe('SliderCaptcha', () => {
  afterEach(cleanup);

  it('draws the picture and the piece on its row, and reports <id>:<offset> where the piece is dropped', async () => {
    const { api } = stubApi();
    const onChange = vi.fn();
    const { container } = render(<SliderCaptcha getApi={async () => api} onChange={onChange} resetKey={0} />);
    await flush();
    const [picture, piece] = Array.from(container.querySelectorAll('img'));
    expect(picture.getAttribute('src')).toBe(PICTURE);
    expect(piece.getAttribute('src')).toBe(PIECE);
    expect(piece.style.top).toBe('37px');
    const handle = screen.getByRole('slider');
    expect(handle.getAttribute('aria-valuemax')).toBe('260');
    for (let i = 0; i < 15; i++) fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    // The piece in the picture moves with the handle.
    expect(piece.style.left).toBe('151px');
    expect(onChange).not.toHaveBeenCalledWith(expect.stringContaining(':'));
    fireEvent.keyDown(handle, { key: 'Enter' });
    // The component cannot judge the drop (it does not know the gap): the server does.
    expect(onChange).toHaveBeenLastCalledWith('challenge-1:151');
    expect(screen.getByText('已拖到此处，提交时校验')).toBeTruthy();
  });

  it('a new resetKey fetches a new picture and withdraws the spent proof', async () => {
    const { api, drag_captcha } = stubApi();
    const onChange = vi.fn();
    const { rerender } = render(<SliderCaptcha getApi={async () => api} onChange={onChange} resetKey={0} />);
    await flush();
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('challenge-1:0');
    rerender(<SliderCaptcha getApi={async () => api} onChange={onChange} resetKey={1} />);
    await flush();
    expect(drag_captcha).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('0');
  });

  it('换一个 asks for another picture', async () => {
    const { api, drag_captcha } = stubApi();
    const onChange = vi.fn();
    render(<SliderCaptcha getApi={async () => api} onChange={onChange} resetKey={0} />);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '换一个' }));
    await flush();
    expect(drag_captcha).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('challenge-2:0');
  });
});
