import { COOKIE } from '@portal/api-client/constants';
import { PHONE_UA, widthOf, type Width } from '@portal/routes';

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export interface WidthSource {
  host?: string;
  cookie?: string;
  userAgent?: string;
}

/**
 * The reader's width class: the m. host is always narrow; then the vw cookie (set by every
 * document's inline script); without it, a guess from the User-Agent.
 */
export function readerWidth({ host, cookie, userAgent }: WidthSource): Width {
  if (host && /^m\./i.test(host)) return 'narrow';
  const vw = readCookie(cookie, COOKIE.viewportWidth);
  if (vw !== undefined && /^\d{1,5}$/.test(vw)) return widthOf(Number(vw));
  return userAgent && PHONE_UA.test(userAgent) ? 'narrow' : 'wide';
}
