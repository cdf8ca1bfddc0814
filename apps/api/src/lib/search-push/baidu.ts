import type { FetchLike } from '../sms';
import { QuotaSpentError, type PushReceipt, type SearchPushProvider, type SiteQuota } from './provider';

/**
 * Baidu's link submission API (普通收录 · API提交, SEARCH_PUSH_PROVIDER=baidu): POST the URLs, one a
 * line, to `BAIDU_PUSH_ENDPOINT?site=<site>&token=<BAIDU_PUSH_TOKEN>`; at most 2,000 URLs a request.
 * The site is each URL's origin, so the desktop host and an m. host (PUBLIC_MOBILE_ORIGIN), each
 * verified in Baidu's webmaster tools under the same account, get one request each.
 *
 * Answers: `{"success":n,"remain":n,"not_same_site":[…],"not_valid":[…]}` when taken (`remain`: what
 * the site has left of today's quota, returned to the caller); URLs listed as not_same_site or
 * not_valid would be refused again, so they are reported and not retried. `{"error":400,"message":
 * "over quota"}` rejects with QuotaSpentError (the push waits for the next day); any other error
 * answer (bad token, bad site) or a failed request rejects: retried later.
 * Always https: the token is in the query, and a plain-http request would show it to every hop
 * (the API's config refuses an http BAIDU_PUSH_ENDPOINT).
 */
export const BAIDU_PUSH_ENDPOINT = 'https://data.zz.baidu.com/urls';

interface BaiduAnswer {
  success?: number;
  remain?: number;
  not_same_site?: string[];
  not_valid?: string[];
  error?: number;
  message?: string;
}

export class BaiduSearchPush implements SearchPushProvider {
  readonly name = 'baidu';
  readonly batchSize = 2000;
  constructor(
    private readonly config: { token: string; endpoint?: string },
    private readonly fetchImpl: FetchLike = fetch as unknown as FetchLike,
    private readonly log: (msg: string) => void = () => {},
  ) {}

  /** The request URL for one site. */
  requestUrl(site: string): string {
    const url = new URL(this.config.endpoint ?? BAIDU_PUSH_ENDPOINT);
    url.searchParams.set('site', site);
    url.searchParams.set('token', this.config.token);
    return url.toString();
  }

  async push(urls: readonly string[]): Promise<PushReceipt> {
    const quota: SiteQuota[] = [];
    const bySite = new Map<string, string[]>();
    for (const url of urls) {
      const site = new URL(url).origin;
      bySite.set(site, [...(bySite.get(site) ?? []), url]);
    }
    for (const [site, list] of bySite) {
      const res = await this.fetchImpl(this.requestUrl(site), {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: list.join('\n'),
      });
      const text = await res.text();
      let answer: BaiduAnswer = {};
      try {
        answer = (JSON.parse(text) as BaiduAnswer | null) ?? {};
      } catch {
        /* reported below */
      }
      if (answer.error !== undefined && /over\s*quota/i.test(String(answer.message ?? ''))) {
        quota.push({ site, remain: 0 });
        throw new QuotaSpentError(`baidu push quota spent for ${site}: ${answer.message}`, quota);
      }
      if (!res.ok || answer.error !== undefined || answer.success === undefined) {
        throw new Error(
          `baidu push failed for ${site}: ${res.status} ${answer.error ?? ''} ${answer.message ?? text.slice(0, 200)}`,
        );
      }
      if (typeof answer.remain === 'number' && Number.isFinite(answer.remain))
        quota.push({ site, remain: answer.remain });
      const refused = [...(answer.not_same_site ?? []), ...(answer.not_valid ?? [])];
      if (refused.length > 0)
        this.log(`baidu push refused ${refused.length} URL(s) of ${site}: ${refused.join(' ')}`);
    }
    return { quota };
  }
}
