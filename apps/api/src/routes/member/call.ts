import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnyObjectSchema, InferType } from 'yup';
import type { Envelope } from '@portal/api-client/codes';
import { endpoints, type Data, type EndpointName } from '@portal/api-client/contract';

/**
 * Registers `/api/{name}` for a member-area call with the method and access level of `endpoints`
 * (like lib/route.ts defineCall) and the call's own yup schema from @portal/api-client/schemas —
 * the spec section 5 rules shared with the formik forms. The access hooks of plugins/auth.ts run
 * first (stoken check), then the schema strips unknown keys (stoken, member_id, read-only fields).
 */
export function defineMemberCall<N extends EndpointName, S extends AnyObjectSchema>(
  app: FastifyInstance,
  name: N,
  schema: S,
  handler: (payload: InferType<S>, request: FastifyRequest) => Promise<Envelope<Data<N>>>,
): void {
  const spec = endpoints[name];
  app.route({
    method: spec.method,
    url: `/api/${name}`,
    schema: spec.method === 'GET' ? { querystring: schema } : { body: schema },
    config: { call: name, access: spec.access },
    handler: async (request) =>
      handler((spec.method === 'GET' ? request.query : request.body) as InferType<S>, request),
  });
}

/** The member of the request's stoken (set by the auth hook for `member` calls). */
export function memberOf(request: FastifyRequest): number {
  const id = request.memberId;
  // Unreachable for member routes: the hook answers 10001 first. Guarding keeps the type honest.
  if (id === null) throw new Error('member route without a member session');
  return id;
}
