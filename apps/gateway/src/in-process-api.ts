import type { FastifyInstance } from 'fastify';
import { createApi, endpoints, ErrorCode, ERROR_MESSAGES, type Api, type Envelope, type Transport } from '@portal/api-client';

export interface InProcessApiOptions {
  clientId: string;
  clientSecret: string;
  /** Renew this long before the token expires. */
  renewBeforeMs?: number;
  now?: () => number;
}

interface Token {
  value: string;
  expiresAt: number;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

function failure(msg: string): Envelope<never> {
  return { code: ErrorCode.ServerError, msg, data: undefined as never };
}

/**
 * The loaders' API under the gateway: every call is a fastify.inject on the API instance (no
 * socket, no HTTP hop) with a Bearer token bought through accessToken and renewed before expiry.
 * A call answered "token invalid" buys a fresh token and is retried once.
 */
export function createInProcessApi(app: FastifyInstance, options: InProcessApiOptions): Api {
  const now = options.now ?? Date.now;
  const renewBeforeMs = options.renewBeforeMs ?? 60_000;
  let token: Token | null = null;
  let buying: Promise<Token> | null = null;

  async function buy(): Promise<Token> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/accessToken',
      payload: { id: options.clientId, secret: options.clientSecret },
    });
    const body: unknown = res.json();
    if (!isEnvelope(body) || body.code !== 0) {
      throw new Error(`accessToken refused: ${isEnvelope(body) ? `${body.code} ${body.msg}` : res.statusCode}`);
    }
    const data = body.data as { access_token: string; expires_in: number };
    // expires_in is in seconds; renew early, but never sooner than half the lifetime.
    const lifetime = data.expires_in * 1000;
    return { value: data.access_token, expiresAt: now() + Math.max(lifetime / 2, lifetime - renewBeforeMs) };
  }

  async function current(force = false): Promise<string> {
    if (!force && token && token.expiresAt > now()) return token.value;
    buying ??= buy().finally(() => {
      buying = null;
    });
    token = await buying;
    return token.value;
  }

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
      let res = await send(name, payload, await current());
      let body: unknown = res.json();
      if (isEnvelope(body) && body.code === ErrorCode.TokenInvalid) {
        res = await send(name, payload, await current(true));
        body = res.json();
      }
      return isEnvelope(body) ? body : failure(ERROR_MESSAGES[ErrorCode.ServerError]);
    } catch (error) {
      app.log.error({ err: error, call: name }, 'in-process api call failed');
      return failure(ERROR_MESSAGES[ErrorCode.ServerError]);
    }
  }) as Transport;

  return createApi(transport);
}
