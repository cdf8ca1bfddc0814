import type { Redis } from 'ioredis';

/**
 * Short-lived values that are read at most once (slider answers). In Redis when REDIS_URL is set,
 * so any process can check what another issued; in this process's memory otherwise.
 */
export interface OnceStore {
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value, removed in the same step (two readers never both get it); null when absent or expired. */
  take(key: string): Promise<string | null>;
}

const PREFIX = 'portal:once:';

export class MemoryOnceStore implements OnceStore {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();
  private lastSweep = 0;

  constructor(private readonly maxEntries = 100_000) {}

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    const now = Date.now();
    this.sweep(now);
    // Bounded: past the cap the oldest entry goes (a Map iterates in insertion order).
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: now + ttlMs });
  }

  async take(key: string): Promise<string | null> {
    const entry = this.entries.get(key);
    this.entries.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.value : null;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(key);
  }
}

export class RedisOnceStore implements OnceStore {
  constructor(private readonly redis: Redis) {}

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(PREFIX + key, value, 'PX', ttlMs);
  }

  async take(key: string): Promise<string | null> {
    // GET and DEL in one MULTI: atomic, and works on servers older than GETDEL (6.2).
    const res = await this.redis
      .multi()
      .get(PREFIX + key)
      .del(PREFIX + key)
      .exec();
    if (!res) throw new Error('once-store transaction aborted');
    const value = res[0][1];
    return typeof value === 'string' ? value : null;
  }
}

export function createOnceStore(redis: Redis | null): OnceStore {
  return redis ? new RedisOnceStore(redis) : new MemoryOnceStore();
}
