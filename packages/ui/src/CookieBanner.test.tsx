// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getConsent } from '@portal/session';
import { CookieBanner } from './CookieBanner';

const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
};

beforeEach(clearCookies);
afterEach(cleanup);

describe('CookieBanner', () => {
  it('links the privacy statement that exists (/privacy)', () => {
    render(<CookieBanner />);
    expect(screen.getByRole('link', { name: '《隐私声明》' }).getAttribute('href')).toBe('/privacy');
  });

  it.each([
    ['拒绝', 'refuse'],
    ['允许', 'allow'],
  ] as const)(
    '%s hides it and is stored in the consent cookie as packages/session reads it',
    (label, stored) => {
      render(<CookieBanner />);
      fireEvent.click(screen.getByRole('button', { name: label }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.cookie).toBe(`cookie_consent=${stored}`);
      expect(getConsent()).toBe(stored);
      cleanup();
      // The next page (a fresh render, as after a navigation or a new tab) stays quiet.
      render(<CookieBanner />);
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );

  it('stays away once the reader chose, whatever the width app wrote', () => {
    document.cookie = 'cookie_consent=refuse; Path=/';
    render(<CookieBanner />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
