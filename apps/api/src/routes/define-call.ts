import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { object, type AnySchema, type InferType } from 'yup';
import { ErrorCode, type Envelope } from '@portal/api-client/codes';
import {
  endpoints,
  type Access,
  type Data,
  type EndpointName,
  type Payload,
} from '@portal/api-client/contract';
import { payloadSchemas } from '@portal/api-client/payloads';
import { errorEnvelope, holdsNul } from '../plugins/errors';
import { failure } from '@portal/api-client/envelope';
import { validatePayload } from '../lib/validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call this route serves (set by defineCall). */
    call?: EndpointName;
    /** Who may call it (from `endpoints`); hooks in plugins/auth.ts enforce it. */
    access?: Access;
  }
  interface FastifyInstance {
    /** Every call defined on this instance, for invokeCall (the gateway's in-process loaders). */
    calls: Map<EndpointName, RegisteredCall>;
    /** invokeCall on this instance: what the gateway's loaders call. */
    invoke: <N extends EndpointName>(
      name: N,
      payload: Payload<N>,
      caller: InProcessCaller,
    ) => Promise<Envelope<Data<N>>>;
  }
}

/** What a call's handler reads of its request: the same over HTTP and in-process. */
export type CallRequest = Pick<FastifyRequest, 'ip' | 'log' | 'memberId'>;

/** A defined call as invokeCall runs it: the validated payload through its handler (and read cache). */
interface RegisteredCall {
  access: Access;
  schema: AnySchema;
  run(payload: unknown, request: CallRequest): Promise<Envelope<unknown>>;
}

/** Who is calling in-process: the reader's address (rate limits, logs) and the request's logger. */
export interface InProcessCaller {
  ip: string;
  log: FastifyBaseLogger;
}

/**
 * Runs a public call in-process, as `POST|GET /api/{name}` would answer it but without the
 * transport: no access token (the gateway is the API's own process), no inject, no JSON round trip.
 * The payload is validated by the same schema and refused by the same rules; the answer is the
 * handler's envelope itself (cached answers are shared, and frozen so no caller can change them).
 * Member and vendor calls need an identity, which server rendering never has (the member session
 * lives in the browser): they are refused as the HTTP API refuses a call without one.
 */
export async function invokeCall<N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  payload: Payload<N>,
  caller: InProcessCaller,
): Promise<Envelope<Data<N>>> {
  const call = app.calls.get(name);
  if (!call) return failure(ErrorCode.UnknownCall) as Envelope<Data<N>>;
  if (call.access !== 'public') return failure(ErrorCode.SessionInvalid) as Envelope<Data<N>>;
  if (holdsNul(payload)) return failure(ErrorCode.BadRequest) as Envelope<Data<N>>;
  const checked = validatePayload(call.schema, payload);
  try {
    if ('error' in checked) throw checked.error;
    return (await call.run(checked.value, { ...caller, memberId: null })) as Envelope<Data<N>>;
  } catch (error) {
    return errorEnvelope(error as Error, caller.log, name).body as Envelope<Data<N>>;
  }
}

/** Gives an instance its call registry and `invoke`; routes registered in any scope below fill it. */
export function decorateCalls(app: FastifyInstance): void {
  app.decorate('calls', new Map());
  app.decorate('invoke', (name, payload, caller) => invokeCall(app, name, payload, caller));
}

export interface CallOptions {
  /** Serve from the short read cache (public reads whose answer does not depend on the caller). */
  cache?: boolean;
}

export type CallHandler<N extends EndpointName> = (
  payload: Payload<N>,
  request: CallRequest,
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
  const run = (payload: Payload<N>, request: CallRequest) =>
    useCache
      ? app.readCache.wrap(name, JSON.stringify(payload), () => handler(payload, request))
      : handler(payload, request);
  app.calls.set(name, { access: spec.access, schema, run: run as RegisteredCall['run'] });
  app.route({
    method: spec.method,
    url: `/api/${name}`,
    schema: spec.method === 'GET' ? { querystring: schema } : { body: schema },
    config: { call: name, access: spec.access },
    handler: async (request) =>
      run((spec.method === 'GET' ? request.query : request.body) as Payload<N>, request),
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
  handler: (payload: InferType<S>, request: CallRequest) => Promise<Envelope<Data<N>>>,
  options: { bodyLimit?: number } = {},
): void {
  const spec = endpoints[name];
  app.calls.set(name, { access: spec.access, schema, run: handler as RegisteredCall['run'] });
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
