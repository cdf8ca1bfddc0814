import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { DragChallenge } from '@portal/api-client/contract';
import { TEXT } from '@portal/api-client/messages';

/**
 * 滑块验证: drag the piece onto the gap in the picture. The server's challenge (the members'
 * drag_captcha, or the back office's GET /admin/api/session/captcha) sends the picture, the piece
 * and the piece's row, but not where the gap is: the server keeps that and checks the drop
 * (`<id>:<offset>`, within a tolerance, one try per picture) when the form is submitted, so this
 * component only reports where the piece was dropped. `load` fetches a challenge (null when it
 * could not); `resetKey` changes ask for a fresh picture (the parent bumps it after a submit, which
 * always spends the picture). The app styles the `slider__*` classes.
 */
export function SliderCaptcha({
  load,
  onChange,
  resetKey,
}: {
  load: () => Promise<DragChallenge | null>;
  onChange: (proof: string | null) => void;
  resetKey: number;
}) {
  const [challenge, setChallenge] = useState<DragChallenge | null>(null);
  const [offset, setOffset] = useState(0);
  const [state, setState] = useState<'idle' | 'dragging' | 'placed'>('idle');
  const drag = useRef<{ startX: number; startOffset: number } | null>(null);

  // Bumped to ask for a fresh challenge (the refresh button or the parent's resetKey).
  const [round, setRound] = useState(0);
  const renew = useCallback(() => {
    onChange(null);
    setRound((r) => r + 1);
  }, [onChange]);

  useEffect(() => {
    let live = true;
    void load().then((next) => {
      if (!live) return;
      setChallenge(next);
      setOffset(0);
      setState('idle');
      onChange(null);
    });
    return () => {
      live = false;
    };
  }, [load, onChange, round, resetKey]);

  const max = challenge ? challenge.width - challenge.piece_size : 0;
  const place = (at: number) => {
    if (!challenge) return;
    setState('placed');
    onChange(`${challenge.id}:${Math.round(at)}`);
  };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (!challenge) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, startOffset: offset };
    setState('dragging');
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag.current) return;
    setOffset(Math.min(max, Math.max(0, drag.current.startOffset + e.clientX - drag.current.startX)));
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    drag.current = null;
    place(offset);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!challenge) return;
    const step = e.shiftKey ? 10 : 1;
    if (e.key === 'ArrowRight') setOffset((o) => Math.min(max, o + step));
    else if (e.key === 'ArrowLeft') setOffset((o) => Math.max(0, o - step));
    else if (e.key === 'Enter' || e.key === ' ') place(offset);
    else return;
    e.preventDefault();
  };

  const width = challenge?.width ?? 300;
  const piece = challenge?.piece_size ?? 40;
  return (
    <div className={`slider slider--${state}`}>
      {challenge ? (
        // The picture and the piece in the challenge's own pixels: the drop offset is in them.
        <div className="slider__picture-row">
          <div className="slider__picture" style={{ width, height: challenge.height }}>
            <img src={challenge.image} alt="" width={width} height={challenge.height} draggable={false} />
            <img
              className="slider__piece-image"
              src={challenge.piece}
              alt=""
              width={piece}
              height={piece}
              style={{ left: offset, top: challenge.y }}
              draggable={false}
            />
          </div>
        </div>
      ) : null}
      <div className="slider__track" style={{ width }}>
        <span className="slider__fill" style={{ width: offset + piece / 2 }} aria-hidden="true" />
        <span className="slider__text">
          {state === 'placed'
            ? '已拖到此处，提交时校验'
            : challenge
              ? '按住滑块，把拼图拖到缺口处'
              : TEXT.loading}
        </span>
        <button
          type="button"
          className="slider__piece"
          style={{ left: offset, width: piece }}
          aria-label="滑块验证：把拼图拖到图中缺口处，或用方向键移动后按回车"
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={Math.round(offset)}
          role="slider"
          disabled={!challenge}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
        >
          ➜
        </button>
      </div>
      <button type="button" className="slider__refresh" onClick={renew}>
        换一个
      </button>
    </div>
  );
}
