import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consentCookie, getConsent, readConsentCookie, setConsent } from './consent';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(() => {
  clearCookies();
  sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('cookie consent', () => {
  it('shows the banner until a choice is made', () => {
    expect(getConsent()).toBeNull();
  });

  it('writes a cookie that lasts one day for allow', () => {
    const now = Date.UTC(2026, 0, 1, 8, 0, 0);
    const cookie = consentCookie(now);
    expect(cookie).toContain('cookie_consent=allow');
    expect(cookie).toContain('Max-Age=86400');
    expect(cookie).toContain(`Expires=${new Date(Date.UTC(2026, 0, 2, 8, 0, 0)).toUTCString()}`);
    expect(cookie).toContain('Path=/');
    expect(consentCookie(now, true)).toContain('; Secure');
  });

  // jsdom's cookie jar counts Max-Age from the last read, so each case reads once after setting.
  it.each([
    [12 * 3600 * 1000, 'allow'],
    [24 * 3600 * 1000 + 1000, null],
  ])('remembers allow in the cookie %d ms later → %s', (later, expected) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.UTC(2026, 0, 1, 8, 0, 0);
    vi.setSystemTime(now);
    setConsent('allow');
    vi.setSystemTime(now + later);
    expect(getConsent()).toBe(expected);
  });

  it('remembers a refusal for one day too, in the same cookie', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.UTC(2026, 0, 1, 8, 0, 0);
    vi.setSystemTime(now);
    setConsent('refuse');
    expect(consentCookie(now, false, 'refuse')).toContain('cookie_consent=refuse; Max-Age=86400');
    sessionStorage.clear(); // a new browser session: the refusal still holds
    vi.setSystemTime(now + 12 * 3600 * 1000);
    expect(getConsent()).toBe('refuse');
  });

  it('a refusal expires after one day like an allow', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.UTC(2026, 0, 1, 8, 0, 0);
    vi.setSystemTime(now);
    setConsent('refuse');
    vi.setSystemTime(now + 24 * 3600 * 1000 + 1000);
    expect(getConsent()).toBeNull();
  });

  it('allow after refuse replaces the refusal', () => {
    setConsent('refuse');
    setConsent('allow');
    expect(getConsent()).toBe('allow');
    expect(document.cookie).toBe('cookie_consent=allow');
  });

  it('reads the consent from a Cookie header during SSR', () => {
    expect(readConsentCookie('vw=1280; cookie_consent=allow')).toBe('allow');
    expect(readConsentCookie('cookie_consent=refuse')).toBe('refuse');
    expect(readConsentCookie('cookie_consent=1')).toBeNull();
    expect(readConsentCookie('xcookie_consent=allow')).toBeNull();
    expect(readConsentCookie(undefined)).toBeNull();
  });
});
