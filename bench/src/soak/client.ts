/**
 * The soak's HTTP side: calls `/api/{name}` on the gateway like the front ends do, each request
 * from its own client address. The soak server runs with TRUST_PROXY=127.0.0.1 (the loopback
 * proxy is trusted, as nginx would be), so `X-Forwarded-For` gives every simulated reader its own
 * per-IP budget: mass registrations are not refused, and no limit is switched off.
 */
import type { Envelope } from '@portal/api-client/codes';
import type { EndpointName } from '@portal/api-client/contract';
import { endpoints } from '@portal/api-client/contract';

/** A request that takes longer than this failed (the server is being killed under it). */
const REQUEST_TIMEOUT_MS = 15_000;

let addressSeq = 0;
/** A distinct client address per call: 10.x.y.z from a counter. */
export function nextAddress(): string {
  const n = addressSeq++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export interface Client {
  base: string;
  token: string;
}

export async function connect(base: string, clientId: string, clientSecret: string): Promise<Client> {
  const res = await fetch(`${base}/api/accessToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({ id: clientId, secret: clientSecret }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = (await res.json()) as Envelope<{ access_token: string }>;
  if (body.code !== 0) throw new Error(`accessToken: ${body.code} ${body.msg}`);
  return { base, token: body.data.access_token };
}

/** Calls one API call; resolves with the envelope, rejects on network errors and timeouts. */
export async function call<T>(
  client: Client,
  name: EndpointName,
  payload: Record<string, unknown>,
): Promise<Envelope<T>> {
  const method = endpoints[name].method;
  const headers: Record<string, string> = {
    authorization: `Bearer ${client.token}`,
    'x-forwarded-for': nextAddress(),
  };
  let url = `${client.base}/api/${name}`;
  let body: string | undefined;
  if (method === 'GET') {
    url += `?${new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(payload);
  }
  const res = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  return (await res.json()) as Envelope<T>;
}
