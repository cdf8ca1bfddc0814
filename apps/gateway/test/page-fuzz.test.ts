/**
 * Generated bad input for every page route of the route table (issue 11, "the suite that proves
 * it"), through the real gateway with the three built apps and the in-process API on the demo seed:
 * hostile path parameters and percent-escapes, query strings, methods, bodies, content types,
 * width cookies and hosts. Every answer: no 5xx, no hang, a redirect with a clean Location, or a page
 * (or refusal) with Chinese text. Needs the built apps (turbo builds them before this package's tests).
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ROUTES, SHARED_PATHS } from '@portal/routes';
import {
  CHINESE,
  clip,
  contentType,
  fuzzRuns,
  fuzzSeed,
  hostileEscape,
  hostileQuery,
  hostileString,
  hugeString,
  malformedBody,
  method,
  safeEncode,
  withinTime,
} from '@portal/fuzz';
import { appsBuilt, seededGateway, type SeededGateway } from './seeded-gateway';

/** Requests per route in `npm test` and CI (server rendering is slow); `pnpm soak` sets FUZZ_RUNS=1000. */
const PAGE_FUZZ_RUNS = 25;
/** A page slower than this is a hang (server rendering on two shared cores). */
const HANG_MS = 30_000;

export interface PageRequest {
  options: InjectOptions;
  pattern: string;
  params: string[];
  /** The raw query string ('' when none). */
  query: string;
  host?: string;
  /** A React Router data request (`.data`): its body is the router's own format, not a document. */
  data: boolean;
  describe(): string;
}

/** Unique patterns of the route table plus the shared home. */
const PATTERNS = [...new Set([...SHARED_PATHS, ...ROUTES.map((r) => r.pattern)])];

/** A path parameter: a plausible id or mark most of the time, hostile text or escapes otherwise. */
const param: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom('1', '25', '999999', 'demo1', '0', 'all.xml'), weight: 4 },
  { arbitrary: fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String), weight: 1 },
  { arbitrary: hostileEscape, weight: 3 },
  {
    arbitrary: fc.tuple(fc.constantFrom('1', '25', 'demo1'), hostileEscape).map(([a, b]) => a + b),
    weight: 2,
  },
  { arbitrary: hostileString.map(safeEncode), weight: 3 },
  { arbitrary: hugeString(8192).map(safeEncode), weight: 1 },
);

/** Query parameters the pages read, with hostile values, plus arbitrary hostile parameters. */
const query: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(
      fc.tuple(
        fc.constantFrom(
          'id',
          'tag',
          'keyword',
          'title',
          'page',
          'type',
          'menu_id',
          'cat_id',
          'year',
          'activity_id',
          'source',
          'mark',
          'index',
        ),
        fc.oneof(
          fc.constantFrom('1', '2', '0', '-1', '1e300', '人工智能'),
          hostileString,
          hostileEscape.map(decodeSafely),
        ),
      ),
      { maxLength: 3 },
    ),
    fc.option(hostileQuery, { freq: 2 }),
  )
  .map(([pairs, extra]) =>
    [...pairs.map(([k, v]) => `${k}=${safeEncode(v)}`), ...(extra ? [extra] : [])].join('&'),
  );

function decodeSafely(escape: string): string {
  try {
    return decodeURIComponent(escape);
  } catch {
    return escape;
  }
}

const headers = fc.record({
  cookie: fc.constantFrom(
    undefined,
    'vw=390',
    'vw=1280',
    'vw=959',
    'vw=abc',
    'vw=99999999',
    'vw=390; stoken=x; member_id=1',
    'vw=%00',
    '=;;=',
    'portal_consent=1',
  ),
  host: fc.constantFrom(
    undefined,
    'localhost',
    'm.localhost',
    'evil.example',
    'M.EXAMPLE.COM',
    'localhost:99999',
    '[::1]',
  ),
  userAgent: fc.constantFrom(
    undefined,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1',
    'curl/8',
    '',
  ),
  contentType,
});

function pageRequest(pattern: string): fc.Arbitrary<PageRequest> {
  const names = pattern.split('/').filter((s) => s.startsWith(':'));
  return fc
    .record({
      params: fc.tuple(...names.map(() => param)),
      query: fc.option(query, { freq: 3, nil: undefined }),
      // React Router data requests (`/news/1.data`) now and then.
      dataRequest: fc.nat(4).map((n) => n === 0),
      verb: method('GET'),
      body: fc.oneof(malformedBody, hugeString(1024 * 1024 + 1024), fc.constant('id=1&lasttime=0')),
      headers,
      suffix: fc.oneof(
        { arbitrary: fc.constant(''), weight: 8 },
        { arbitrary: fc.oneof(fc.constantFrom('/', '//', '/..', '.data'), hostileEscape), weight: 1 },
      ),
    })
    .map(({ params, query: q, verb, body, headers: h, suffix, dataRequest }) => {
      let i = 0;
      const filled = pattern.replace(/:[a-z_]+/g, () => params[i++] ?? '');
      const pathname = (dataRequest && filled !== '/' ? `${filled}.data` : filled) + suffix;
      const url = q ? `${pathname}?${q}` : pathname;
      const hdrs: Record<string, string> = {};
      if (h.cookie !== undefined) hdrs.cookie = h.cookie;
      if (h.host !== undefined) hdrs.host = h.host;
      if (h.userAgent !== undefined) hdrs['user-agent'] = h.userAgent;
      const withBody = verb !== 'GET' && verb !== 'HEAD';
      if (withBody && h.contentType !== undefined) hdrs['content-type'] = h.contentType;
      const options: InjectOptions = {
        method: verb,
        url,
        headers: hdrs,
        ...(withBody ? { payload: body } : {}),
      };
      const describe = () =>
        `${verb} ${clip(url, 300)} headers=${JSON.stringify(hdrs)} body=${withBody ? clip(body) : '-'}`;
      return {
        options,
        pattern,
        params: [...params],
        query: q ?? '',
        host: h.host,
        data: dataRequest || suffix === '.data',
        describe,
        [fc.toStringMethod]: () => `${verb} ${clip(url, 160)}`,
      };
    });
}

describe.skipIf(!appsBuilt())('generated bad input on every page route', () => {
  let seeded: SeededGateway | undefined;

  beforeAll(async () => {
    seeded = await seededGateway('page-fuzz');
  }, 180_000);
  afterAll(() => seeded?.close());

  it.each(PATTERNS.map((pattern, index) => [pattern, index] as const))(
    '%s: no 5xx, no hang, clean redirects, Chinese refusals',
    async (pattern, index) => {
      await fc.assert(
        fc.asyncProperty(pageRequest(pattern), async (req) => {
          const res = await withinTime(seeded!.gateway.inject(req.options), HANG_MS, req.describe);
          const fail = (why: string) => {
            throw new Error(
              `${pattern}: ${why} (status ${res.statusCode}) for ${req.describe()} → ${res.body.slice(0, 300)}`,
            );
          };
          if (res.statusCode >= 500) fail('server error');
          if (res.statusCode >= 300 && res.statusCode < 400) {
            const location = String(res.headers.location ?? '');
            // A Location must be one header: no raw control characters or spaces.
            if (
              !location ||
              [...location].some((ch) => ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f)
            ) {
              fail(`bad Location ${JSON.stringify(location)}`);
            }
            return;
          }
          if (req.options.method === 'HEAD' || res.statusCode === 204 || req.data) return;
          // A refusal a reader can see (a document or the gateway's text) says what happened in Chinese;
          // resource routes (JSON feeds, XML) answer in their own format.
          const type = String(res.headers['content-type'] ?? '');
          const readable = type.startsWith('text/html') || type.startsWith('text/plain');
          if (res.statusCode >= 400 && readable && !CHINESE.test(res.body))
            fail('refusal without Chinese text');
        }),
        { numRuns: fuzzRuns(PAGE_FUZZ_RUNS), seed: fuzzSeed() + index, endOnFailure: true },
      );
    },
    600_000,
  );
});
