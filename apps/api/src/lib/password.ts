import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Member and editor passwords: scrypt (memory-hard, DESIGN.md section 3), stored as
 * `scrypt$N$r$p$saltB64$hashB64`. The parameters travel with each hash, so a hash made with older
 * ones still verifies, and a login that finds them below the current ones stores a new hash
 * (needsRehash).
 */
/** OWASP's current guidance for scrypt: N = 2^17, r = 8, p = 1 (128 MiB per hash). */
export const SCRYPT_PARAMS = { N: 1 << 17, r: 8, p: 1 } as const;
const KEY_LEN = 32;
const SALT_LEN = 16;
/** Refuse stored parameters that would make one check cost absurd memory (a tampered row). */
const MAX_N = 1 << 20;
/**
 * Hashes running at once. Each takes 128 * N * r bytes (128 MiB at the current N) in the libuv
 * pool; two keep both cores busy and bound a burst of logins to 256 MiB instead of one per pool
 * thread. The others wait their turn in order.
 */
const MAX_CONCURRENT = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter (running stays the same), or is freed.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(
  password: string,
  salt: Buffer,
  keyLen: number,
  n: number,
  r: number,
  p: number,
): Promise<Buffer> {
  // scrypt needs about 128 * N * r bytes; node's default cap (32 MiB) is too tight above N = 2^14.
  const maxmem = 256 * n * r + (32 << 20);
  return withSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, keyLen, { N: n, r, p, maxmem }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(SALT_LEN);
  const hash = await derive(password, salt, KEY_LEN, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

interface Parsed {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  expected: Buffer;
}

function parse(stored: string): Parsed | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (
    ![n, r, p].every((v) => Number.isInteger(v) && v > 0) ||
    n > MAX_N ||
    (n & (n - 1)) !== 0 ||
    r > 32 ||
    p > 16
  ) {
    return null;
  }
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (salt.length === 0 || expected.length === 0) return null;
  return { n, r, p, salt, expected };
}

/** True when `password` matches `stored`; false (never a throw) for a malformed stored value. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const { n, r, p, salt, expected } = parsed;
  const actual = await derive(password, salt, expected.length, n, r, p);
  return timingSafeEqual(actual, expected);
}

/**
 * Costs what checking a current hash costs and is always false: a login for an unknown account
 * takes as long as one with a wrong password, without a stored dummy hash.
 */
export async function verifyNothing(password: string): Promise<false> {
  const { N, r, p } = SCRYPT_PARAMS;
  await derive(password, randomBytes(SALT_LEN), KEY_LEN, N, r, p);
  return false;
}

/** True when a (verified) stored hash was made with other parameters than the current ones. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  const { N, r, p } = SCRYPT_PARAMS;
  return !parsed || parsed.n !== N || parsed.r !== r || parsed.p !== p || parsed.expected.length !== KEY_LEN;
}
