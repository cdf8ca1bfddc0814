/**
 * The React floor of each page kind (issue 27, DESIGN.md section 10 `render_vs_react_floor_*`):
 * the full render as the gateway does it in-process (the app's React Router request handler on
 * the built server bundle, no HTTP) against the same element tree rendered by react-dom/server
 * alone, with the same loader data already in hand.
 *
 * - Loader data: the API answers of one real render are recorded (API_URL, demo database) and
 *   replayed as resolved promises to every later render, so neither side pays for the database
 *   or the network (under the gateway the in-process API's read cache answers the same way).
 * - Full render: `createRequestHandler(build)(new Request(url), context)` and the body read whole,
 *   as apps/gateway/src/render.ts does: matching, loaders, headers/meta, the route manifest
 *   hand-off, the turbo-stream encoding of the loader data and React's render.
 * - Floor: the route components (root Layout + App + the matched route) rendered by
 *   `renderToPipeableStream` (onAllReady, collected like the server entry) inside the static
 *   data-router context they read their loader data from (`StaticRouterProvider hydrate={false}`
 *   with the captured matches and loader data; route objects and router built once, outside the
 *   timing) and React Router's FrameworkContext (for <Meta>, <Links>, <Scripts>, whose manifest
 *   hand-off string is the captured one). Left out: matching, loaders, the loader-data stream
 *   (turbo-stream) and the request/response plumbing.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createApi, type Api } from '@portal/api-client';
import type { Envelope } from '@portal/api-client/codes';
import { endpoints } from '@portal/api-client/contract';
import { accessToken, round } from './api';
import { ROOT } from './proc';

/** One page kind: the app that renders it and its address. */
interface FloorPage {
  page: string;
  kind: 'article' | 'list';
  app: 'desktop' | 'mobile';
  path: string;
  cookie: string;
}

export interface FloorRow {
  page: string;
  kind: FloorPage['kind'];
  /** Full renders per CPU second of the process (sequential). */
  full_rps: number;
  /** Floor renders per CPU second of the process (sequential). */
  floor_rps: number;
  full_ms: number;
  floor_ms: number;
  /** full_rps / floor_rps: the DESIGN.md target is >= 0.5. */
  full_of_floor: number;
  full_bytes: number;
  floor_bytes: number;
}

// Minimal shapes of what this module uses from React, react-dom/server and React Router; they are
// loaded from the app's own dependencies (the same module instances its server bundle uses).
type Element = unknown;
type CreateElement = (
  type: unknown,
  props?: Record<string, unknown> | null,
  ...children: Element[]
) => Element;
interface RouteManifestEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}
interface RouteModule {
  default?: unknown;
  Layout?: unknown;
  ErrorBoundary?: unknown;
  handle?: unknown;
}
interface EntryContext {
  manifest: { routes: Record<string, RouteManifestEntry> };
  routeModules: Record<string, RouteModule>;
  staticHandlerContext: { loaderData: Record<string, unknown> };
  [key: string]: unknown;
}
type HandleRequest = (
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  loadContext: Record<string, unknown>,
) => Promise<Response> | Response;
interface ServerBuild {
  entry: { module: { default: HandleRequest; [key: string]: unknown } };
  [key: string]: unknown;
}
interface Libraries {
  createElement: CreateElement;
  renderToPipeableStream: (
    element: Element,
    options: {
      nonce?: string;
      onAllReady(): void;
      onShellError(e: unknown): void;
      onError(e: unknown): void;
    },
  ) => { pipe(w: Writable): void; abort(): void };
  createRequestHandler: (build: ServerBuild, mode: string) => (r: Request, c: unknown) => Promise<Response>;
  createStaticRouter: (routes: unknown[], context: unknown) => unknown;
  StaticRouterProvider: unknown;
  FrameworkContext: { Provider: unknown };
}

/** React, react-dom/server and react-router as the app's server bundle resolves them. */
async function loadLibraries(app: string): Promise<Libraries> {
  const require = createRequire(path.join(ROOT, 'apps', app, 'package.json'));
  const load = async (name: string) =>
    (await import(pathToFileURL(require.resolve(name)).href)) as Record<string, unknown>;
  const react = await load('react');
  const server = await load('react-dom/server');
  const rr = await load('react-router');
  const pick = <T>(m: Record<string, unknown>, name: string) =>
    (m[name] ?? (m.default as never)?.[name]) as T;
  return {
    createElement: pick(react, 'createElement'),
    renderToPipeableStream: pick(server, 'renderToPipeableStream'),
    createRequestHandler: pick(rr, 'createRequestHandler'),
    createStaticRouter: pick(rr, 'createStaticRouter'),
    StaticRouterProvider: pick(rr, 'StaticRouterProvider'),
    FrameworkContext: pick(rr, 'UNSAFE_FrameworkContext'),
  };
}

/** The page kinds measured: an article and a category list, as a desktop and a phone read them. */
export function floorPages(articleId: number): FloorPage[] {
  return [
    {
      page: 'desktop article',
      kind: 'article',
      app: 'desktop',
      path: `/news/${articleId}`,
      cookie: 'vw=1350',
    },
    { page: 'desktop list', kind: 'list', app: 'desktop', path: '/AI', cookie: 'vw=1350' },
    {
      page: 'mobile article',
      kind: 'article',
      app: 'mobile',
      path: `/new_detail?id=${articleId}`,
      cookie: 'vw=390',
    },
    { page: 'mobile list', kind: 'list', app: 'mobile', path: '/general/694', cookie: 'vw=390' },
  ];
}

/**
 * An Api over HTTP that records each answer once and replays it afterwards (same payload, same
 * object, as the in-process API's read cache hands it out).
 */
function recordingApi(apiUrl: string, token: string): { api: Api; replay: () => void } {
  const answers = new Map<string, Envelope<unknown>>();
  let replaying = false;
  const api = createApi(async (name, payload) => {
    const key = `${name} ${JSON.stringify(payload)}`;
    const known = answers.get(key);
    if (known) return known as never;
    if (replaying) throw new Error(`no recorded answer for ${key}`);
    const get = endpoints[name].method === 'GET';
    const query = get ? `?${new URLSearchParams(payload as Record<string, string>)}` : '';
    const res = await fetch(`${apiUrl}/api/${name}${query}`, {
      method: endpoints[name].method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: get ? undefined : JSON.stringify(payload ?? {}),
    });
    const answer = (await res.json()) as Envelope<unknown>;
    answers.set(key, answer);
    return answer as never;
  });
  return { api, replay: () => (replaying = true) };
}

/** The route objects React Router's ServerRouter builds per render (createServerRoutes), built once. */
function serverRoutes(
  lib: Libraries,
  ctx: EntryContext,
  parentId: string | undefined = undefined,
): unknown[] {
  const h = lib.createElement;
  return Object.values(ctx.manifest.routes)
    .filter((r) => r.parentId === parentId)
    .map((r) => {
      const mod = ctx.routeModules[r.id];
      const root = r.id === 'root' && mod.Layout;
      const children = serverRoutes(lib, ctx, r.id);
      return {
        id: r.id,
        path: r.path,
        index: r.index,
        caseSensitive: r.caseSensitive,
        handle: mod.handle,
        ...(root ? { element: h(mod.Layout, null, h(mod.default)) } : { Component: mod.default }),
        ...(children.length ? { children } : {}),
      };
    });
}

/** Renders an element like the server entry: onAllReady, the document collected into one buffer. */
function renderToBuffer(lib: Libraries, element: Element, nonce: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = lib.renderToPipeableStream(element, {
      nonce,
      onAllReady() {
        const chunks: Buffer[] = [];
        pipe(
          new Writable({
            write(chunk: Buffer, _enc, cb) {
              chunks.push(chunk);
              cb();
            },
            final(cb) {
              resolve(Buffer.concat(chunks));
              cb();
            },
          }),
        );
      },
      onShellError: reject,
      onError: reject,
    });
  });
}

/** What one page kind needs for both renders, prepared once. */
export interface PreparedPage {
  page: FloorPage;
  full: () => Promise<Buffer>;
  floor: () => Promise<Buffer>;
}

const ORIGIN = 'http://127.0.0.1';
const NONCE = 'bench-nonce';

/** Loads the app's build, captures one render's entry context and loader data, and returns both renders. */
export async function preparePage(page: FloorPage, apiUrl: string, client: { id: string; secret: string }) {
  const lib = await loadLibraries(page.app);
  const entry = path.join(ROOT, 'apps', page.app, 'build/server/index.js');
  const build = (await import(pathToFileURL(entry).href)) as ServerBuild;
  let captured: EntryContext | null = null;
  const original = build.entry.module.default;
  const capturing: ServerBuild = {
    ...build,
    entry: {
      ...build.entry,
      module: {
        ...build.entry.module,
        default: (req, status, headers, ctx, load) => {
          captured = ctx;
          return original(req, status, headers, ctx, load);
        },
      },
    },
  };
  const recorder = recordingApi(apiUrl, await accessToken(apiUrl, client));
  const origins = { desktop: ORIGIN, mobile: ORIGIN };
  const context = {
    api: recorder.api,
    cspNonce: NONCE,
    clientCredential: client,
    publicOrigin: ORIGIN,
    publicOrigins: origins,
  };
  const url = ORIGIN + page.path;
  const request = () => new Request(url, { headers: { cookie: page.cookie, 'accept-encoding': 'gzip' } });
  const first = await lib.createRequestHandler(capturing, 'production')(request(), context);
  if (first.status !== 200) throw new Error(`${page.page} ${page.path} answered ${first.status}`);
  await first.arrayBuffer();
  recorder.replay();
  const ctx = captured as EntryContext | null;
  if (!ctx) throw new Error(`${page.page}: the server entry was not called`);

  const handler = lib.createRequestHandler(build, 'production');
  const full = async () => {
    const res = await handler(request(), context);
    return Buffer.from(await res.arrayBuffer());
  };

  const h = lib.createElement;
  const router = lib.createStaticRouter(serverRoutes(lib, ctx), ctx.staticHandlerContext);
  const framework = {
    manifest: ctx.manifest,
    routeModules: ctx.routeModules,
    criticalCss: ctx.criticalCss,
    serverHandoffString: ctx.serverHandoffString,
    future: ctx.future,
    ssr: ctx.ssr,
    isSpaMode: ctx.isSpaMode,
    routeDiscovery: ctx.routeDiscovery,
    nonce: NONCE,
    serializeError: ctx.serializeError,
    renderMeta: ctx.renderMeta,
  };
  const floor = () =>
    renderToBuffer(
      lib,
      h(
        lib.FrameworkContext.Provider,
        { value: framework },
        h(lib.StaticRouterProvider, { router, context: ctx.staticHandlerContext, hydrate: false }),
      ),
      NONCE,
    );
  return { page, full, floor } satisfies PreparedPage;
}

/**
 * Runs `fn` back to back for `seconds` of wall time (after a warm-up of a quarter of that) and
 * answers renders per CPU second of this process: on a machine shared with other work the wall
 * clock also counts the time the process waited for a core, CPU time does not.
 */
export async function rate(fn: () => Promise<unknown>, seconds: number): Promise<number> {
  const warmEnd = Date.now() + (seconds * 1000) / 4;
  while (Date.now() < warmEnd) await fn();
  let n = 0;
  const start = process.cpuUsage();
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    await fn();
    n++;
  }
  const used = process.cpuUsage(start);
  return n / ((used.user + used.system) / 1e6);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Both renders of one prepared page kind on this process, in alternating rounds (full, floor,
 * full, …) so a busy neighbour on the machine slows both alike; each side's median round.
 */
export async function measurePage(p: PreparedPage, seconds: number, rounds = 8): Promise<FloorRow> {
  const fullBytes = (await p.full()).length;
  const floorBytes = (await p.floor()).length;
  // Both code paths compiled by the JIT before any round counts.
  await rate(p.full, Math.max(1, seconds / 4));
  await rate(p.floor, Math.max(1, seconds / 4));
  const full: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < rounds; i++) {
    full.push(await rate(p.full, seconds / rounds));
    floor.push(await rate(p.floor, seconds / rounds));
  }
  const fullRps = median(full);
  const floorRps = median(floor);
  return {
    page: p.page.page,
    kind: p.page.kind,
    full_rps: round(fullRps, 1),
    floor_rps: round(floorRps, 1),
    full_ms: round(1000 / fullRps, 2),
    floor_ms: round(1000 / floorRps, 2),
    full_of_floor: round(fullRps / floorRps, 3),
    full_bytes: fullBytes,
    floor_bytes: floorBytes,
  };
}
