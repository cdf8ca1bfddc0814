/**
 * What never reaches a log line (issue 11, hole 8): stokens, passwords, client secrets, access
 * tokens, SMS codes, cookies and the Authorization header. One list for the API's and the gateway's
 * loggers, applied to request URLs (the spec still lets a client put stoken in a GET query) and to
 * every object a log call carries.
 */

/** The placeholder written instead of a secret value. */
export const REDACTED = '[REDACTED]';

/** Names whose values are secrets wherever they appear (query, body, header, log field). */
const SECRET_NAME =
  /stoken|token|secret|pass(?:word)?|pwd|authorization|cookie|captcha|drag_verify|^user_id$/i;
/**
 * Names that are secrets inside a request's payload or URL only: `code` is the SMS code there, but
 * a log line's own `code` field is an error code worth keeping.
 */
const PAYLOAD_SECRET_NAME = /^(?:code|sms_code|mobile_code)$/i;
/** Log fields that hold a request payload, whose `code` is therefore the SMS code. */
const PAYLOAD_FIELD = /^(?:body|query|payload|params|form|fields|data)$/i;
/** Log fields that hold a URL (Fastify's req.url, error messages of proxies, our own lines). */
const URL_FIELD = /^(?:url|originalUrl|location|href)$/i;
/** How deep a logged object is scrubbed; deeper values are replaced, never written unscrubbed. */
const MAX_DEPTH = 6;

export function isSecretName(name: string, inPayload = true): boolean {
  return SECRET_NAME.test(name) || (inPayload && PAYLOAD_SECRET_NAME.test(name));
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** The URL with the value of every secret query parameter replaced: `/api/x?page=1&stoken=[REDACTED]`. */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const start = withoutHash.indexOf('?');
  if (start === -1) return withoutHash;
  const query = withoutHash
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return isSecretName(decodeName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  // The fragment never reaches a server; dropping it keeps a pasted secret out too.
  return `${withoutHash.slice(0, start)}?${query}`;
}

/** A copy of a logged value with every secret replaced (objects, arrays, URLs in url fields). */
export function scrubSecrets(value: unknown, inPayload = false, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => scrubSecrets(item, inPayload, depth + 1));
  // Instances (requests, replies, errors) are left to their serializers, which read getters and
  // prototype fields a copy would lose; the req serializer below redacts the URL itself.
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (isSecretName(key, inPayload)) out[key] = REDACTED;
    else if (typeof item === 'string' && URL_FIELD.test(key)) out[key] = redactUrl(item);
    else out[key] = scrubSecrets(item, inPayload || PAYLOAD_FIELD.test(key), depth + 1);
  }
  return out;
}

/** The request as a log serializer sees it (a Fastify request; only these fields are read). */
export interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's default `req` serializer, with the URL's secrets redacted. Headers are never logged. */
export function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Pino options (Fastify's `logger`) that keep secrets out of every line: the request serializer
 * redacts URLs, and every logged object is scrubbed by name before it is written.
 */
export function redactingLoggerOptions(level: string) {
  return {
    level,
    serializers: { req: serializeRequest },
    formatters: { log: (object: Record<string, unknown>) => scrubSecrets(object) as Record<string, unknown> },
  };
}
