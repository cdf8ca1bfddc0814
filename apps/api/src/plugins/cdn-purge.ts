import fp from 'fastify-plugin';
import type { ApiConfig } from '../config';
import type { Db } from '../db';
import { createCdnPurgeProvider, type CdnPurgeProvider } from '../lib/cdn-purge';
import { periodicPass } from '../lib/periodic';
import {
  claimCdnPurge,
  finishCdnPurge,
  purgeContext,
  purgeTargets,
  retryCdnPurge,
  type PurgeOrigins,
} from '../repositories/cdn-purge';

/**
 * The CDN purge (issue 27): every content write queues, in its own transaction, the surrogate keys
 * of what it touched (an article's, or `site` when anything may have changed:
 * repositories/cdn-purge), and a pass every CDN_PURGE_INTERVAL_MS (or at once after an announced
 * change) hands the due keys to the configured provider (lib/cdn-purge) in batches of its size. A refused batch waits with a growing delay (1 min, 2, 4, … at most 6 h), never dropped:
 * the search push's queue and retry rule (repositories/due-queue.ts).
 */
export interface CdnPurge {
  readonly provider: CdnPurgeProvider;
  /** One pass now (tests call it with their own clock). */
  runOnce(now?: number): Promise<PurgePass>;
}

export interface PurgePass {
  /** Surrogate keys the provider took. */
  purged: number;
  /** Keys whose purge failed and waits for a retry. */
  failed: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    cdnPurge: CdnPurge;
  }
}

/** A claimed batch is retried by another process after this long if its sender died mid-purge. */
const CLAIM_MS = 10 * 60_000;

/** Purges every due key, a batch at a time; stops at the first failure (the CDN is down: the rest later). */
export async function purgeDue(
  database: Db,
  provider: CdnPurgeProvider,
  origins: PurgeOrigins,
  now: number,
): Promise<PurgePass> {
  const pass: PurgePass = { purged: 0, failed: 0 };
  for (;;) {
    const claimed = await claimCdnPurge(database, now, now + CLAIM_MS, provider.batchSize);
    if (claimed.length === 0) return pass;
    const keys = claimed.map((row) => row.key);
    try {
      const { categoryOf, topics } = await purgeContext(database, keys);
      await provider.purge(purgeTargets(keys, categoryOf, origins, topics));
    } catch (error) {
      await retryCdnPurge(database, claimed, now, error);
      pass.failed += keys.length;
      return pass;
    }
    await finishCdnPurge(database, claimed, now);
    pass.purged += keys.length;
    if (claimed.length < provider.batchSize) return pass;
  }
}

export default fp<{ config: ApiConfig }>(
  async (app, { config }) => {
    const provider = createCdnPurgeProvider({ dataDir: config.dataDir }, config.cdnPurge);
    const passes = periodicPass(
      async (now: number = Date.now()) => {
        const pass = await purgeDue(app.database, provider, config.publicOrigins, now);
        if (pass.purged > 0) app.metrics.cdnPurge.inc({ result: 'purged' }, pass.purged);
        if (pass.failed > 0) {
          app.metrics.cdnPurge.inc({ result: 'failed' }, pass.failed);
          app.log.warn({ keys: pass.failed, provider: provider.name }, 'CDN purge failed; retried later');
        }
        return pass;
      },
      config.cdnPurgeIntervalMs,
      (err) => app.log.error({ err }, 'CDN purge pass failed'),
    );
    // The writer queued its keys in its own transaction (repositories/cdn-purge); a change announced
    // here starts a pass at once rather than on the next interval.
    app.contentChanges.onAnnounce(async () => {
      if (config.cdnPurgeIntervalMs > 0) passes.kick();
    });
    app.decorate<CdnPurge>('cdnPurge', { provider, runOnce: passes.run });
    app.addHook('onReady', async () => passes.start());
    app.addHook('onClose', async () => passes.stop());
  },
  { name: 'cdn-purge', dependencies: ['db', 'metrics', 'content-changes'] },
);
