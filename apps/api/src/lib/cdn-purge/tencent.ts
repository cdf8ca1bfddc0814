import type { FetchLike } from '../sms';
import { tc3Request } from '../cloud-signing';
import { chunks, parseAnswer, type CdnPurgeProvider, type PurgeRequest } from './provider';

/**
 * Tencent Cloud CDN (CDN_PURGE_PROVIDER=tencent; API 3.0, version 2018-06-06): PurgeUrlsCache with
 * `Urls` (at most 1,000 a call) and, for directories, PurgePathCache with `Paths` and
 * `FlushType: "flush"`, each a JSON POST to TENCENT_CDN_API_ORIGIN (default
 * https://cdn.tencentcloudapi.com) signed with TC3-HMAC-SHA256 (../cloud-signing.ts) by
 * TENCENT_CDN_SECRET_ID / _KEY. The answer's `Response.TaskId` means taken; `Response.Error`
 * (a refused key, the day's quota spent) rejects: retried later. Tencent's default daily quota is
 * 10,000 URLs and 100 directories.
 */
export const TENCENT_CDN_API_ORIGIN = 'https://cdn.tencentcloudapi.com';
const MAX_URLS = 1000;
const MAX_PATHS = 100;

export interface TencentCdnConfig {
  secretId: string;
  secretKey: string;
  apiOrigin?: string;
}

interface TencentAnswer {
  Response?: { TaskId?: string; Error?: { Code: string; Message: string } };
}

export class TencentCdnPurge implements CdnPurgeProvider {
  readonly name = 'tencent';
  readonly batchSize = 300;
  constructor(
    private readonly config: TencentCdnConfig,
    private readonly fetchImpl: FetchLike = fetch as unknown as FetchLike,
    private readonly now: () => number = Date.now,
  ) {}

  /** The URL, headers and body of one signed call. */
  signedRequest(
    action: 'PurgeUrlsCache' | 'PurgePathCache',
    payload: Record<string, unknown>,
  ): { url: string; headers: Record<string, string>; body: string } {
    return tc3Request({
      secretId: this.config.secretId,
      secretKey: this.config.secretKey,
      service: 'cdn',
      origin: new URL(this.config.apiOrigin ?? TENCENT_CDN_API_ORIGIN),
      action,
      version: '2018-06-06',
      payload,
      now: this.now(),
    });
  }

  async purge(request: PurgeRequest): Promise<void> {
    for (const urls of chunks(request.urls, MAX_URLS)) await this.call('PurgeUrlsCache', { Urls: urls });
    for (const paths of chunks(request.directories, MAX_PATHS))
      await this.call('PurgePathCache', { Paths: paths, FlushType: 'flush' });
  }

  private async call(action: 'PurgeUrlsCache' | 'PurgePathCache', payload: Record<string, unknown>) {
    const req = this.signedRequest(action, payload);
    const res = await this.fetchImpl(req.url, { method: 'POST', headers: req.headers, body: req.body });
    const text = await res.text();
    const answer = parseAnswer<TencentAnswer>(text)?.Response;
    if (!res.ok || answer?.Error || !answer?.TaskId)
      throw new Error(
        `tencent cdn ${action} failed: ${res.status} ${answer?.Error?.Code ?? ''} ${answer?.Error?.Message ?? text.slice(0, 200)}`,
      );
  }
}
