import { createHash, randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { StoredPage } from './micro-cache';

/**
 * The page cache every worker and host shares (issue 27): rendered anonymous pages in Redis, one
 * entry per page key, each carrying the content version it shows and when it was rendered (the
 * freshness rule is page-cache.ts's). Stale entries stay until `retentionMs`, so a page can be
 * served stale while one worker renders it again; that worker holds a short Redis lock per page.
 *
 * Redis is a cache here, never a dependency: a failed or slow command (the server restarting,
 * overloaded) is a miss, and a lock that cannot be taken is rendered locally, so pages keep
 * serving from the workers' own caches and renders while Redis is down.
 */

/** The commands used, as an ioredis client has them (the in-process API's connection). */
export interface PageRedis {
  readonly status: string;
  getBuffer(key: string): Promise<Buffer | null>;
  set(key: string, value: Buffer | string, px: 'PX', ms: number): Promise<unknown>;
  set(key: string, value: string, px: 'PX', ms: number, nx: 'NX'): Promise<unknown>;
  pexpire(key: string, ms: number): Promise<unknown>;
  eval(script: string, numKeys: number, key: string, token: string): Promise<unknown>;
  exists(key: string): Promise<number>;
}

/** A lock on rendering one page: released when the render is stored (or failed). */
export interface RenderLock {
  release(): Promise<void>;
}

/** A command that takes longer is given up (a miss): a page never waits long for its cache. */
const COMMAND_TIMEOUT_MS = 300;
/**
 * How long a page stays in Redis after its first render unless another worker reads it: enough for
 * the readers of a burst waiting for it; a crawler's one-off pages leave soon, so Redis holds
 * about this many seconds of renders plus the pages readers share (each read keeps a page
 * `retentionMs` from then).
 */
const PROBATION_MS = 15_000;
/** Longest a render holds its page's lock: a worker that died mid-render blocks no one longer. */
const LOCK_MS = 10_000;
/** First and longest pause between two looks for another worker's render. */
const POLL_MIN_MS = 5;
const POLL_MAX_MS = 50;
/** Deletes the lock only if it is still this render's (it may have expired and been taken since). */
const UNLOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SharedPages {
  constructor(
    private readonly redis: PageRedis,
    /** How long an entry stays in Redis (the cache's maximum age plus its stale window). */
    private readonly retentionMs: number,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /** The page, if stored; a page found is kept `retentionMs` from now (not awaited). */
  async get(key: string): Promise<StoredPage | null> {
    const value = await this.command(() => this.redis.getBuffer(entryKey(key)));
    const page = value ? decodePage(value) : null;
    if (page) void this.command(() => this.redis.pexpire(entryKey(key), this.retentionMs));
    return page;
  }

  /** Stores a render: `shared` (read by more than its first reader) for `retentionMs`, else on probation. */
  async put(key: string, page: StoredPage, shared: boolean): Promise<void> {
    const ttl = shared ? this.retentionMs : Math.min(this.retentionMs, PROBATION_MS);
    await this.command(() => this.redis.set(entryKey(key), encodePage(page), 'PX', ttl));
  }

  /**
   * Takes the page's render lock: null when another worker holds it. Without Redis (down, slow),
   * a lock that locks nothing: this worker renders, as it would without a shared cache.
   */
  async lock(key: string): Promise<RenderLock | null> {
    const token = randomBytes(12).toString('base64url');
    const taken = await this.command(() => this.redis.set(lockKey(key), token, 'PX', LOCK_MS, 'NX'));
    if (taken === undefined) return { release: async () => {} };
    if (taken === null) return null;
    return {
      release: async () => {
        await this.command(() => this.redis.eval(UNLOCK, 1, lockKey(key), token));
      },
    };
  }

  /**
   * Waits up to `waitMs` for the worker holding the page's lock to store its render: the entry
   * once `usable` takes it; null when the lock is gone without one (that render was not
   * shareable, or its worker died) or the wait is over. Looks often at first, then less.
   */
  async waitFor(
    key: string,
    usable: (page: StoredPage) => boolean,
    waitMs: number,
  ): Promise<StoredPage | null> {
    const deadline = Date.now() + waitMs;
    for (let pause = POLL_MIN_MS; Date.now() < deadline; pause = Math.min(pause * 2, POLL_MAX_MS)) {
      await sleep(Math.min(pause, Math.max(0, deadline - Date.now())));
      const [page, locked] = await Promise.all([
        this.get(key),
        this.command(() => this.redis.exists(lockKey(key))),
      ]);
      if (page && usable(page)) return page;
      if (!locked) return null;
    }
    return null;
  }

  /** The command's answer; undefined when Redis is not connected, fails, or is too slow. */
  private async command<T>(run: () => Promise<T>): Promise<T | undefined> {
    if (this.redis.status !== 'ready') return undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        run(),
        new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), COMMAND_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      this.onError(err);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Keys hash the page key: any length and any bytes of a query become a short, safe Redis key. */
const digest = (key: string) => createHash('sha256').update(key).digest('base64url');
const entryKey = (key: string) => `portal:page:${digest(key)}`;
const lockKey = (key: string) => `portal:page-lock:${digest(key)}`;

interface Meta {
  status: number;
  headers: [string, string][];
  nonce: string | null;
  version: string;
  renderedAt: number;
}

/**
 * An entry: the meta's length (4 bytes), the meta as JSON, the HTML deflated (fast level: pages
 * are a fifth of their size in Redis, for well under a millisecond per render).
 */
export function encodePage(page: StoredPage): Buffer {
  const meta: Meta = {
    status: page.status,
    headers: page.headers,
    nonce: page.nonce ?? null,
    version: page.version,
    renderedAt: page.renderedAt,
  };
  const json = Buffer.from(JSON.stringify(meta), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length, 0);
  return Buffer.concat([length, json, deflateRawSync(page.body, { level: 1 })]);
}

/** The page of an entry; null for anything malformed (a miss, never a broken answer). */
export function decodePage(value: Buffer): StoredPage | null {
  try {
    if (value.length < 4) return null;
    const length = value.readUInt32BE(0);
    if (4 + length > value.length) return null;
    const meta = JSON.parse(value.subarray(4, 4 + length).toString('utf8')) as Partial<Meta>;
    if (
      typeof meta.status !== 'number' ||
      typeof meta.version !== 'string' ||
      typeof meta.renderedAt !== 'number' ||
      !Array.isArray(meta.headers) ||
      !meta.headers.every(
        (h) => Array.isArray(h) && h.length === 2 && h.every((part) => typeof part === 'string'),
      )
    )
      return null;
    return {
      status: meta.status,
      headers: meta.headers,
      body: inflateRawSync(value.subarray(4 + length)),
      ...(typeof meta.nonce === 'string' ? { nonce: meta.nonce } : {}),
      version: meta.version,
      renderedAt: meta.renderedAt,
    };
  } catch {
    return null;
  }
}
