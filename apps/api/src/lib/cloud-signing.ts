import { createHash, createHmac } from 'node:crypto';

/**
 * Request signing of the two Chinese clouds' APIs, written once for every provider that calls them
 * (SMS, CDN purge). Only node:crypto: no SDK for a few dozen lines.
 */

/** RFC 3986 encoding, as Aliyun's RPC signature requires (encodeURIComponent leaves !'()* alone). */
export const aliyunPercent = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Aliyun's RPC signature (version 1.0, HMAC-SHA1): the parameters sorted by name and encoded into
 * the canonical query, signed as `METHOD&%2F&<encoded query>` with `<AccessKeySecret>&`. Returns the
 * canonical query (without Signature) and the signature; the caller sends both.
 */
export function aliyunRpcSignature(
  method: 'GET' | 'POST',
  params: Readonly<Record<string, string>>,
  accessKeySecret: string,
): { query: string; signature: string } {
  const query = Object.keys(params)
    .sort()
    .map((k) => `${aliyunPercent(k)}=${aliyunPercent(params[k]!)}`)
    .join('&');
  const toSign = `${method}&${aliyunPercent('/')}&${aliyunPercent(query)}`;
  const signature = createHmac('sha1', `${accessKeySecret}&`).update(toSign).digest('base64');
  return { query, signature };
}

/** Aliyun's Timestamp parameter: UTC, to the second. */
export const aliyunTimestamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();

/** Content-Type of every Tencent Cloud API 3.0 call made here (part of the signature). */
const TC3_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Tencent Cloud API 3.0's TC3-HMAC-SHA256 Authorization header of a JSON POST to `host` (the
 * Host header sent, port included when there is one), signing content-type and host.
 */
function tc3Authorization(request: {
  secretId: string;
  secretKey: string;
  /** The product: "sms", "cdn". */
  service: string;
  host: string;
  body: string;
  /** Unix seconds (the X-TC-Timestamp header). */
  timestamp: number;
}): string {
  const date = new Date(request.timestamp * 1000).toISOString().slice(0, 10);
  const canonical = [
    'POST',
    '/',
    '',
    `content-type:${TC3_CONTENT_TYPE}\nhost:${request.host}\n`,
    'content-type;host',
    sha256hex(request.body),
  ].join('\n');
  const scope = `${date}/${request.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(request.timestamp), scope, sha256hex(canonical)].join('\n');
  const kDate = hmac(`TC3${request.secretKey}`, date);
  const kService = hmac(kDate, request.service);
  const kSigning = hmac(kService, 'tc3_request');
  const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${request.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

/**
 * One Tencent Cloud API 3.0 call: `payload` as the JSON body POSTed to the root of `origin`, with
 * the action, version and time headers (and `headers`: the region, …), signed by tc3Authorization.
 */
export function tc3Request(call: {
  secretId: string;
  secretKey: string;
  /** The product: "sms", "cdn". */
  service: string;
  /** The API's origin ("https://cdn.tencentcloudapi.com"). */
  origin: URL;
  action: string;
  version: string;
  payload: unknown;
  /** The provider's clock, in ms. */
  now: number;
  headers?: Record<string, string>;
}): { url: string; headers: Record<string, string>; body: string } {
  const body = JSON.stringify(call.payload);
  const timestamp = Math.floor(call.now / 1000);
  const authorization = tc3Authorization({
    secretId: call.secretId,
    secretKey: call.secretKey,
    service: call.service,
    host: call.origin.host,
    body,
    timestamp,
  });
  return {
    url: `${call.origin.origin}/`,
    body,
    headers: {
      Authorization: authorization,
      'Content-Type': TC3_CONTENT_TYPE,
      'X-TC-Action': call.action,
      'X-TC-Version': call.version,
      'X-TC-Timestamp': String(timestamp),
      ...call.headers,
    },
  };
}
