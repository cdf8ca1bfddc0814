import fp from 'fastify-plugin';
import type { SearchPushStatus } from '@portal/api-client/admin';
import type { ApiConfig } from '../config';
import type { Db } from '../db';
import { periodicPass } from '../lib/periodic';
import { QuotaSpentError, createSearchPushProvider, type SearchPushProvider } from '../lib/search-push';
import { formatDate, nextShanghaiMidnight } from '../lib/time';
import { articleUrl, mobileArticleUrl } from '../repositories/mappers';
import {
  claimSearchPush,
  deferSearchPush,
  finishSearchPush,
  recordSearchPushQuota,
  retrySearchPush,
  searchPushQueueCounts,
  searchPushQuotas,
} from '../repositories/search-push';

/**
 * Sends the queued article URLs (repositories/search-push.ts) to the configured provider: a pass
 * every SEARCH_PUSH_INTERVAL_MS, batches of the provider's size, and on a refusal the batch waits with a
 * growing delay (1 min, 2, 4, … at most 6 h) instead of being dropped. The engine's daily quota
 * (Baidu's `remain`) is recorded per site: a batch never asks for more than is left, and once a
 * site's quota is spent the push waits for the next day (Asia/Shanghai, when Baidu resets it).
 */
export interface SearchPush {
  readonly provider: SearchPushProvider;
  /** One pass now (tests call it with their own clock); what it sent and what waits for a retry. */
  runOnce(now?: number): Promise<PushPass>;
}

export interface PushPass {
  /** URLs the provider took. */
  sent: number;
  /** Articles whose push failed and waits for a retry. */
  failed: number;
  /** Set when the pass stopped because today's quota is spent: the rest waits for tomorrow. */
  quotaSpent?: true;
}

declare module 'fastify' {
  interface FastifyInstance {
    searchPush: SearchPush;
  }
}

/** A claimed batch is retried by another process after this long if its sender died mid-push. */
const CLAIM_MS = 10 * 60_000;
/**
 * How many more articles today's quota allows: the least any site has left today (each article
 * sends one URL to each site); unlimited when no site has answered a quota today.
 */
export async function quotaAllowance(database: Db, now: number): Promise<number> {
  const today = formatDate(now);
  const left = (await searchPushQuotas(database)).filter((q) => q.day === today).map((q) => q.remain);
  return left.length === 0 ? Infinity : Math.min(...left);
}

/** The back office's view of the push (GET /admin/api/search-push): queue, today's quota, pause. */
export async function searchPushStatus(
  database: Db,
  provider: SearchPushProvider,
  now: number,
): Promise<SearchPushStatus> {
  const today = formatDate(now);
  const [counts, quotas] = await Promise.all([searchPushQueueCounts(database), searchPushQuotas(database)]);
  const quota = quotas
    .filter((q) => q.day === today)
    .map((q) => ({ site: q.site, remain: q.remain, checkedAt: new Date(q.checked_at).toISOString() }));
  const spent = quota.some((q) => q.remain <= 0);
  return {
    provider: provider.name,
    ...counts,
    quota,
    resumesAt: spent ? new Date(nextShanghaiMidnight(now)).toISOString() : null,
  };
}

/**
 * Pushes every due article, a batch at a time: the desktop and the phone URL of each published
 * one (an article unpublished since it was queued is dropped). Stops at the first failure: the
 * provider is down, and the rest is better tried later; and when today's quota is spent, until
 * the next day.
 */
export async function pushDue(
  database: Db,
  provider: SearchPushProvider,
  origins: ApiConfig['publicOrigins'],
  now: number,
): Promise<PushPass> {
  // Two URLs per article: a batch of articles fills at most one provider request.
  const perBatch = Math.max(1, Math.floor(provider.batchSize / 2));
  const pass: PushPass = { sent: 0, failed: 0 };
  const today = formatDate(now);
  for (;;) {
    const allowed = await quotaAllowance(database, now);
    if (allowed <= 0) {
      pass.quotaSpent = true;
      return pass;
    }
    const limit = Math.min(perBatch, allowed);
    const claimed = await claimSearchPush(database, now, now + CLAIM_MS, limit);
    if (claimed.length === 0) return pass;
    const urls = claimed.flatMap((a) =>
      a.cat_id === null
        ? []
        : [
            `${origins.desktop}${articleUrl(a.article_id, a.cat_id)}`,
            `${origins.mobile}${mobileArticleUrl(a.article_id, a.cat_id)}`,
          ],
    );
    const ids = claimed.map((a) => a.article_id);
    try {
      const receipt = urls.length > 0 ? await provider.push(urls) : undefined;
      if (receipt) await recordSearchPushQuota(database, receipt.quota, today, now);
    } catch (error) {
      if (error instanceof QuotaSpentError) {
        // Not the batch's fault: it waits for tomorrow's quota without counting an attempt.
        await recordSearchPushQuota(database, error.quota, today, now);
        await deferSearchPush(database, ids, nextShanghaiMidnight(now), error.message);
        pass.quotaSpent = true;
        return pass;
      }
      await retrySearchPush(database, claimed, now, error);
      pass.failed += ids.length;
      return pass;
    }
    await finishSearchPush(database, ids);
    pass.sent += urls.length;
    if (claimed.length < limit) return pass;
  }
}

export default fp<{ config: ApiConfig }>(
  async (app, { config }) => {
    const provider = createSearchPushProvider(
      { dataDir: config.dataDir, log: (msg) => app.log.warn(msg) },
      config.searchPush,
    );
    const passes = periodicPass(
      async (now: number = Date.now()) => {
        const pass = await pushDue(app.database, provider, config.publicOrigins, now);
        if (pass.sent > 0) app.metrics.searchPush.inc({ result: 'sent' }, pass.sent);
        if (pass.failed > 0) {
          app.metrics.searchPush.inc({ result: 'failed' }, pass.failed);
          app.log.warn(
            { articles: pass.failed, provider: provider.name },
            'search engine push failed; retried later',
          );
        }
        return pass;
      },
      config.searchPushIntervalMs,
      (err) => app.log.error({ err }, 'search engine push pass failed'),
    );
    app.decorate<SearchPush>('searchPush', { provider, runOnce: passes.run });
    app.addHook('onReady', async () => passes.start());
    app.addHook('onClose', async () => passes.stop());
  },
  { name: 'search-push', dependencies: ['db', 'metrics'] },
);
