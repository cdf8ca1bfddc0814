import { chooseProvider, type ProviderEnv, type ProviderVariables } from '../provider-choice';
import type { FetchLike } from '../sms';
import { AliyunCdnPurge } from './aliyun';
import { CdnPurgeOutbox, type CdnPurgeProvider } from './provider';
import { TencentCdnPurge } from './tencent';

export { CDN_PURGE_OUTBOX, type CdnPurgeProvider, type PurgeRequest } from './provider';
export { AliyunCdnPurge } from './aliyun';
export { TencentCdnPurge } from './tencent';

export type CdnPurgeProviderName = 'outbox' | 'aliyun' | 'tencent';

/** The variables each provider reads (./aliyun.ts, ./tencent.ts explain them); the API's config validates them at start. */
export const CDN_PURGE_PROVIDER_VARIABLES = {
  outbox: { required: [], optional: [] },
  aliyun: {
    required: ['ALIYUN_CDN_ACCESS_KEY_ID', 'ALIYUN_CDN_ACCESS_KEY_SECRET'],
    optional: ['ALIYUN_CDN_API_ORIGIN'],
  },
  tencent: {
    required: ['TENCENT_CDN_SECRET_ID', 'TENCENT_CDN_SECRET_KEY'],
    optional: ['TENCENT_CDN_API_ORIGIN'],
  },
} as const satisfies ProviderVariables<CdnPurgeProviderName>;

/** CDN_PURGE_PROVIDER and the provider's variables, as the API's config read them. */
export type CdnPurgeEnv = ProviderEnv<'CDN_PURGE_PROVIDER', typeof CDN_PURGE_PROVIDER_VARIABLES>;

/**
 * Chooses the purge provider from the configuration (ApiConfig.cdnPurge), as createSmsProvider
 * does: unset or "outbox" → the outbox; "aliyun" and "tencent" need their key pair (the config
 * refuses to start without it, so a half-configured provider never silently skips purges).
 */
export function createCdnPurgeProvider(
  opts: { dataDir: string; now?: () => number; fetchImpl?: FetchLike },
  env: CdnPurgeEnv,
): CdnPurgeProvider {
  // Each CDN takes its own config, then the same fetch and clock.
  const vendor = <C>(
    Provider: new (config: C, fetchImpl?: FetchLike, now?: () => number) => CdnPurgeProvider,
    config: C,
  ): CdnPurgeProvider => new Provider(config, opts.fetchImpl, opts.now);
  return chooseProvider<CdnPurgeEnv, CdnPurgeProviderName, CdnPurgeProvider>('CDN_PURGE_PROVIDER', env, {
    outbox: () => new CdnPurgeOutbox(opts.dataDir, opts.now),
    aliyun: (need) =>
      vendor(AliyunCdnPurge, {
        accessKeyId: need('ALIYUN_CDN_ACCESS_KEY_ID'),
        accessKeySecret: need('ALIYUN_CDN_ACCESS_KEY_SECRET'),
        apiOrigin: env.ALIYUN_CDN_API_ORIGIN || undefined,
      }),
    tencent: (need) =>
      vendor(TencentCdnPurge, {
        secretId: need('TENCENT_CDN_SECRET_ID'),
        secretKey: need('TENCENT_CDN_SECRET_KEY'),
        apiOrigin: env.TENCENT_CDN_API_ORIGIN || undefined,
      }),
  });
}
