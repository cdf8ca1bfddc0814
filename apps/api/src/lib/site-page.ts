/**
 * Whether an address is a page of this site: parsed as a browser would, on one of the public
 * origins (PUBLIC_ORIGIN / PUBLIC_MOBILE_ORIGIN), with no credentials in it. wechat_signature signs
 * only such pages; complaint_add files complaints only about them.
 */
export type SitePage = { ok: true; url: URL } | { ok: false; why: 'format' | 'origin' };

export function sitePage(address: string, origins: ReadonlySet<string>): SitePage {
  let parsed: URL;
  try {
    parsed = new URL(address);
  } catch {
    return { ok: false, why: 'format' };
  }
  if (!origins.has(parsed.origin) || parsed.username || parsed.password) return { ok: false, why: 'origin' };
  return { ok: true, url: parsed };
}
