import fp from 'fastify-plugin';
import type { ApiConfig } from '../config';
import { periodicPass } from '../lib/periodic';
import { sweepStaleUploads, uploadTmpDir } from '../lib/uploads';
import { pruneEditorSessions } from '../repositories/editors';
import { pruneSessions } from '../repositories/sessions';
import { pruneDailyViews } from '../repositories/views-daily';

/** How often expired sessions and stale partial uploads are removed (also once at start). */
export const HOUSEKEEPING_INTERVAL_MS = 3600_000;

export interface HousekeepingOptions {
  config: ApiConfig;
  /** Tests pass a short interval. */
  intervalMs?: number;
}

/**
 * Issue 11: expired member stokens, vendor user_ids and idle editor sessions are deleted (issue 25: and daily
 * view rows past their retention), and partial uploads a stopped
 * process left in the temp folder are swept, at start and then every HOUSEKEEPING_INTERVAL_MS.
 * The timer is unref'd (it never keeps the process alive) and a failed round is logged, not fatal.
 */
export default fp<HousekeepingOptions>(
  async (app, { config, intervalMs = HOUSEKEEPING_INTERVAL_MS }) => {
    const tmpDir = uploadTmpDir(config.dataDir);
    const round = async () => {
      try {
        const now = Date.now();
        const pruned = {
          ...(await pruneSessions(app.database, now)),
          editors: await pruneEditorSessions(app.database, now, config.adminSessionMaxAgeMs),
          // Reader statistics older than STATS_RETENTION_DAYS (issue 25).
          dailyViews: await pruneDailyViews(app.database, now, config.statsRetentionDays),
        };
        const swept = await sweepStaleUploads(tmpDir);
        if (pruned.members || pruned.vendors || pruned.editors || pruned.dailyViews || swept)
          app.log.info({ pruned, swept }, 'housekeeping');
      } catch (err) {
        app.log.error({ err }, 'housekeeping failed');
      }
    };
    // A round logs its own failure (never fatal), so the pass reports none.
    const passes = periodicPass(round, intervalMs, () => {});
    await passes.run();
    passes.start();
    // Registered after the database plugin, so this runs before the connection closes.
    app.addHook('onClose', async () => passes.stop());
  },
  { name: 'housekeeping', dependencies: ['db'] },
);
