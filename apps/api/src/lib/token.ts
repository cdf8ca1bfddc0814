import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Lifetime of an access token (brief: 2 h). */
export const ACCESS_TOKEN_TTL_S = 2 * 3600;

interface TokenClaims {
  /** Client id the token was bought with. */
  cid: string;
  /** Expiry, epoch seconds. */
  exp: number;
}

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');
const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest();

/** `base64url(claims).base64url(hmac-sha256(claims))`: stateless, so every process can check it. */
export function signAccessToken(
  secret: string,
  clientId: string,
  nowMs = Date.now(),
  ttlS = ACCESS_TOKEN_TTL_S,
): string {
  const claims: TokenClaims = { cid: clientId, exp: Math.floor(nowMs / 1000) + ttlS };
  const body = b64(JSON.stringify(claims));
  return `${body}.${b64(mac(secret, body))}`;
}

/** The claims of a genuine, unexpired token; null for anything else (never throws). */
export function verifyAccessToken(secret: string, token: string, nowMs = Date.now()): TokenClaims | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 512) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<TokenClaims>;
    if (typeof claims.exp !== 'number' || typeof claims.cid !== 'string') return null;
    return claims.exp * 1000 > nowMs ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** Constant-time string comparison (hashing first makes the lengths equal). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** How member stokens are stored in member_sessions.token_hash (the stoken itself never is). */
export function hashStoken(stoken: string): string {
  return createHash('sha256').update(stoken).digest('hex');
}
