import { chooseProvider, type ProviderEnv, type ProviderVariables } from '../provider-choice';
import type { FetchLike } from '../sms';
import { BaiduSearchPush } from './baidu';
import { SearchPushOutbox, type SearchPushProvider } from './provider';

export { QuotaSpentError, SEARCH_PUSH_OUTBOX, type SearchPushProvider } from './provider';
export { BaiduSearchPush } from './baidu';

export type SearchPushProviderName = 'outbox' | 'baidu';

/** The variables each provider reads (./baidu.ts explains them); the API's config validates them at start. */
export const SEARCH_PUSH_PROVIDER_VARIABLES = {
  outbox: { required: [], optional: [] },
  baidu: { required: ['BAIDU_PUSH_TOKEN'], optional: ['BAIDU_PUSH_ENDPOINT'] },
} as const satisfies ProviderVariables<SearchPushProviderName>;

/** SEARCH_PUSH_PROVIDER and the provider's variables, as the API's config read them. */
export type SearchPushEnv = ProviderEnv<'SEARCH_PUSH_PROVIDER', typeof SEARCH_PUSH_PROVIDER_VARIABLES>;

/**
 * Chooses the push provider from the configuration (ApiConfig.searchPush), as createSmsProvider
 * does: unset or "outbox" → the outbox; "baidu" needs BAIDU_PUSH_TOKEN (the config refuses to start
 * without it, so a half-configured provider never silently drops URLs).
 */
export function createSearchPushProvider(
  opts: { dataDir: string; log?: (msg: string) => void; now?: () => number; fetchImpl?: FetchLike },
  env: SearchPushEnv,
): SearchPushProvider {
  return chooseProvider<SearchPushEnv, SearchPushProviderName, SearchPushProvider>(
    'SEARCH_PUSH_PROVIDER',
    env,
    {
      outbox: () => new SearchPushOutbox(opts.dataDir, opts.now),
      baidu: (need) =>
        new BaiduSearchPush(
          { token: need('BAIDU_PUSH_TOKEN'), endpoint: env.BAIDU_PUSH_ENDPOINT || undefined },
          opts.fetchImpl,
          opts.log,
        ),
    },
  );
}
