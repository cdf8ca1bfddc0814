import { randomUUID } from 'node:crypto';
import type { FetchLike } from '../sms';
import { aliyunPercent, aliyunRpcSignature, aliyunTimestamp } from '../cloud-signing';
import { chunks, parseAnswer, type CdnPurgeProvider, type PurgeRequest } from './provider';

/**
 * Aliyun CDN's RefreshObjectCaches (CDN_PURGE_PROVIDER=aliyun; API version 2018-05-10): a POST of
 * form parameters to ALIYUN_CDN_API_ORIGIN (default https://cdn.aliyuncs.com) signed with the RPC
 * signature (HMAC-SHA1, ../cloud-signing.ts) by ALIYUN_CDN_ACCESS_KEY_ID / _SECRET. `ObjectPath`
 * holds the URLs, one a line, at most 1,000 a call (`ObjectType=File`), or the directories, at
 * most 100 a call (`ObjectType=Directory`). The answer names a `RefreshTaskId`; an error answer
 * (`Code`, `Message`: a refused key, the day's quota spent, throttling) rejects: retried later.
 * Aliyun's default daily quota is 10,000 URLs and 100 directories.
 */
export const ALIYUN_CDN_API_ORIGIN = 'https://cdn.aliyuncs.com';
const MAX_URLS = 1000;
const MAX_DIRECTORIES = 100;

export interface AliyunCdnConfig {
  accessKeyId: string;
  accessKeySecret: string;
  apiOrigin?: string;
}

export class AliyunCdnPurge implements CdnPurgeProvider {
  readonly name = 'aliyun';
  readonly batchSize = 300;
  constructor(
    private readonly config: AliyunCdnConfig,
    private readonly fetchImpl: FetchLike = fetch as unknown as FetchLike,
    private readonly now: () => number = Date.now,
  ) {}

  /** The signed form body of one RefreshObjectCaches call. */
  signedBody(paths: readonly string[], type: 'File' | 'Directory', nonce = randomUUID()): string {
    const params: Record<string, string> = {
      AccessKeyId: this.config.accessKeyId,
      Action: 'RefreshObjectCaches',
      Format: 'JSON',
      ObjectPath: paths.join('\n'),
      ObjectType: type,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      Timestamp: aliyunTimestamp(this.now()),
      Version: '2018-05-10',
    };
    const { query, signature } = aliyunRpcSignature('POST', params, this.config.accessKeySecret);
    return `${query}&Signature=${aliyunPercent(signature)}`;
  }

  async purge(request: PurgeRequest): Promise<void> {
    for (const urls of chunks(request.urls, MAX_URLS)) await this.refresh(urls, 'File');
    for (const dirs of chunks(request.directories, MAX_DIRECTORIES)) await this.refresh(dirs, 'Directory');
  }

  private async refresh(paths: readonly string[], type: 'File' | 'Directory'): Promise<void> {
    const origin = new URL(this.config.apiOrigin ?? ALIYUN_CDN_API_ORIGIN).origin;
    const res = await this.fetchImpl(`${origin}/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: this.signedBody(paths, type),
    });
    const text = await res.text();
    const answer = parseAnswer<{ RefreshTaskId?: string; Code?: string; Message?: string }>(text);
    if (!res.ok || !answer?.RefreshTaskId)
      throw new Error(
        `aliyun cdn refresh failed: ${res.status} ${answer?.Code ?? ''} ${answer?.Message ?? text.slice(0, 200)}`,
      );
  }
}
