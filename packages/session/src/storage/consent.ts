import { COOKIE, COOKIE_CONSENT_DAYS } from '@portal/api-client/constants';
import { isBrowser } from './browser';

/** The two answers of the cookie banner; the consent cookie's value is the answer itself. */
export const CONSENT_CHOICES = ['allow', 'refuse'] as const;
export type Consent = (typeof CONSENT_CHOICES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

const isConsent = (value: string): value is Consent => (CONSENT_CHOICES as readonly string[]).includes(value);

/**
 * The Set-Cookie text recording a banner choice, kept COOKIE_CONSENT_DAYS (spec: 1 day). A refusal
 * is remembered as long as an "allow" (a strictly necessary cookie: without it the banner would
 * ask again on every page). Both Max-Age and Expires are written because a few old browsers ignore Max-Age.
 */
export function consentCookie(now: number = Date.now(), secure = false, choice: Consent = 'allow'): string {
  const maxAge = COOKIE_CONSENT_DAYS * DAY_MS;
  const expires = new Date(now + maxAge).toUTCString();
  return `${COOKIE.consent}=${choice}; Max-Age=${maxAge / 1000}; Expires=${expires}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The choice a Cookie header (SSR) or document.cookie holds, or null when the reader has not chosen. */
export function readConsentCookie(cookieHeader: string | null | undefined): Consent | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name === COOKIE.consent && isConsent(value)) return value;
  }
  return null;
}

/** The visitor's choice (allow or refuse, each kept one day), or null: show the banner. */
export function getConsent(): Consent | null {
  if (!isBrowser()) return null;
  return readConsentCookie(document.cookie);
}

/** Records the banner choice in the consent cookie for COOKIE_CONSENT_DAYS. */
export function setConsent(choice: Consent, now: number = Date.now()): void {
  if (!isBrowser()) return;
  document.cookie = consentCookie(now, window.location.protocol === 'https:', choice);
}
