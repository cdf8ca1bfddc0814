import { useEffect, useState } from 'react';
import { BACK_TO_TOP_AFTER_PX } from '@portal/api-client/constants';

/** Fixed buttons at the lower right: jump to the bottom, and back to top once scrolled past 400 px. */
export function FloatingButtons() {
  const [showTop, setShowTop] = useState(false);
  useEffect(() => {
    const onScroll = () => setShowTop(window.scrollY > BACK_TO_TOP_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <div className="ui-float">
      {showTop ? (
        <button
          type="button"
          className="ui-float__btn"
          aria-label="返回顶部"
          title="返回顶部"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 5l-7 7h4.5v7h5v-7H19z" fill="currentColor" />
          </svg>
        </button>
      ) : null}
      <button
        type="button"
        className="ui-float__btn"
        aria-label="到底部"
        title="到底部"
        onClick={() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' })}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 19l7-7h-4.5V5h-5v7H5z" fill="currentColor" />
        </svg>
      </button>
    </div>
  );
}
