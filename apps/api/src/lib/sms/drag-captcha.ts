import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The slider check behind drag_verify (DESIGN.md section 5: verified by the server, not only
 * drawn in the browser).
 *
 * drag_captcha issues a challenge: a random `target` offset (px) on a track of `width` px, sealed
 * in a token `v1.<nonce>.<target>.<expires>.<hmac>`. The client draws the gap at `target`, the
 * visitor drags the piece there, and the client sends `drag_verify = "<token>:<offset>"` with the
 * offset actually reached. The server recomputes the HMAC (so neither target nor expiry can be
 * altered), checks the expiry, that |offset − target| ≤ TOLERANCE, and that the nonce has not been
 * spent for this purpose before (single use; the spent-nonce store is shared through Redis when set).
 */
export const TRACK_WIDTH = 300;
/** Width of the draggable piece: the target leaves room for it on the track. */
export const PIECE_WIDTH = 40;
export const TOLERANCE = 6;
/** A challenge must be solved and used within this time (covers typing the SMS code afterwards). */
export const CHALLENGE_TTL_MS = 15 * 60 * 1000;

export interface DragChallenge {
  token: string;
  width: number;
  target: number;
}

const mac = (secret: string, body: string) =>
  createHmac('sha256', `drag-captcha:${secret}`).update(body).digest('base64url');

export function issueChallenge(secret: string, now: number): DragChallenge {
  const nonce = randomBytes(12).toString('base64url');
  const target = randomInt(PIECE_WIDTH * 2, TRACK_WIDTH - PIECE_WIDTH);
  const body = `v1.${nonce}.${target}.${now + CHALLENGE_TTL_MS}`;
  return { token: `${body}.${mac(secret, body)}`, width: TRACK_WIDTH, target };
}

export interface VerifiedDrag {
  nonce: string;
}

/** The challenge nonce when `proof` is a genuine, unexpired, solved challenge; null otherwise. */
export function verifyProof(secret: string, proof: unknown, now: number): VerifiedDrag | null {
  if (typeof proof !== 'string' || proof.length > 300) return null;
  const colon = proof.lastIndexOf(':');
  if (colon <= 0) return null;
  const token = proof.slice(0, colon);
  const offsetText = proof.slice(colon + 1);
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(offsetText)) return null;
  const parts = token.split('.');
  if (parts.length !== 5 || parts[0] !== 'v1') return null;
  const [, nonce, targetText, expiresText, sig] = parts;
  const expected = Buffer.from(mac(secret, parts.slice(0, 4).join('.')));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!(Number(expiresText) > now)) return null;
  if (Math.abs(Number(offsetText) - Number(targetText)) > TOLERANCE) return null;
  return { nonce };
}
