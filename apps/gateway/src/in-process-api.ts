import type { FastifyInstance } from 'fastify';
import { createApi, endpoints, ErrorCode, type Api, type Envelope, type Transport } from '@portal/api-client';
import { createAccessTokens, sendWithToken, type TokenGrant } from '@portal/api-client/access-token';
import { failure, isEnvelope } from '@portal/api-client/envelope';

export interface InProcessApiOptions {
  clientId: string;
  clientSecret: string;
  /** Renew this long before the token expires. */
  renewBeforeMs?: number;
  now?: () => number;
}

/**
 * The loaders' API under the gateway: every call is a fastify.inject on the API instance (no
 * socket, no HTTP hop) with a Bearer token bought through accessToken and renewed before expiry.
 * A call answered "token invalid" buys a fresh token and is retried once.
 */
export function createInProcessApi(app: FastifyInstance, options: InProcessApiOptions): Api {
  const tokens = createAccessTokens({
    now: options.now,
    renewBeforeMs: options.renewBeforeMs,
    buy: async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/accessToken',
        payload: { id: options.clientId, secret: options.clientSecret },
      });
      const body: unknown = res.json();
      return isEnvelope(body) ? (body as Envelope<TokenGrant | null>) : failure(ErrorCode.ServerError);
    },
  });

  async function send(name: string, payload: unknown, bearer: string) {
    const { method } = endpoints[name as keyof typeof endpoints];
    const headers = { authorization: `Bearer ${bearer}` };
    if (method === 'GET') {
      const query: Record<string, string> = {};
      for (const [k, v] of Object.entries((payload ?? {}) as Record<string, unknown>)) {
        if (v !== undefined && v !== null) query[k] = String(v);
      }
      return app.inject({ method, url: `/api/${name}`, query, headers });
    }
    return app.inject({ method, url: `/api/${name}`, payload: (payload ?? {}) as object, headers });
  }

  const transport = (async (name: string, payload: unknown) => {
    try {
      const res = await sendWithToken(tokens, async (bearer) => {
        const body: unknown = (await send(name, payload, bearer)).json();
        return isEnvelope(body) ? body : failure(ErrorCode.ServerError);
      });
      if (res.code === ErrorCode.ClientInvalid) {
        // The gateway's own credential was refused: a configuration error worth a log line.
        app.log.error({ call: name }, `accessToken refused: ${res.code} ${res.msg}`);
        return failure(ErrorCode.ServerError);
      }
      return res;
    } catch (error) {
      app.log.error({ err: error, call: name }, 'in-process api call failed');
      return failure(ErrorCode.ServerError);
    }
  }) as Transport;

  return createApi(transport);
}
