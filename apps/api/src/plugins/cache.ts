import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { EndpointName } from '@portal/api-client/contract';
import type { ApiConfig } from '../config';
import type { ListMemo } from '../repositories/paging';

/**
 * Short-lived cache of public reads (DESIGN.md section 6: API reads cached, invalidated on write).
 * Public responses never depend on who asks, so one entry serves everyone. Memory per process:
 * with a TTL of a couple of seconds, cross-process staleness is bounded by the TTL.
 */
export interface ReadCache {
  /** The cached value of `call` for `key`, or the value `load` produces (then cached for `ttlMs`). */
  wrap<T>(call: EndpointName, key: string, load: () => Promise<T>, ttlMs?: number): Promise<T>;
  /** Drop cached entries of the given calls (all calls when omitted): call after a write. */
  invalidate(calls?: EndpointName[]): void;
}

/**
 * What the read cache of one process may hold, by the estimated size of its answers (the objects
 * themselves take a few times their JSON: this is about a third of a worker's 256 MB heap limit).
 */
export const READ_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** An answer's estimated memory: its JSON text in UTF-16, plus the entry's own overhead. */
export function entryBytes(value: unknown): number {
  return (JSON.stringify(value) ?? '').length * 2 + 64;
}

export class MemoryReadCache implements ReadCache {
  /** Least recently used answers go first once their estimated bytes exceed the bound. */
  private readonly entries: LRUCache<string, { value: unknown }>;
  /** Loads in progress, so a burst of identical misses queries the database once. */
  private readonly pending = new Map<string, Promise<unknown>>();
  /** Bumped on invalidate so a load that started before a write is not stored after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    maxBytes = READ_CACHE_MAX_BYTES,
    /** Told of every cached lookup: answered from the cache or loaded (metrics). */
    private readonly onLookup: (call: EndpointName, hit: boolean) => void = () => {},
  ) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (e) => entryBytes(e.value) });
  }

  async wrap<T>(call: EndpointName, key: string, load: () => Promise<T>, ttlMs = this.ttlMs): Promise<T> {
    // TTL 0 turns response caching off (tests, debugging, benchmarks of the database); entries
    // given their own TTL (list totals) are still kept, as a production process keeps them.
    if (ttlMs <= 0) return load();
    const k = `${call}\u0000${key}`;
    const hit = this.entries.get(k);
    if (hit) {
      this.onLookup(call, true);
      return hit.value as T;
    }
    const inflight = this.pending.get(k);
    // Joining a load in flight costs no query either.
    this.onLookup(call, inflight !== undefined);
    if (inflight) return inflight as Promise<T>;
    const generation = this.generation;
    const promise = load().finally(() => this.pending.delete(k));
    this.pending.set(k, promise);
    const value = await promise;
    // In-process callers (the gateway's loaders) get this very value: frozen, no reader can change
    // what the next one is served.
    if (generation === this.generation) this.entries.set(k, { value: deepFreeze(value) }, { ttl: ttlMs });
    return value;
  }

  invalidate(calls?: EndpointName[]): void {
    this.generation += 1;
    if (!calls) {
      this.entries.clear();
      this.pending.clear();
      return;
    }
    const prefixes = calls.map((c) => `${c}\u0000`);
    for (const k of [...this.entries.keys(), ...this.pending.keys()]) {
      if (prefixes.some((p) => k.startsWith(p))) {
        this.entries.delete(k);
        this.pending.delete(k);
      }
    }
  }
}

/** Freezes a JSON-like value and everything in it; iterative, so depth costs no stack. */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object' || Object.isFrozen(v)) continue;
    Object.freeze(v);
    for (const child of Object.values(v)) stack.push(child);
  }
  return value;
}

/** How long list totals are reused: a pager that is a minute behind is fine, a full count per page view is not. */
export const COUNT_TTL_MS = 60_000;

/**
 * A ListMemo (repositories/paging.ts: list totals, deep-page boundaries) kept in the read cache
 * under `call` for COUNT_TTL_MS, cleared with it on every content change.
 */
export function cachedCounts(cache: ReadCache, call: EndpointName): ListMemo {
  return (key, load) => cache.wrap(call, `count:${key}`, load, COUNT_TTL_MS);
}

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

export default fp<{ config: ApiConfig }>(
  async (app, { config }) => {
    const counter = app.metrics.readCache;
    app.decorate(
      'readCache',
      new MemoryReadCache(config.cacheTtlMs, undefined, (call, hit) =>
        counter.inc({ call, result: hit ? 'hit' : 'miss' }),
      ),
    );
  },
  { name: 'cache', dependencies: ['metrics'] },
);
