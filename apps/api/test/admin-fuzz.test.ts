import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, CSRF_HEADER } from '@portal/api-client/admin';
import {
  CHINESE,
  contentType,
  fuzzRuns,
  fuzzSeed,
  hostileQuery,
  hostileString,
  hostileValue,
  hugeString,
  malformedBody,
  method,
  safeEncode,
  toJson,
  withinTime,
  type HttpVerb,
} from '@portal/fuzz';
import { runAdmin } from '../src/admin/commands';
import { startTestApp, type TestApp } from './helpers';

/**
 * Generated bad input for every `/admin/api` route (issue 13 on issue 11's suite), sent by a signed-in
 * admin with a valid CSRF token so validation and handlers are reached: hostile path ids, queries,
 * bodies, content types and methods. Zero 5xx, zero hangs, every refusal `{message}` in Chinese.
 */
const ADMIN_FUZZ_RUNS = 60;
const HANG_MS = 30_000;

/** Every route but the logout (it would end the session the rest of the run needs). */
const ROUTES: { method: HttpVerb; path: string }[] = [
  { method: 'POST', path: '/session' },
  { method: 'GET', path: '/session' },
  { method: 'GET', path: '/articles' },
  { method: 'POST', path: '/articles' },
  { method: 'GET', path: '/articles/:id' },
  { method: 'PUT', path: '/articles/:id' },
  { method: 'DELETE', path: '/articles/:id' },
  { method: 'POST', path: '/articles/:id/publish' },
  { method: 'POST', path: '/articles/:id/unpublish' },
  { method: 'GET', path: '/articles/:id/revisions' },
  { method: 'GET', path: '/articles/:id/revisions/:rev' },
  { method: 'POST', path: '/articles/:id/revisions/:rev/restore' },
  { method: 'POST', path: '/uploads' },
  { method: 'GET', path: '/media' },
  { method: 'POST', path: '/media' },
  { method: 'GET', path: '/media/:id/file' },
  { method: 'DELETE', path: '/media/:id' },
  { method: 'GET', path: '/review/columns' },
  { method: 'GET', path: '/review/articles' },
  { method: 'POST', path: '/review/columns/:id/approve' },
  { method: 'POST', path: '/review/articles/:id/reject' },
  { method: 'GET', path: '/leads/sources' },
  { method: 'GET', path: '/leads' },
  { method: 'GET', path: '/leads.csv' },
  { method: 'GET', path: '/leads.xlsx' },
  { method: 'GET', path: '/audit-log' },
];

/** A path id: often a real one, else hostile text, huge numbers or escapes. */
const pathId = (real: number) =>
  fc.oneof(
    fc.constant(String(real)),
    fc.constantFrom('0', '-1', '1e300', '9'.repeat(40), '1.5', '0x10', '%00', '%E4%B8', '..%2F..'),
    hostileString.map(safeEncode),
  );

/** A body: the right shape with hostile values, hostile JSON, or something that is not JSON at all. */
const body = fc.oneof(
  fc
    .record({
      title: hostileValue(hugeString(300_000)),
      category: hostileValue(),
      content: hostileValue(hugeString(3_000_000)),
      keywords: hostileValue(),
      is_hot: hostileValue(),
      at: hostileValue(),
      reason: hostileValue(),
      username: hostileValue(),
      password: hostileValue(),
    })
    .map((r) =>
      JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, JSON.parse(toJson(v))]))),
    ),
  hostileValue().map(toJson),
  malformedBody,
);

describe('generated bad input on /admin/api', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let articleId: number;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const out: string[] = [];
    await runAdmin(
      ['editor', 'add', 'fuzzer', '--role', 'admin', '--password', 'fuzz-pass-2026'],
      t.app.database,
      {
        out: (l) => out.push(l),
        err: (l) => out.push(l),
      },
    );
    const login = await t.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { username: 'fuzzer', password: 'fuzz-pass-2026' },
    });
    const cookie = login.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!;
    headers = {
      cookie: `${ADMIN_SESSION_COOKIE}=${cookie.value}`,
      [CSRF_HEADER]: login.json<{ csrfToken: string }>().csrfToken,
    };
    const created = await t.inject({
      method: 'POST',
      url: '/admin/api/articles',
      headers,
      payload: { title: '模糊测试稿件', category: 'AI', content: '<p>正文</p>' },
    });
    articleId = created.json<{ id: number }>().id;
  });
  afterAll(async () => t?.close());

  for (const route of ROUTES) {
    it(`${route.method} ${route.path}`, async () => {
      const request = fc.record({
        verb: method(route.method),
        id: pathId(articleId),
        rev: pathId(1),
        query: hostileQuery,
        body,
        type: contentType,
      });
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const url = `/admin/api${route.path.replace(':id', r.id).replace(':rev', r.rev)}${r.query ? `?${r.query}` : ''}`;
          const options: InjectOptions = {
            method: r.verb,
            url,
            headers: { ...headers, ...(r.type === undefined ? {} : { 'content-type': r.type }) },
            ...(r.verb === 'GET' || r.verb === 'HEAD' ? {} : { payload: r.body }),
          };
          const describeRequest = () => `${r.verb} ${url.slice(0, 300)}`;
          const res = await withinTime(t.inject(options), HANG_MS, describeRequest);
          if (res.statusCode >= 500)
            throw new Error(
              `server error ${res.statusCode} for ${describeRequest()}: ${res.body.slice(0, 300)}`,
            );
          if (res.statusCode < 400 || r.verb === 'HEAD') return;
          let message: unknown;
          try {
            message = res.json<{ message?: unknown }>().message;
          } catch {
            throw new Error(
              `refusal ${res.statusCode} is not JSON for ${describeRequest()}: ${res.body.slice(0, 200)}`,
            );
          }
          if (typeof message !== 'string' || !CHINESE.test(message)) {
            throw new Error(
              `refusal ${res.statusCode} without a Chinese message for ${describeRequest()}: ${res.body.slice(0, 200)}`,
            );
          }
        }),
        { numRuns: fuzzRuns(ADMIN_FUZZ_RUNS), seed: fuzzSeed(), endOnFailure: true },
      );
    }, 300_000);
  }
});
