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
  /**
   * Announce a change: local listeners run now, other processes' on the next message. `change`
   * names what changed when the caller knows (an article's publish or edit); without it, anything
   * public may have (menus, ads, a sensitive word).
   */
  announce(change?: ContentChange): Promise<void>;
  /** Run `listener` on every change, local or announced by another process. */
  onChange(listener: () => void): () => void;
  /**
   * Run `listener` with each change this process announces, before announce resolves (the CDN
   * purge starts a pass: the writer queued the purge in its transaction); a listener's failure is
   * logged, never the writer's.
   */
  onAnnounce(listener: (change: ContentChange) => Promise<void>): () => void;
  /**
   * The content version this process knows: it changes with every change, here or anywhere
   * (the gateway's page caches tell a page of the current content by it).
   */
  version(): string;
}

/** What a change touched; empty means anything public. */
export interface ContentChange {
  /** Articles published, edited, taken down or deleted. */
  articles?: readonly number[];
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
    const announceListeners = new Set<(change: ContentChange) => Promise<void>>();
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

    let seenVersion = '';
    /** Bumped whenever a newer version is learnt; a poll that started before drops its answer. */
    let learnt = 0;
    const learn = (version: string) => {
      seenVersion = version;
      learnt += 1;
    };
    // Namespaced like every key (ioredis's keyPrefix, from REDIS_URL): two sites or test runs on one
    // Redis never hear each other's changes.
    const channel = `${app.redis?.options.keyPrefix ?? ''}${CONTENT_CHANNEL}`;
    // A subscribed connection can do nothing else: a second one, beside the shared `app.redis`.
    let subscriber: Redis | null = null;
    if (config.redisUrl && app.redis) {
      subscriber = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
      subscriber.on('error', (err) => app.log.warn({ err }, 'redis subscriber error'));
      // "<origin> <version>": the version comes along, so other processes know it at once.
      subscriber.on('message', (_channel, message) => {
        const [from, version] = message.split(' ');
        if (from === origin) return;
        if (version) learn(version);
        runListeners();
      });
      await subscriber.connect();
      await subscriber.subscribe(channel);
    }
    const publisher = app.redis;

    // Read once subscribed: a change announced meanwhile is in it or in a message still to come.
    seenVersion = await readVersion(app.database, VERSION_KEY);
    const poll = setInterval(() => {
      const before = learnt;
      readVersion(app.database, VERSION_KEY).then(
        (version) => {
          // Read before an announce or a message that came meanwhile: older than what is known.
          if (before !== learnt || version === seenVersion) return;
          learn(version);
          runListeners();
        },
        (err: unknown) => app.log.warn({ err }, 'content version not read'),
      );
    }, POLL_MS);
    poll.unref();

    app.decorate<ContentChanges>('contentChanges', {
      async announce(change = {}) {
        learn(await bumpContentVersion(app.database));
        runListeners();
        for (const listener of announceListeners) {
          await listener(change).catch((err: unknown) =>
            app.log.error({ err }, 'content change announce listener failed'),
          );
        }
        if (publisher) {
          // A lost message only leaves other processes on their short TTLs: log, never fail the write.
          await publisher.publish(channel, `${origin} ${seenVersion}`).catch((err: unknown) => {
            app.log.warn({ err }, 'content change not announced to other processes');
          });
        }
      },
      onChange(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      onAnnounce(listener) {
        announceListeners.add(listener);
        return () => announceListeners.delete(listener);
      },
      version: () => seenVersion,
    });
    app.addHook('onClose', async () => {
      clearInterval(poll);
      listeners.clear();
      announceListeners.clear();
      if (subscriber) await subscriber.quit().catch(() => undefined);
    });
  },
  { name: 'content-changes', dependencies: ['db', 'cache', 'redis'] },
);
