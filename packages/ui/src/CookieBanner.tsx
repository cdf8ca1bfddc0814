import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { COOKIE, COOKIE_CONSENT_DAYS } from '@portal/api-client/constants';

const REFUSED_KEY = 'portal-cookie-refused';

export interface CookieBannerProps {
  /** Where the privacy statement is. */
  privacyHref?: string;
}

function isUndecided(): boolean {
  if (new RegExp(`(?:^|;\\s*)${COOKIE.consent}=`).test(document.cookie)) return false;
  try {
    return window.sessionStorage.getItem(REFUSED_KEY) !== '1';
  } catch {
    return true;
  }
}
const noSubscription = () => () => {};

/**
 * Cookie consent (spec section 4): hides after a choice; "allow" stores the consent cookie for
 * one day, "refuse" only hides it for this browser session. Rendered after mount, so readers who
 * already chose never see it flash in the server HTML.
 */
export function CookieBanner({ privacyHref = '/about#privacy' }: CookieBannerProps) {
  // Server snapshot "hidden"; the client snapshot reads the cookie and storage during hydration.
  const undecided = useSyncExternalStore(noSubscription, isUndecided, () => false);
  const [chosen, setChosen] = useState(false);
  if (!undecided || chosen) return null;
  const allow = () => {
    document.cookie = `${COOKIE.consent}=1;path=/;max-age=${COOKIE_CONSENT_DAYS * 86400};samesite=lax`;
    setChosen(true);
  };
  const refuse = () => {
    try {
      window.sessionStorage.setItem(REFUSED_KEY, '1');
    } catch {
      // storage unavailable: the banner simply returns on the next page
    }
    setChosen(true);
  };
  return (
    <div className="ui-cookie" role="dialog" aria-live="polite" aria-label="Cookie 提示">
      <p className="ui-cookie__text">
        我们使用 Cookie 来改善您的浏览体验、分析网站流量。继续使用即表示您了解相关说明，详见
        <Link to={privacyHref}>《隐私声明》</Link>。
      </p>
      <div className="ui-cookie__actions">
        <button type="button" className="ui-button" onClick={refuse}>
          拒绝
        </button>
        <button type="button" className="ui-button ui-button--primary" onClick={allow}>
          允许
        </button>
      </div>
    </div>
  );
}
