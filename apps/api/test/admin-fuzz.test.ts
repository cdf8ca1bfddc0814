import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_KINDS, RESOURCES, type ResourceDecl } from '@portal/api-client/admin-resources';
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
import { editorSession, writeHeaders } from './editor-helpers';
import { startTestApp, type TestApp } from './helpers';
import { servedRoutes } from './served-routes';

/**
 * Generated bad input for every `/admin/api` route (issue 13 on issue 11's suite), sent by a signed-in
 * admin with a valid CSRF token so validation and handlers are reached: hostile path ids, queries,
 * bodies, content types and methods. Zero 5xx, zero hangs, every refusal `{message}` in Chinese.
 */
const ADMIN_FUZZ_RUNS = 60;
/** Runs per generic resource route (issue 14): 19 kinds share one handler set, so fewer each. */
const RESOURCE_FUZZ_RUNS = 15;
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
  { method: 'POST', path: '/review/columns/:id/reject' },
  { method: 'POST', path: '/review/articles/:id/approve' },
  { method: 'POST', path: '/review/articles/:id/reject' },
  { method: 'GET', path: '/leads/sources' },
  { method: 'GET', path: '/leads' },
  { method: 'GET', path: '/leads.csv' },
  { method: 'GET', path: '/leads.xlsx' },
  { method: 'GET', path: '/leads/:id/phone' },
  { method: 'GET', path: '/reports/:id/subscribers' },
  { method: 'GET', path: '/reports/:id/subscribers.csv' },
  { method: 'GET', path: '/reports/:id/send' },
  { method: 'POST', path: '/reports/:id/send' },
  { method: 'GET', path: '/stats/overview' },
  { method: 'GET', path: '/stats/articles' },
  { method: 'GET', path: '/stats/articles/:id' },
  { method: 'GET', path: '/search-push' },
  { method: 'POST', path: '/articles/:id/unpublish-at' },
  { method: 'GET', path: '/presence' },
  { method: 'POST', path: '/presence' },
  { method: 'DELETE', path: '/presence' },
  { method: 'GET', path: '/session/captcha' },
];
/** Left out on purpose: the logout would end the session the rest of the run needs. */
const LOGOUT = { method: 'DELETE', path: '/session' };

/** The generic resource routes of every declared kind, with a body of that kind's fields. */
const RESOURCE_ROUTES: { method: HttpVerb; path: string; fields: string[] }[] = RESOURCE_KINDS.flatMap(
  (kind) => {
    const decl: ResourceDecl = RESOURCES[kind];
    const fields = decl.fields.map((f) => f.name);
    const routes: { method: HttpVerb; path: string; fields: string[] }[] = [
      { method: 'GET', path: `/${kind}`, fields },
      { method: 'GET', path: `/${kind}/:id`, fields },
    ];
    if (decl.create !== false && kind !== 'audit-log')
      routes.push({ method: 'POST', path: `/${kind}`, fields });
    if (decl.update !== false && kind !== 'audit-log')
      routes.push({ method: 'PUT', path: `/${kind}/:id`, fields });
    if (decl.remove !== false && kind !== 'audit-log')
      routes.push({ method: 'DELETE', path: `/${kind}/:id`, fields });
    if (decl.ordered)
      routes.push(
        { method: 'POST', path: `/${kind}/order`, fields: ['ids'] },
        { method: 'POST', path: `/${kind}/move`, fields: ['id', 'position'] },
      );
    return routes;
  },
);
RESOURCE_ROUTES.push({ method: 'GET', path: '/members/:id/phone', fields: [] });
// The sensitive-word dictionary's own calls (issue 26): import (text or anything else), export, check.
RESOURCE_ROUTES.push(
  { method: 'POST', path: '/sensitive-words/import', fields: ['word', 'level'] },
  { method: 'GET', path: '/sensitive-words/export', fields: [] },
  { method: 'POST', path: '/sensitive-words/check', fields: ['title', 'description', 'content'] },
);

/** A resource body: the kind's own fields with hostile values (nested lists included), or any bad body. */
const resourceBody = (fields: string[]) =>
  fc.oneof(
    fc
      .record(Object.fromEntries(fields.map((f) => [f, hostileValue(hugeString(100_000))])))
      .map((r) =>
        JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, JSON.parse(toJson(v))]))),
      ),
    fc
      .array(
        fc.record({
          field_name: hostileValue(),
          label: hostileValue(),
          type: hostileValue(),
          options: hostileValue(),
        }),
        {
          maxLength: 5,
        },
      )
      .map((entries) => {
        const list = `[${entries.map((e) => JSON.stringify(Object.fromEntries(Object.entries(e).map(([k, v]) => [k, JSON.parse(toJson(v))])))).join(',')}]`;
        return `{"activity_id":1,"title":"表单","form":${list},"items":${list},"ids":${list}}`;
      }),
    body,
  );

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
    headers = writeHeaders(await editorSession(t, 'fuzzer', 'admin'));
    const created = await t.inject({
      method: 'POST',
      url: '/admin/api/articles',
      headers,
      payload: { title: '模糊测试稿件', category: 'AI', content: '<p>正文</p>' },
    });
    articleId = created.json<{ id: number }>().id;
  });
  afterAll(async () => t?.close());

  it('covers every route the back office serves', () => {
    const fuzzed = new Set([...ROUTES, ...RESOURCE_ROUTES, LOGOUT].map((r) => `${r.method} ${r.path}`));
    const served = servedRoutes(t.app, '/admin/api').map((r) => `${r.method} ${r.path}`);
    expect(served.length).toBeGreaterThan(ROUTES.length);
    expect(served.filter((route) => !fuzzed.has(route))).toEqual([]);
  });

  for (const route of RESOURCE_ROUTES) {
    it(`${route.method} ${route.path}`, async () => {
      const request = fc.record({
        verb: method(route.method),
        id: fc.oneof(pathId(1), fc.constantFrom('seo:index', 'footer:%E7%94%B5%E8%AF%9D', 'acme')),
        query: hostileQuery,
        body: resourceBody(route.fields),
        type: contentType,
      });
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const url = `/admin/api${route.path.replace(':id', r.id)}${r.query ? `?${r.query}` : ''}`;
          await expectRefusal(r.verb, url, r.type, r.body);
        }),
        { numRuns: fuzzRuns(RESOURCE_FUZZ_RUNS), seed: fuzzSeed(), endOnFailure: true },
      );
    }, 300_000);
  }

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
          await expectRefusal(r.verb, url, r.type, r.body);
        }),
        { numRuns: fuzzRuns(ADMIN_FUZZ_RUNS), seed: fuzzSeed(), endOnFailure: true },
      );
    }, 300_000);
  }

  /** No 5xx, no hang, and every refusal is JSON `{message}` in Chinese. */
  async function expectRefusal(
    verb: HttpVerb | 'HEAD',
    url: string,
    type: string | undefined,
    payload: string,
  ) {
    const options: InjectOptions = {
      method: verb,
      url,
      headers: { ...headers, ...(type === undefined ? {} : { 'content-type': type }) },
      ...(verb === 'GET' || verb === 'HEAD' ? {} : { payload }),
    };
    const describeRequest = () => `${verb} ${url.slice(0, 300)}`;
    const res = await withinTime(t.inject(options), HANG_MS, describeRequest);
    if (res.statusCode >= 500)
      throw new Error(`server error ${res.statusCode} for ${describeRequest()}: ${res.body.slice(0, 300)}`);
    if (res.statusCode < 400 || verb === 'HEAD') return;
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
  }
});
