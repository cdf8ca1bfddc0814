import { COOKIE, COOKIE_CONSENT_DAYS } from '@portal/api-client/constants';
import { isBrowser, readItem, removeItem, writeItem } from './browser';

export type Consent = 'allow' | 'refuse';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Set-Cookie text for an "allow" choice: kept COOKIE_CONSENT_DAYS (spec: 1 day). Both Max-Age
 * and Expires are written because a few old browsers ignore Max-Age.
 */
export function consentCookie(now: number = Date.now(), secure = false): string {
  const maxAge = COOKIE_CONSENT_DAYS * DAY_MS;
  const expires = new Date(now + maxAge).toUTCString();
  return `${COOKIE.consent}=allow; Max-Age=${maxAge / 1000}; Expires=${expires}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** 'allow' when a Cookie header (SSR) or document.cookie holds the consent cookie, else null. */
export function readConsentCookie(cookieHeader: string | null | undefined): 'allow' | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE.consent && rest.join('=') === 'allow') return 'allow';
  }
  return null;
}

/** The visitor's choice: allow (cookie, 1 day), refuse (this browser session only), or null (show the banner). */
export function getConsent(): Consent | null {
  if (!isBrowser()) return null;
  if (readConsentCookie(document.cookie) === 'allow') return 'allow';
  return readItem('sessionStorage', COOKIE.consent) === 'refuse' ? 'refuse' : null;
}

/** Records the banner choice. A refusal stores no cookie: it only hides the banner for this session. */
export function setConsent(choice: Consent, now: number = Date.now()): void {
  if (!isBrowser()) return;
  if (choice === 'allow') {
    document.cookie = consentCookie(now, window.location.protocol === 'https:');
    removeItem('sessionStorage', COOKIE.consent);
  } else {
    writeItem('sessionStorage', COOKIE.consent, 'refuse');
  }
}
