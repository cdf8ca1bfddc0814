import type { ViewSource } from '@portal/api-client/stats';

/**
 * Referrer hosts and the source they count under. A host matches an entry when it is that domain or
 * one of its subdomains (m.baidu.com, cn.bing.com…). The app ids are the `android-app://` referrers
 * the WeChat, Weibo and Baidu apps' web views send.
 */
const SOURCE_HOSTS: readonly (readonly [string, ViewSource])[] = [
  ['baidu.com', 'baidu'],
  ['com.baidu.searchbox', 'baidu'],
  ['sogou.com', 'sogou'],
  ['so.com', 'so360'],
  ['360.cn', 'so360'],
  ['bing.com', 'bing'],
  ['google.com', 'google'],
  ['google.com.hk', 'google'],
  ['google.cn', 'google'],
  ['sm.cn', 'shenma'],
  ['weixin.qq.com', 'wechat'],
  ['wx.qq.com', 'wechat'],
  ['com.tencent.mm', 'wechat'],
  ['weibo.com', 'weibo'],
  ['weibo.cn', 'weibo'],
  ['t.cn', 'weibo'],
  ['com.sina.weibo', 'weibo'],
];

/** `host` is `domain` or a subdomain of it (plain string comparison: linear, nothing built from input). */
const within = (host: string, domain: string) =>
  host === domain ||
  (host.length > domain.length && host.endsWith(domain) && host[host.length - domain.length - 1] === '.');

/**
 * An http(s) address whose host is plain ASCII labels, the last one starting with a letter (no IP
 * address, no user, no escapes, a port below 10000): its host is the URL parser's without parsing (a tenth of the
 * cost, and every counted view classifies its referrer). Anything else goes to the parser.
 */
const PLAIN_HTTP = /^https?:\/\/((?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*)\.?(?::\d{1,4})?(?:[/?#]|$)/i;

/** The host of a referrer, lower-cased, without a port; null when it is no URL with a host. */
export function referrerHost(ref: string): string | null {
  const plain = PLAIN_HTTP.exec(ref);
  if (plain) return plain[1]!.toLowerCase();
  return parsedHost(ref);
}

/** referrerHost by the URL parser (the fast path's reference: units.test.ts). */
export function parsedHost(ref: string): string | null {
  let url: URL;
  try {
    url = new URL(ref);
  } catch {
    return null;
  }
  return url.hostname ? url.hostname.toLowerCase().replace(/\.$/, '') : null;
}

/** The hosts of the portal itself (its desktop and phone origins, with and without `www.`/`m.`). */
export function portalHosts(origins: readonly string[]): string[] {
  const hosts = new Set<string>();
  for (const origin of origins) {
    const host = referrerHost(origin);
    if (!host) continue;
    const bare = host.replace(/^(?:www|m)\./, '');
    for (const h of [host, bare, `www.${bare}`, `m.${bare}`]) hosts.add(h);
  }
  return [...hosts];
}

/**
 * The source class of a page view from its page's referrer: none is `direct`, one of the portal's
 * own hosts `internal`, a known search engine or app its own class, anything else `other`.
 */
export function classifyReferrer(ref: string | undefined, ownHosts: readonly string[]): ViewSource {
  if (ref === undefined || ref.trim() === '') return 'direct';
  const host = referrerHost(ref.trim());
  if (!host) return 'other';
  if (ownHosts.includes(host)) return 'internal';
  for (const [domain, source] of SOURCE_HOSTS) if (within(host, domain)) return source;
  return 'other';
}
