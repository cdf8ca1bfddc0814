import type { FastifyInstance, FastifyRequest } from 'fastify';
import { object, type AnySchema, type InferType } from 'yup';
import type { Envelope } from '@portal/api-client/codes';
import {
  endpoints,
  type Access,
  type Data,
  type EndpointName,
  type Payload,
} from '@portal/api-client/contract';
import { payloadSchemas } from '@portal/api-client/payloads';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call this route serves (set by defineCall). */
    call?: EndpointName;
    /** Who may call it (from `endpoints`); hooks in plugins/auth.ts enforce it. */
    access?: Access;
  }
}

export interface CallOptions {
  /** Serve from the short read cache (public reads whose answer does not depend on the caller). */
  cache?: boolean;
}

export type CallHandler<N extends EndpointName> = (
  payload: Payload<N>,
  request: FastifyRequest,
) => Promise<Envelope<Data<N>>>;

const EMPTY = object({});

/**
 * Registers `/api/{name}` with the method and access level of `endpoints` and the yup payload
 * schema of `payloadSchemas` (query for GET, body otherwise). The handler gets the validated payload.
 */
export function defineCall<N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  handler: CallHandler<N>,
  options: CallOptions = {},
): void {
  const spec = endpoints[name];
  const schema: AnySchema = (payloadSchemas as Partial<Record<EndpointName, AnySchema>>)[name] ?? EMPTY;
  const useCache = options.cache === true && spec.access === 'public';
  app.route({
    method: spec.method,
    url: `/api/${name}`,
    schema: spec.method === 'GET' ? { querystring: schema } : { body: schema },
    config: { call: name, access: spec.access },
    handler: async (request) => {
      const payload = (spec.method === 'GET' ? request.query : request.body) as Payload<N>;
      if (!useCache) return handler(payload, request);
      return app.readCache.wrap(name, JSON.stringify(payload), () => handler(payload, request));
    },
  });
}

/**
 * Like defineCall, for a call validated by its own yup schema (the spec section 5 rules shared
 * with the forms in @portal/api-client/schemas, or a landing schema). The access hooks of
 * plugins/auth.ts run first; the schema then strips unknown keys (stoken, member_id, read-only fields).
 */
export function defineSchemaCall<N extends EndpointName, S extends AnySchema>(
  app: FastifyInstance,
  name: N,
  schema: S,
  handler: (payload: InferType<S>, request: FastifyRequest) => Promise<Envelope<Data<N>>>,
  options: { bodyLimit?: number } = {},
): void {
  const spec = endpoints[name];
  app.route({
    method: spec.method,
    url: `/api/${name}`,
    // A call whose payload may exceed the app-wide limit (lib/body-limits.ts) raises its own.
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    schema: spec.method === 'GET' ? { querystring: schema } : { body: schema },
    config: { call: name, access: spec.access },
    handler: async (request) =>
      handler((spec.method === 'GET' ? request.query : request.body) as InferType<S>, request),
  });
}
