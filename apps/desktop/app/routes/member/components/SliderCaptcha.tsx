import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Api } from '@portal/api-client';
import { isOk } from '@portal/api-client/envelope';

/** How close to the gap the piece must end (the server checks the same tolerance). */
const TOLERANCE = 6;
const PIECE = 40;

interface Challenge {
  token: string;
  width: number;
  target: number;
}

/**
 * 滑块验证: drag the piece onto the gap. The challenge (token, track width, gap offset) comes from
 * drag_captcha; the proof `<token>:<offset>` is checked by the server (signature, expiry, tolerance,
 * single use), so this component only draws it. `resetKey` changes ask for a fresh challenge.
 */
export function SliderCaptcha({
  getApi,
  onChange,
  resetKey,
}: {
  getApi: () => Promise<Api>;
  onChange: (proof: string | null) => void;
  resetKey: number;
}) {
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [offset, setOffset] = useState(0);
  const [state, setState] = useState<'idle' | 'dragging' | 'passed' | 'failed'>('idle');
  const drag = useRef<{ startX: number; startOffset: number } | null>(null);

  // Bumped to ask for a fresh challenge (a miss, the refresh button, or the parent's resetKey).
  const [round, setRound] = useState(0);
  const load = useCallback(() => {
    onChange(null);
    setRound((r) => r + 1);
  }, [onChange]);

  useEffect(() => {
    let live = true;
    void getApi()
      .then((api) => api.drag_captcha({}))
      .then((res) => {
        if (!live) return;
        setChallenge(isOk(res) ? res.data : null);
        setOffset(0);
        setState('idle');
        onChange(null);
      });
    return () => {
      live = false;
    };
  }, [getApi, onChange, round, resetKey]);

  const max = challenge ? challenge.width - PIECE : 0;
  const finish = (at: number) => {
    if (!challenge) return;
    if (Math.abs(at - challenge.target) <= TOLERANCE) {
      setState('passed');
      onChange(`${challenge.token}:${Math.round(at)}`);
    } else {
      setState('failed');
      // A miss costs the challenge: the next try gets a new gap.
      window.setTimeout(load, 600);
    }
  };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (state === 'passed' || !challenge) return;
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
    finish(offset);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (state === 'passed' || !challenge) return;
    const step = e.shiftKey ? 10 : 1;
    if (e.key === 'ArrowRight') setOffset((o) => Math.min(max, o + step));
    else if (e.key === 'ArrowLeft') setOffset((o) => Math.max(0, o - step));
    else if (e.key === 'Enter' || e.key === ' ') finish(offset);
    else return;
    e.preventDefault();
  };

  const width = challenge?.width ?? 300;
  return (
    <div className={`slider slider--${state}`}>
      {/* The track has the challenge's exact width: the gap offset is in its pixels. */}
      <div className="slider__track" style={{ width }}>
        {challenge ? (
          <span className="slider__gap" style={{ left: challenge.target, width: PIECE }} aria-hidden="true" />
        ) : null}
        <span className="slider__fill" style={{ width: offset + PIECE / 2 }} aria-hidden="true" />
        <span className="slider__text">
          {state === 'passed'
            ? '验证通过'
            : state === 'failed'
              ? '验证失败，请重试'
              : challenge
                ? '按住滑块，拖动到缺口处'
                : '加载中…'}
        </span>
        <button
          type="button"
          className="slider__piece"
          style={{ left: offset, width: PIECE }}
          aria-label="滑块验证：拖动到缺口处，或用方向键移动后按回车"
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={Math.round(offset)}
          role="slider"
          disabled={!challenge || state === 'passed'}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
        >
          {state === 'passed' ? '✓' : '➜'}
        </button>
      </div>
      <button type="button" className="slider__refresh" onClick={load}>
        换一个
      </button>
    </div>
  );
}
