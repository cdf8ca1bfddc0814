import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A credential WeChat issued, kept until `expiresAt` (ms since the epoch). */
export interface Kept {
  value: string;
  expiresAt: number;
}

/**
 * Where the access token and jsapi_ticket are kept, with the lock that lets one process at a time
 * refresh them: Redis when REDIS_URL is set (every process shares one ticket, WeChat's daily quota
 * is per account), this process's memory otherwise.
 */
export interface CredentialStore {
  get(key: 'token' | 'ticket'): Promise<Kept | null>;
  set(key: 'token' | 'ticket', kept: Kept): Promise<void>;
  delete(key: 'token' | 'ticket'): Promise<void>;
  /** Takes the refresh lock for `ttlMs` (released by then even if its holder died): its id, or null when held. */
  lock(ttlMs: number): Promise<string | null>;
  unlock(id: string): Promise<void>;
}

export class MemoryCredentialStore implements CredentialStore {
  private readonly kept = new Map<string, Kept>();
  private held: { id: string; until: number } | null = null;

  async get(key: 'token' | 'ticket'): Promise<Kept | null> {
    const kept = this.kept.get(key);
    return kept && kept.expiresAt > Date.now() ? kept : null;
  }
  async set(key: 'token' | 'ticket', kept: Kept): Promise<void> {
    this.kept.set(key, kept);
  }
  async delete(key: 'token' | 'ticket'): Promise<void> {
    this.kept.delete(key);
  }
  async lock(ttlMs: number): Promise<string | null> {
    if (this.held && this.held.until > Date.now()) return null;
    this.held = { id: randomUUID(), until: Date.now() + ttlMs };
    return this.held.id;
  }
  async unlock(id: string): Promise<void> {
    if (this.held?.id === id) this.held = null;
  }
}

/** Deletes the lock only when it is still ours (it may have expired and been taken by another process). */
const UNLOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

export class RedisCredentialStore implements CredentialStore {
  private readonly prefix: string;
  constructor(
    private readonly redis: Redis,
    appId: string,
  ) {
    // Per AppID: two portals on one Redis with different official accounts never share a ticket.
    this.prefix = `portal:wechat:${appId}:`;
  }

  async get(key: 'token' | 'ticket'): Promise<Kept | null> {
    const text = await this.redis.get(this.prefix + key);
    if (!text) return null;
    try {
      const kept = JSON.parse(text) as Kept;
      return typeof kept.value === 'string' && kept.expiresAt > Date.now() ? kept : null;
    } catch {
      return null;
    }
  }
  async set(key: 'token' | 'ticket', kept: Kept): Promise<void> {
    const ttl = Math.max(1, kept.expiresAt - Date.now());
    await this.redis.set(this.prefix + key, JSON.stringify(kept), 'PX', ttl);
  }
  async delete(key: 'token' | 'ticket'): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
  async lock(ttlMs: number): Promise<string | null> {
    const id = randomUUID();
    const taken = await this.redis.set(`${this.prefix}lock`, id, 'PX', ttlMs, 'NX');
    return taken === 'OK' ? id : null;
  }
  async unlock(id: string): Promise<void> {
    await this.redis.eval(UNLOCK, 1, `${this.prefix}lock`, id);
  }
}
