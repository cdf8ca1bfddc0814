import type { WechatSettings } from '@portal/config';

/** How long one call to WeChat's API may take, body included; past it the call fails as 'timeout'. */
export const WECHAT_TIMEOUT_MS = 5000;
/** WeChat's answers are a few hundred bytes; anything far larger is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** A credential WeChat issued and how long it lives. */
export interface Issued {
  value: string;
  expiresInS: number;
}

/**
 * A failed call to WeChat's API. `code` is WeChat's errcode (40001/40125 bad secret, 40164 IP not
 * whitelisted, 45009 quota…) or what went wrong on the way: 'timeout', 'network', 'http-<status>',
 * 'garbled' (not JSON, or JSON without the expected fields).
 */
export class WechatApiError extends Error {
  constructor(
    readonly step: 'stable_token' | 'getticket',
    readonly code: number | string,
    detail: string,
  ) {
    super(`WeChat ${step} failed (${String(code)}): ${detail}`);
    this.name = 'WechatApiError';
  }
}

interface Answer {
  errcode?: unknown;
  errmsg?: unknown;
  access_token?: unknown;
  ticket?: unknown;
  expires_in?: unknown;
}

async function call(
  step: WechatApiError['step'],
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Answer> {
  let text: string;
  try {
    // The signal covers the whole exchange: a server that sends headers and then stalls is cut too.
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new WechatApiError(step, `http-${res.status}`, res.statusText);
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > MAX_ANSWER_BYTES) throw new WechatApiError(step, 'garbled', `${length} bytes`);
    text = await res.text();
  } catch (error) {
    if (error instanceof WechatApiError) throw error;
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new WechatApiError(step, 'timeout', `no answer within ${timeoutMs} ms`);
    }
    throw new WechatApiError(step, 'network', (error as Error).message);
  }
  if (text.length > MAX_ANSWER_BYTES) throw new WechatApiError(step, 'garbled', `${text.length} characters`);
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new WechatApiError(step, 'garbled', JSON.stringify(text.slice(0, 80)));
  }
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
    throw new WechatApiError(step, 'garbled', JSON.stringify(text.slice(0, 80)));
  }
  const a = answer as Answer;
  if (a.errcode !== undefined && a.errcode !== 0) {
    const code = typeof a.errcode === 'number' ? a.errcode : 'garbled';
    throw new WechatApiError(step, code, String(a.errmsg ?? '').slice(0, 200));
  }
  return a;
}

/** The credential in `field` with its lifetime, or 'garbled' when the answer lacks them. */
function issued(step: WechatApiError['step'], answer: Answer, field: 'access_token' | 'ticket'): Issued {
  const value = answer[field];
  const expiresInS = answer.expires_in;
  if (
    typeof value !== 'string' ||
    value.length === 0 ||
    value.length > 1024 ||
    typeof expiresInS !== 'number' ||
    !(expiresInS > 0)
  ) {
    throw new WechatApiError(step, 'garbled', `no ${field} / expires_in in the answer`);
  }
  return { value, expiresInS };
}

/**
 * The access token from the stable-token API (POST /cgi-bin/stable_token): unlike the plain token
 * API, asking again does not invalidate the token other callers hold, and it lives its full 2 h.
 */
export async function fetchStableToken(
  settings: WechatSettings,
  timeoutMs = WECHAT_TIMEOUT_MS,
): Promise<Issued> {
  const answer = await call(
    'stable_token',
    `${settings.apiOrigin}/cgi-bin/stable_token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credential',
        appid: settings.appId,
        secret: settings.appSecret,
        force_refresh: false,
      }),
    },
    timeoutMs,
  );
  return issued('stable_token', answer, 'access_token');
}

/** The JS-SDK's jsapi_ticket (GET /cgi-bin/ticket/getticket?access_token=…&type=jsapi). */
export async function fetchJsapiTicket(
  settings: WechatSettings,
  accessToken: string,
  timeoutMs = WECHAT_TIMEOUT_MS,
): Promise<Issued> {
  const url = new URL('/cgi-bin/ticket/getticket', settings.apiOrigin);
  url.searchParams.set('access_token', accessToken);
  url.searchParams.set('type', 'jsapi');
  const answer = await call('getticket', url.href, { method: 'GET' }, timeoutMs);
  return issued('getticket', answer, 'ticket');
}
