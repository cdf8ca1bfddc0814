import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { ApiConfig } from '../config';
import type { Db } from '../db';
import { bumpVersion, readVersion } from '../repositories/app-meta';

/**
 * "Public content changed": after a publish, an edit, an approval or an unpublish, every process
 * drops what it cached from the old content (the API read cache and list totals here, the
 * gateway's micro-cache through `onChange`), so the change shows everywhere within 2 s.
 * Two paths reach other processes: Redis pub/sub when REDIS_URL is set (at once), and a version
 * row in the database that every process polls each second, which also carries changes made
 * by `pnpm admin` or by processes without Redis.
 */
export interface ContentChanges {
  /** Announce a change: local listeners run now, other processes' on the next message. */
  announce(): Promise<void>;
  /** Run `listener` on every change, local or announced by another process. */
  onChange(listener: () => void): () => void;
}

export const CONTENT_CHANNEL = 'portal:content-changed';
const VERSION_KEY = 'content_version';
const POLL_MS = 1000;

/** Records a change in the database (the path `pnpm admin` and Redis-less processes rely on). */
export const bumpContentVersion = (database: Db): Promise<string> => bumpVersion(database, VERSION_KEY);

declare module 'fastify' {
  interface FastifyInstance {
    contentChanges: ContentChanges;
  }
}

export default fp<{ config: ApiConfig }>(
  async (app, { config }) => {
    const listeners = new Set<() => void>();
    const origin = randomUUID();
    const runListeners = () => {
      for (const listener of listeners) {
        try {
          listener();
        } catch (err) {
          app.log.error({ err }, 'content change listener failed');
        }
      }
    };
    // Before the cache is emptied: a refill must not come from a replica that lacks the change.
    const replicas = app.database.replicas;
    if (replicas) listeners.add(() => replicas.contentChanged());
    listeners.add(() => app.readCache.invalidate());

    // A subscribed connection can do nothing else: a second one, beside the shared `app.redis`.
    let subscriber: Redis | null = null;
    if (config.redisUrl && app.redis) {
      subscriber = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
      subscriber.on('error', (err) => app.log.warn({ err }, 'redis subscriber error'));
      subscriber.on('message', (_channel, message) => {
        if (message !== origin) runListeners();
      });
      await subscriber.connect();
      await subscriber.subscribe(CONTENT_CHANNEL);
    }
    const publisher = app.redis;

    let seenVersion = await readVersion(app.database, VERSION_KEY);
    const poll = setInterval(() => {
      readVersion(app.database, VERSION_KEY).then(
        (version) => {
          if (version === seenVersion) return;
          seenVersion = version;
          runListeners();
        },
        (err: unknown) => app.log.warn({ err }, 'content version not read'),
      );
    }, POLL_MS);
    poll.unref();

    app.decorate<ContentChanges>('contentChanges', {
      async announce() {
        seenVersion = await bumpContentVersion(app.database);
        runListeners();
        if (publisher) {
          // A lost message only leaves other processes on their short TTLs: log, never fail the write.
          await publisher.publish(CONTENT_CHANNEL, origin).catch((err: unknown) => {
            app.log.warn({ err }, 'content change not announced to other processes');
          });
        }
      },
      onChange(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    app.addHook('onClose', async () => {
      clearInterval(poll);
      listeners.clear();
      if (subscriber) await subscriber.quit().catch(() => undefined);
    });
  },
  { name: 'content-changes', dependencies: ['db', 'cache', 'redis'] },
);
