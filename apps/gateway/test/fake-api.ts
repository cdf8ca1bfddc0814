import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Registry } from 'prom-client';
import { endpoints, type EndpointName } from '@portal/api-client/contract';

/**
 * A stand-in for the API the gateway hosts (apps/api buildApp), with what the gateway uses of it:
 * routes the test adds under `/api/{name}`, `invoke` (the loaders' in-process calls, answered here by
 * those same routes), `contentChanges` (a change makes its cached pages stale) and `metrics`.
 */
export function fakeApi(options: FastifyServerOptions = {}): FastifyInstance {
  const api = Fastify(options);
  const listeners = new Set<() => void>();
  let version = 1;
  api.decorate('contentChanges', {
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onAnnounce: () => () => false,
    version: () => String(version),
    async announce() {
      version += 1;
      for (const listener of listeners) listener();
    },
  });
  // The gateway serves the API's registry with its own; nothing else of the API's metrics.
  api.decorate('metrics', { registry: new Registry() } as unknown as FastifyInstance['metrics']);
  const invoke = async (name: EndpointName, payload: unknown) => {
    const { method } = endpoints[name];
    const res = await api.inject(
      method === 'GET'
        ? { method, url: `/api/${name}`, query: payload as Record<string, string> }
        : { method, url: `/api/${name}`, payload: (payload ?? {}) as object },
    );
    return res.json();
  };
  api.decorate('invoke', invoke as FastifyInstance['invoke']);
  return api;
}
