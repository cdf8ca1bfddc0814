import { useNavigate } from 'react-router';
import { CATEGORY_PAGES } from '@portal/api-client/constants';
import { href } from '@portal/routes';

const CATEGORY_ALIASES = new Set<string>(CATEGORY_PAGES.map((c) => c.alias));

/** True when the referrer is one of our desktop category routes (/AI, /AI/123). */
export function cameFromCategory(referrer: string, origin: string): boolean {
  if (!referrer) return false;
  try {
    const url = new URL(referrer);
    if (url.origin !== origin) return false;
    const [first, second, third] = url.pathname.split('/').slice(1);
    return (
      CATEGORY_ALIASES.has(first) &&
      (second === undefined || second === '' || (third === undefined && /^\d+$/.test(second)))
    );
  } catch {
    return false;
  }
}

/**
 * Back from an article (spec section 2): home when the reader came from a desktop category
 * route, otherwise one step back; home too when there is no step back inside the site.
 */
export function BackButton() {
  const navigate = useNavigate();
  const onBack = () => {
    if (cameFromCategory(document.referrer, window.location.origin)) {
      navigate(href.home());
      return;
    }
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else if (document.referrer.startsWith(window.location.origin)) window.history.back();
    else navigate(href.home());
  };
  return (
    <button type="button" className="m-back" onClick={onBack} aria-label="返回">
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M15 5l-7 7 7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      返回
    </button>
  );
}
