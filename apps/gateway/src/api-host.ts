import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from '@portal/config';
import { API_PREFIXES, HEALTH_PATHS, SITEMAP_INDEX_PATH, SITEMAPS_PREFIX } from '@portal/routes';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'host',
]);

/**
 * The public API and each prefix app's JSON API (/admin/api), from the route table, the health
 * endpoints (the API answers /readyz, since it holds the database and Redis connections) and the
 * sitemaps (the API streams them from the database).
 */
const API_ROUTES = [
  ...API_PREFIXES.map((prefix) => `${prefix}/*`),
  ...Object.values(HEALTH_PATHS),
  SITEMAP_INDEX_PATH,
  `${SITEMAPS_PREFIX}/*`,
];

/**
 * Mounts /api/*, /admin/api/*, /healthz, /readyz and the sitemaps on the gateway. In-process: the request's raw stream goes straight into the API
 * instance's router (no socket, uploads stream through). Remote (API_URL): a streaming proxy.
 * The scope parses no bodies, so the API sees the untouched request.
 */
export async function mountApi(
  gateway: FastifyInstance,
  target: { app: FastifyInstance } | { url: string },
): Promise<ApiForwarder> {
  let forward: ApiForwarder = async () => {};
  await gateway.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    if ('app' in target) {
      const api = target.app;
      const inProcess = async (request: FastifyRequest, reply: FastifyReply) => {
        // The client's address as the gateway determined it (TRUST_PROXY), the header's only entry:
        // the API believes exactly this one hop and never re-reads what the client sent.
        request.raw.headers['x-forwarded-for'] = request.ip;
        // The API logs under the gateway's request id.
        request.raw.headers[REQUEST_ID_HEADER] = request.id;
        reply.hijack();
        api.routing(request.raw, reply.raw);
      };
      for (const prefix of API_ROUTES) scope.all(prefix, inProcess);
      forward = inProcess;
      return;
    }
    const base = target.url.replace(/(?<!\/)\/+$/, '');
    const proxy = async (request: FastifyRequest, reply: FastifyReply) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name)) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      // Only the address the gateway determined (TRUST_PROXY): whatever the client wrote is not passed on.
      headers.set('x-forwarded-for', request.ip);
      headers.set(REQUEST_ID_HEADER, request.id);
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, redirect: 'manual' };
      if (hasBody) {
        init.body = Readable.toWeb(request.raw) as ReadableStream<Uint8Array>;
        init.duplex = 'half';
      }
      const res = await fetch(`${base}${request.url}`, init);
      reply.code(res.status);
      res.headers.forEach((value, name) => {
        // fetch has already decoded the body, so its encoding and length no longer apply.
        if (
          !HOP_BY_HOP.has(name) &&
          name !== 'content-encoding' &&
          name !== 'content-length' &&
          name !== 'set-cookie'
        ) {
          reply.header(name, value);
        }
      });
      const cookies = res.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(res.body ? Readable.fromWeb(res.body as NodeReadableStream) : null);
    };
    for (const prefix of API_ROUTES) scope.all(prefix, proxy);
    forward = proxy;
  });
  return (request, reply) => forward(request, reply);
}

/** Hands one request (already routed by the gateway, e.g. an upload not on the local disk) to the API. */
export type ApiForwarder = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
