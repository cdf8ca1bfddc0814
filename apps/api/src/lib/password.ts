import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Member passwords: scrypt (memory-hard, DESIGN.md section 3), stored as
 * `scrypt$N$r$p$saltB64$hashB64` so the cost can be raised later without breaking old hashes.
 */
const N = 16384;
const R = 8;
const P = 1;
const KEY_LEN = 32;
const SALT_LEN = 16;
/** Refuse stored parameters that would make one check cost absurd memory (a tampered row). */
const MAX_N = 1 << 20;

function derive(
  password: string,
  salt: Buffer,
  keyLen: number,
  n: number,
  r: number,
  p: number,
): Promise<Buffer> {
  // scrypt needs about 128 * N * r bytes; node's default cap (32 MiB) is too tight above N = 2^15.
  const maxmem = 256 * n * r + (32 << 20);
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLen, { N: n, r, p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LEN);
  const hash = await derive(password, salt, KEY_LEN, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** True when `password` matches `stored`; false (never a throw) for a malformed stored value. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (
    ![n, r, p].every((v) => Number.isInteger(v) && v > 0) ||
    n > MAX_N ||
    (n & (n - 1)) !== 0 ||
    r > 32 ||
    p > 16
  ) {
    return false;
  }
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (salt.length === 0 || expected.length === 0) return false;
  const actual = await derive(password, salt, expected.length, n, r, p);
  return timingSafeEqual(actual, expected);
}
