import type { Redis } from 'ioredis';
import { ErrorCode } from '@portal/api-client/codes';
import { ApiError } from './envelope';

/**
 * Fixed-window counters for login, SMS and similar abuse limits. In Redis when REDIS_URL is set
 * (shared by every process, DESIGN.md section 5), otherwise in this process's memory.
 */
export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface RateLimiter {
  /**
   * Counts one hit on `key` (or `amount`, e.g. bytes); allowed while the count stays within `limit`
   * per `windowMs`.
   */
  hit(key: string, limit: number, windowMs: number, amount?: number): Promise<RateLimitResult>;
  /** Hits so far in the current window (0 when none), without counting. */
  peek(key: string): Promise<number>;
  /** Forget a key (e.g. after a successful login). */
  reset(key: string): Promise<void>;
  /**
   * Takes one hit back from a live window (a counted attempt that turned out not to be abuse, e.g.
   * a successful login); never creates a window or goes below zero.
   */
  undo(key: string): Promise<void>;
  /** Like hit(), but throws ApiError(RateLimited) when over the limit. */
  consume(
    key: string,
    limit: number,
    windowMs: number,
    msg?: string,
    amount?: number,
  ): Promise<RateLimitResult>;
}

const PREFIX = 'portal:rl:';

abstract class BaseLimiter implements RateLimiter {
  abstract hit(key: string, limit: number, windowMs: number, amount?: number): Promise<RateLimitResult>;
  abstract peek(key: string): Promise<number>;
  abstract reset(key: string): Promise<void>;
  abstract undo(key: string): Promise<void>;
  async consume(
    key: string,
    limit: number,
    windowMs: number,
    msg?: string,
    amount = 1,
  ): Promise<RateLimitResult> {
    const result = await this.hit(key, limit, windowMs, amount);
    if (!result.allowed) throw new ApiError(ErrorCode.RateLimited, msg);
    return result;
  }
}

export class MemoryRateLimiter extends BaseLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  async hit(key: string, limit: number, windowMs: number, amount = 1): Promise<RateLimitResult> {
    const now = Date.now();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += amount;
    return { allowed: w.count <= limit, count: w.count, resetMs: w.resetAt - now };
  }

  async peek(key: string): Promise<number> {
    const w = this.windows.get(key);
    return w && w.resetAt > Date.now() ? w.count : 0;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async undo(key: string): Promise<void> {
    const w = this.windows.get(key);
    if (w && w.resetAt > Date.now() && w.count > 0) w.count -= 1;
  }

  /** Drop expired windows now and then so memory stays bounded by the active keys. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * Limits that guard public reads, not accounts or money: while Redis is unreachable they count in
 * this process's memory (a per-process limit is still a limit). Every other limit (member and
 * back-office login, SMS, slider, registration, leads, uploads) refuses its request while its shared
 * counter is gone: a limit that opened whenever Redis blinked would be no limit.
 */
export const LOCAL_FALLBACK_PREFIXES: readonly string[] = ['token:', 'search:'];

export class RedisRateLimiter extends BaseLimiter {
  private readonly local = new MemoryRateLimiter();

  constructor(
    private readonly redis: Redis,
    private readonly warn: (msg: string, err?: unknown) => void = () => undefined,
  ) {
    super();
  }

  /** Redis could not count: a read limit counts here, any other refuses (ServerError, "try later"). */
  private unavailable(key: string, err?: unknown): 'local' {
    if (LOCAL_FALLBACK_PREFIXES.some((prefix) => key.startsWith(prefix))) return 'local';
    this.warn(`rate limit ${key.split(':')[0]} refused: its shared counter (Redis) is unreachable`, err);
    throw new ApiError(ErrorCode.ServerError);
  }

  async hit(key: string, limit: number, windowMs: number, amount = 1): Promise<RateLimitResult> {
    const k = PREFIX + key;
    // Not connected: answer now rather than queue behind the reconnection.
    if (this.redis.status !== 'ready') {
      this.unavailable(key);
      return this.local.hit(key, limit, windowMs, amount);
    }
    let res: [Error | null, unknown][] | null;
    try {
      // INCRBY then set the expiry only when the key is new (NX): one round trip, atomic per command.
      res = await this.redis.multi().incrby(k, amount).pexpire(k, windowMs, 'NX').pttl(k).exec();
    } catch (err) {
      this.unavailable(key, err);
      return this.local.hit(key, limit, windowMs, amount);
    }
    if (!res) throw new Error('rate limit transaction aborted');
    const count = Number(res[0][1]);
    const ttl = Number(res[2][1]);
    return { allowed: count <= limit, count, resetMs: ttl > 0 ? ttl : windowMs };
  }

  async peek(key: string): Promise<number> {
    if (this.redis.status !== 'ready') {
      this.unavailable(key);
      return this.local.peek(key);
    }
    try {
      return Number((await this.redis.get(PREFIX + key)) ?? 0);
    } catch (err) {
      this.unavailable(key, err);
      return this.local.peek(key);
    }
  }

  // reset and undo only ever lower a counter after the request was let through: when Redis is gone
  // the counter keeps its value until its window ends, which is the safe side.
  async reset(key: string): Promise<void> {
    await this.local.reset(key);
    await this.redis
      .del(PREFIX + key)
      .catch((err: unknown) => this.warn(`rate limit reset of ${key} lost`, err));
  }

  async undo(key: string): Promise<void> {
    await this.local.undo(key);
    // One script, so the key cannot expire between the check and the DECR (which would leave a
    // counter of -1 without an expiry).
    await this.redis
      .eval(UNDO_SCRIPT, 1, PREFIX + key)
      .catch((err: unknown) => this.warn(`rate limit undo of ${key} lost`, err));
  }
}

const UNDO_SCRIPT = `
local n = tonumber(redis.call('get', KEYS[1]) or '0')
if n > 0 then return redis.call('decr', KEYS[1]) end
return 0`;
