import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link's token: `member.expiry.hmac`, signed with TOKEN_SECRET under its own label
 * (a token of another kind can never pass for it). Stateless, so any process can check it, and the
 * link works without a session. It lives long: readers unsubscribe from old issues too.
 */
export const UNSUBSCRIBE_TOKEN_TTL_MS = 400 * 24 * 3600_000;

const macOf = (secret: string, body: string) =>
  createHmac('sha256', `newsletter-unsubscribe:${secret}`).update(body).digest();

export function signUnsubscribeToken(
  secret: string,
  memberId: number,
  now = Date.now(),
  ttlMs = UNSUBSCRIBE_TOKEN_TTL_MS,
): string {
  const body = `${memberId}.${Math.floor((now + ttlMs) / 1000)}`;
  return `${body}.${macOf(secret, body).toString('base64url')}`;
}

export type UnsubscribeCheck = { memberId: number } | { error: 'invalid' | 'expired' };

/** The member of a genuine token; `invalid` for anything tampered or malformed, `expired` past its time. */
export function verifyUnsubscribeToken(secret: string, token: string, now = Date.now()): UnsubscribeCheck {
  const match = /^(\d{1,15})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return { error: 'invalid' };
  const given = Buffer.from(match[3], 'base64url');
  const expected = macOf(secret, `${match[1]}.${match[2]}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { error: 'invalid' };
  if (Number(match[2]) * 1000 <= now) return { error: 'expired' };
  return { memberId: Number(match[1]) };
}
