import { useState, useSyncExternalStore } from 'react';
import { href } from '@portal/routes';
import { getConsent, setConsent, type Consent } from '@portal/session';

export interface CookieBannerProps {
  /** Where the privacy statement is. */
  privacyHref?: string;
}

const isUndecided = () => getConsent() === null;
const noSubscription = () => () => {};

/**
 * Cookie consent (spec section 4), the one banner of every app: it hides after a choice, and the
 * choice (allow or refuse) is kept in the consent cookie for a day by @portal/session. Rendered after
 * mount, so readers who already chose never see it flash in the server HTML.
 */
export function CookieBanner({ privacyHref = href.privacy() }: CookieBannerProps) {
  // Server snapshot "hidden"; the client snapshot reads the cookie during hydration.
  const undecided = useSyncExternalStore(noSubscription, isUndecided, () => false);
  const [chosen, setChosen] = useState(false);
  if (!undecided || chosen) return null;
  const choose = (choice: Consent) => {
    setConsent(choice);
    setChosen(true);
  };
  return (
    <div className="ui-cookie" role="dialog" aria-live="polite" aria-label="Cookie 提示">
      <p className="ui-cookie__text">
        我们使用 Cookie 来改善您的浏览体验、分析网站流量。继续使用即表示您了解相关说明，详见
        {/* A document link: the statement may belong to another app than the one showing the banner. */}
        <a href={privacyHref}>《隐私声明》</a>。
      </p>
      <div className="ui-cookie__actions">
        <button type="button" className="ui-button" onClick={() => choose('refuse')}>
          拒绝
        </button>
        <button type="button" className="ui-button ui-button--primary" onClick={() => choose('allow')}>
          允许
        </button>
      </div>
    </div>
  );
}
