import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { applyWechatShare, isWechatBrowser } from './wechatShare';

/**
 * Sets the WeChat share card of the page shown, on the first load and after each client-side
 * navigation; renders nothing, and does nothing outside WeChat's browser.
 */
export function WechatShare() {
  const { key } = useLocation();
  useEffect(() => {
    if (!isWechatBrowser(navigator.userAgent)) return;
    let stale = false;
    applyWechatShare(() => stale).catch(() => {
      // No card is no harm: the page itself is unaffected.
    });
    return () => {
      stale = true;
    };
  }, [key]);
  return null;
}
