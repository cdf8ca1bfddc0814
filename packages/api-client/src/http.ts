/**
 * The HTTP transport (spec section 7 "Common behaviour"): one axios instance whose interceptors
 * buy and attach the access token, add the member identity, and turn every outcome into an
 * envelope, so callers check `code` and never need a try/catch.
 */
import axios, {
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { createApi, type Api, type Transport } from './api';
import { documentClientCredential } from './client-credential';
import { createAccessTokens, TokenUnavailable, type TokenGrant } from './access-token';
import { ERROR_MESSAGES, ErrorCode, type Envelope } from './codes';
import { failure, isEnvelope, normaliseEnvelope } from './envelope';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, HTTP_TIMEOUT_MS } from './constants';
import { endpoints, type Data, type EndpointName, type Payload } from './contract';
import { identityOf, memberHeaders, withMemberIdentity, type MemberCredential } from './member-identity';

/** Where the API lives when no base URL is configured and there is no browser origin to use. */
export const LOCAL_API_URL = 'http://127.0.0.1:8080';
/** The front-end client credential (defined once in ./constants). */
export { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from './constants';

/** Messages for failures that never reached the API (shown to users, so Chinese). */
export const TRANSPORT_MESSAGES = {
  timeout: '请求超时，请稍后重试',
  network: '网络连接失败，请检查网络后重试',
  badResponse: '服务器返回的数据无法识别，请稍后重试',
  canceled: '请求已取消',
} as const;

export interface HttpTransportOptions {
  /** '' (same origin, the default in browsers) or an absolute origin such as http://127.0.0.1:8080. */
  baseURL?: string;
  /** Defaults to the credential rendered into the document (browsers), else DEFAULT_CLIENT_ID. */
  clientId?: string;
  clientSecret?: string;
  /** Milliseconds; defaults to HTTP_TIMEOUT_MS. */
  timeout?: number;
  /** The logged-in member, read on every request (apps wire it to @portal/session). */
  getMember?: () => MemberCredential | null | undefined;
  /** Called with the server's msg when a call answers 10001 (apps clear the session and go to /login). */
  onSessionInvalid?: (msg: string) => void;
  /** Replaces axios's network adapter: 'fetch', 'xhr', 'http' or a function (tests). */
  adapter?: AxiosRequestConfig['adapter'];
}

/** A Transport that also exposes its axios instance (for raw downloads such as PDFs) and its token cache. */
export interface HttpTransport extends Transport {
  readonly axios: AxiosInstance;
  /** Forget the cached access token; the next call buys a new one. */
  resetAccessToken(): void;
}

/** Per-request bookkeeping carried on the axios config. */
interface CallMeta {
  /** accessToken itself needs no token and carries no member identity. */
  anonymous?: boolean;
  /** Set after one TokenInvalid retry, so a bad credential cannot loop. */
  retried?: boolean;
  /** The token this request was sent with (to avoid dropping a newer one on TokenInvalid). */
  token?: string;
}
type PortalConfig = InternalAxiosRequestConfig & { portal?: CallMeta };
type PortalRequest = AxiosRequestConfig & { portal?: CallMeta };

/** PDFs and binary downloads are handed back as the raw axios response (spec: "pass through untouched"). */
function isBinary(response: AxiosResponse): boolean {
  const type = response.config.responseType;
  if (type === 'blob' || type === 'arraybuffer' || type === 'stream') return true;
  const contentType = response.headers?.['content-type'];
  return typeof contentType === 'string' && contentType.toLowerCase().includes('application/pdf');
}

function defaultBaseURL(): string {
  // Browsers call the same origin (/api/...); on a server there is no origin to be relative to.
  return typeof window === 'undefined' ? LOCAL_API_URL : '';
}

export function createHttpTransport(options: HttpTransportOptions = {}): HttpTransport {
  const rendered = documentClientCredential();
  const clientId = options.clientId ?? rendered?.id ?? DEFAULT_CLIENT_ID;
  const clientSecret = options.clientSecret ?? rendered?.secret ?? DEFAULT_CLIENT_SECRET;

  const instance = axios.create({
    baseURL: options.baseURL ?? defaultBaseURL(),
    timeout: options.timeout ?? HTTP_TIMEOUT_MS,
    // Every status is read as an envelope below; the API answers errors with a body, not only a status.
    validateStatus: () => true,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  // ---- access token: the shared token layer (access-token.ts), bought over this instance ----
  const tokens = createAccessTokens({
    buy: async () => {
      const config: PortalRequest = {
        url: '/api/accessToken',
        method: 'POST',
        data: { id: clientId, secret: clientSecret },
        portal: { anonymous: true },
      };
      return (await instance.request(config)) as unknown as Envelope<TokenGrant | null>;
    },
  });

  // ---- request: token + member identity ----
  instance.interceptors.request.use(async (config: PortalConfig) => {
    const meta = (config.portal ??= {});
    if (typeof FormData !== 'undefined' && config.data instanceof FormData) {
      // Let the platform write multipart/form-data with its boundary. `false` also stops axios from
      // defaulting a POST to x-www-form-urlencoded outside browsers (fetch adapter in Node).
      config.headers.setContentType(false);
    }
    // Only API calls carry credentials: a raw download (/uploads/…pdf) must never put the stoken in a URL.
    if (meta.anonymous || !(config.url ?? '').startsWith('/api/')) return config;
    const bearer = await tokens.current();
    meta.token = bearer;
    config.headers.set('Authorization', `Bearer ${bearer}`);
    const identity = identityOf(options.getMember?.());
    if (identity) {
      // Headers on every call; the spec's body fields on POST/DELETE too. Never the query: URLs are
      // logged, kept in history and sent as Referer (issue 11, hole 8).
      for (const [name, value] of Object.entries(memberHeaders(identity))) config.headers.set(name, value);
      const isGet = (config.method ?? 'get').toUpperCase() === 'GET';
      // A string body is a retry whose identity was already serialised into it.
      if (!isGet && typeof config.data !== 'string')
        config.data = withMemberIdentity(config.data ?? {}, identity);
    }
    return config;
  });

  // ---- response: envelope, token retry, session expiry ----
  async function settle(response: AxiosResponse): Promise<unknown> {
    if (isBinary(response)) return response;
    const config = response.config as PortalConfig;
    const meta = config.portal ?? {};
    if (!isEnvelope(response.data)) {
      return failure(
        ErrorCode.ServerError,
        response.status >= 500 ? undefined : TRANSPORT_MESSAGES.badResponse,
      );
    }
    const envelope = normaliseEnvelope(response.data);
    // One retry with a fresh token (the rule of access-token.ts's sendWithToken, applied here to
    // every axios request, raw downloads included).
    if (envelope.code === ErrorCode.TokenInvalid && !meta.anonymous && !meta.retried) {
      tokens.drop(meta.token);
      const retry: PortalRequest = { ...config, portal: { ...meta, retried: true } };
      return instance.request(retry);
    }
    if (envelope.code === ErrorCode.SessionInvalid) {
      options.onSessionInvalid?.(envelope.msg || ERROR_MESSAGES[ErrorCode.SessionInvalid]);
    }
    return envelope;
  }

  function rescue(error: unknown): Envelope<null> | Promise<unknown> {
    if (error instanceof TokenUnavailable) return error.envelope;
    if (axios.isCancel(error)) return failure(ErrorCode.ServerError, TRANSPORT_MESSAGES.canceled);
    if (axios.isAxiosError(error)) {
      if (error.response) return settle(error.response);
      if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
        return failure(ErrorCode.ServerError, TRANSPORT_MESSAGES.timeout);
      }
    }
    return failure(ErrorCode.ServerError, TRANSPORT_MESSAGES.network);
  }

  // axios types interceptors as returning responses; ours resolve envelopes (or raw binary responses).
  instance.interceptors.response.use(
    (response) => settle(response) as Promise<AxiosResponse>,
    (error: unknown) => rescue(error) as Promise<AxiosResponse>,
  );

  const send = <N extends EndpointName>(name: N, payload: Payload<N>): Promise<Envelope<Data<N>>> => {
    const spec = endpoints[name];
    const config: PortalRequest = {
      url: `/api/${name}`,
      method: spec.method,
      portal: { anonymous: name === 'accessToken' },
    };
    if (spec.method === 'GET') config.params = payload ?? {};
    else config.data = payload ?? {};
    // A failure is always resolved as an envelope: data is null then, so check code before data.
    return instance.request(config).then(
      (result) => result as unknown as Envelope<Data<N>>,
      (error: unknown) => rescue(error) as Promise<Envelope<Data<N>>>,
    );
  };

  return Object.assign(send, {
    axios: instance,
    resetAccessToken(): void {
      tokens.reset();
    },
  });
}

/** The typed API over HTTP, as browsers use it: `createBrowserApi({getMember, onSessionInvalid}).get_news({})`. */
export function createBrowserApi(options: HttpTransportOptions = {}): Api {
  return createApi(createHttpTransport(options));
}
