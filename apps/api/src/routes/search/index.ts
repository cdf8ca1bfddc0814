import type { FastifyInstance } from 'fastify';
import { addressKey } from '../../lib/address-key';
import { ok } from '@portal/api-client/envelope';
import { defineCall } from '../define-call';
import { pageOf } from '../../repositories/articles';
import { searchArticles } from '../../repositories/search';
import { cachedCounts } from '../../plugins/cache';

/**
 * Searches per client address per minute: a reader paging through results never gets near it, a
 * script sweeping the index with uncached terms does (every new term costs a full-text query).
 */
export const SEARCH_LIMIT = { perIp: 60, windowMs: 60_000, msg: '搜索过于频繁，请稍后再试' } as const;

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6. */
const isLoopback = (ip: string) => ip === '::1' || /^(?:::ffff:)?127\./i.test(ip);

/** Article search (/search, /new_search). Items carry `keys`, the query terms to highlight. */
export default async function searchRoutes(app: FastifyInstance) {
  // Totals (capped at SEARCH_COUNT_CAP) are the costly part for common terms: reuse them while paging.
  const counts = cachedCounts(app.readCache, 'search_list');
  // Counted before the read cache, on valid requests only. The gateway's server-side rendering calls
  // in-process from the loopback address with no forwarded client: it is not one client, so it is
  // not counted as one (it is limited per reader once it forwards the reader's address).
  app.addHook('preHandler', async (request) => {
    if (isLoopback(request.ip)) return;
    await app.rateLimit.consume(
      `search:ip:${addressKey(request.ip)}`,
      SEARCH_LIMIT.perIp,
      SEARCH_LIMIT.windowMs,
      SEARCH_LIMIT.msg,
    );
  });
  defineCall(
    app,
    'search_list',
    async ({ title, page, pageSize }) => {
      const { offset, limit } = pageOf(page, pageSize);
      const { items, total } = await searchArticles(app.readDb, title, offset, limit, counts);
      return ok({ list: items }, { total });
    },
    { cache: true },
  );
}
