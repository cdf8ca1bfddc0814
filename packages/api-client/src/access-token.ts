/**
 * The one token-and-retry layer (issue 12) of both transports: the browser's axios transport
 * (http.ts, also the HTTP fallback of loaders) and the gateway's in-process transport. One
 * purchase shared by concurrent calls, renewal before expiry, and one retry with a fresh token
 * when a call answers TokenInvalid. No axios here.
 */
import { ErrorCode, type Envelope } from './codes';
import { failure } from './envelope';

/** What accessToken answers (spec section 7). */
export interface TokenGrant {
  access_token?: unknown;
  /** Seconds (OAuth convention). */
  expires_in?: unknown;
}

/** Renew this long before the token expires, so a call never races the expiry… */
export const TOKEN_RENEW_BEFORE_MS = 60_000;

/** Thrown by AccessTokens.current when no token could be bought; carries the envelope to answer. */
export class TokenUnavailable extends Error {
  constructor(readonly envelope: Envelope<null>) {
    super(envelope.msg);
  }
}

export interface AccessTokens {
  /** The cached token, or one bought now (one purchase shared by every concurrent caller). */
  current(): Promise<string>;
  /** Forgets `used` after the API refused it; a newer token bought meanwhile is kept. */
  drop(used: string | undefined): void;
  /** Forgets the cached token whatever it is. */
  reset(): void;
}

export interface AccessTokenOptions {
  /** Calls accessToken with the client credential and resolves with its envelope. */
  buy: () => Promise<Envelope<TokenGrant | null>>;
  now?: () => number;
  renewBeforeMs?: number;
}

export function createAccessTokens(options: AccessTokenOptions): AccessTokens {
  const now = options.now ?? Date.now;
  const renewBeforeMs = options.renewBeforeMs ?? TOKEN_RENEW_BEFORE_MS;
  let token: string | null = null;
  let renewAt = Infinity;
  let inflight: Promise<string> | null = null;

  async function buy(): Promise<string> {
    const envelope = await options.buy();
    const bought = envelope.code === ErrorCode.Ok ? envelope.data?.access_token : undefined;
    if (typeof bought !== 'string' || bought === '') {
      throw new TokenUnavailable(
        envelope.code === ErrorCode.Ok
          ? failure(ErrorCode.ServerError)
          : // An empty msg gets the code's documented message.
            failure(envelope.code, envelope.msg || undefined),
      );
    }
    const lifetime = envelope.data?.expires_in;
    // Renew early, but never sooner than half the lifetime (a short-lived token is still reused).
    renewAt =
      typeof lifetime === 'number' && lifetime > 0
        ? now() + Math.max((lifetime * 1000) / 2, lifetime * 1000 - renewBeforeMs)
        : Infinity;
    token = bought;
    return bought;
  }

  return {
    current() {
      if (token !== null && now() < renewAt) return Promise.resolve(token);
      inflight ??= buy().finally(() => {
        inflight = null;
      });
      return inflight;
    },
    drop(used) {
      if (used === undefined || used === token) token = null;
    },
    reset() {
      token = null;
    },
  };
}

/**
 * Sends a call with the current token; a TokenInvalid answer drops that token and sends the call
 * once more with a fresh one (a bad credential cannot loop). A purchase that fails answers its
 * envelope instead of throwing.
 */
export async function sendWithToken<T>(
  tokens: AccessTokens,
  send: (bearer: string) => Promise<Envelope<T>>,
): Promise<Envelope<T>> {
  try {
    const first = await tokens.current();
    const res = await send(first);
    if (res.code !== ErrorCode.TokenInvalid) return res;
    tokens.drop(first);
    return await send(await tokens.current());
  } catch (error) {
    if (error instanceof TokenUnavailable) return error.envelope as Envelope<never>;
    throw error;
  }
}
