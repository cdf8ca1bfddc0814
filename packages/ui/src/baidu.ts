import { NO_TRANSFORM, mobileEquivalent, type AppName } from '@portal/routes';

/**
 * Baidu's mobile adaptation tags (DESIGN.md section 10), written once for every app's document:
 * which devices a page is for, the desktop page's phone equivalent, and no-transform / no-siteapp
 * so Baidu's transcoder (百度转码) serves the page as it is instead of its own rewrite.
 */

/** Baidu's applicable-device values. */
export type ApplicableDevice = 'pc' | 'mobile' | 'pc,mobile';

/** The devices each app is for: the landing pages are responsive, so both. */
export const APPLICABLE_DEVICE: Readonly<Record<AppName, ApplicableDevice>> = {
  desktop: 'pc',
  mobile: 'mobile',
  landing: 'pc,mobile',
};

/** One head <meta>: `name` or `httpEquiv`, and its content. */
export interface BaiduTag {
  name?: string;
  httpEquiv?: string;
  content: string;
}

/**
 * The tags of one page: applicable-device, the two Cache-Control http-equivs and, on a desktop
 * page with a phone equivalent, mobile-agent with that page's absolute URL.
 */
export function baiduTags(app: AppName, phoneUrl?: string): BaiduTag[] {
  const tags: BaiduTag[] = [
    { name: 'applicable-device', content: APPLICABLE_DEVICE[app] },
    { httpEquiv: 'Cache-Control', content: NO_TRANSFORM },
    { httpEquiv: 'Cache-Control', content: 'no-siteapp' },
  ];
  if (app === 'desktop' && phoneUrl)
    tags.push({ name: 'mobile-agent', content: `format=html5;url=${phoneUrl}` });
  return tags;
}

/** The public origins: PUBLIC_ORIGIN and PUBLIC_MOBILE_ORIGIN (the same one on a one-host setup). */
export interface SiteOrigins {
  desktop: string;
  mobile: string;
}

/**
 * The absolute phone URL of the desktop page at `pathname` + `search`: `phonePath` when the page
 * knows it (an article, by its category), else the route table's equivalent (mobileEquivalent, as
 * the sitemap's alternates: a fallback to the phone home is not one), on the mobile origin. Undefined without an equivalent, and when it would be this very URL (a shared
 * path such as "/" on a one-host setup, where the gateway picks the app by width): a page is not
 * its own phone version.
 */
export function phoneUrlOf(
  origins: SiteOrigins,
  pathname: string,
  search: string,
  phonePath = mobileEquivalent(`${pathname}${search}`),
): string | undefined {
  if (!phonePath) return undefined;
  const phone = new URL(phonePath, origins.mobile).href;
  return phone === new URL(`${pathname}${search}`, origins.desktop).href ? undefined : phone;
}

/**
 * A route's `handle` that gives its page's phone path when the route table cannot (the article
 * page: only its data knows the category). `phonePath` gets the route's loader data, undefined when
 * the route failed.
 */
export interface PhonePathHandle {
  phonePath: (data: unknown) => string | undefined;
}

/** Typed construction of a PhonePathHandle for a route whose loader returns `T`. */
export function phonePathHandle<T>(phonePath: (data: T) => string | undefined): PhonePathHandle {
  return { phonePath: (data) => (data === undefined || data === null ? undefined : phonePath(data as T)) };
}

/** The phone path a matched route's handle gives, if any (the deepest such route wins). */
export function handlePhonePath(
  matches: readonly { handle?: unknown; loaderData?: unknown }[],
): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const { handle, loaderData } = matches[i]!;
    if (handle && typeof (handle as Partial<PhonePathHandle>).phonePath === 'function')
      return (handle as PhonePathHandle).phonePath(loaderData);
  }
  return undefined;
}
