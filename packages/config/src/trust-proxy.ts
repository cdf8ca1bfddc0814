import proxyAddr from '@fastify/proxy-addr';

/**
 * TRUST_PROXY names the proxies in front of a server: addresses, CIDRs, or proxy-addr's names
 * `loopback`, `linklocal`, `uniquelocal`, comma-separated. Only a request whose peer is one of them
 * may state the client's address in X-Forwarded-For; everybody else is their socket address.
 * A hop count or `true` is refused: either lets any client choose its own address (and with it a
 * fresh per-IP budget per request). Fastify's `trustProxy` takes the parsed list as it is.
 */
export const DEFAULT_TRUST_PROXY: readonly string[] = ['loopback'];
/** TRUST_PROXY=none: believe no proxy (the server faces readers directly). */
export const TRUST_NO_PROXY = 'none';

export function parseTrustProxy(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [...DEFAULT_TRUST_PROXY];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 1 && entries[0] === TRUST_NO_PROXY) return [];
  const bad: string[] = [];
  for (const entry of entries) {
    // "1", "2" (hop counts) and true/false would trust any peer: refused by name.
    if (/^\d+$/.test(entry) || /^(true|false)$/i.test(entry)) {
      bad.push(entry);
      continue;
    }
    try {
      proxyAddr.compile([entry]);
    } catch {
      bad.push(entry);
    }
  }
  if (bad.length > 0) {
    throw new Error(
      `lists the proxies' addresses or CIDRs (e.g. 127.0.0.1,10.0.0.0/8, "loopback", or "${TRUST_NO_PROXY}"); ` +
        `not an address: ${bad.map((b) => `"${b}"`).join(', ')}`,
    );
  }
  return entries;
}

/** The client's address for a peer and its X-Forwarded-For header, by the rules above. */
export function clientAddress(peer: string, forwardedFor: string | undefined, trusted: readonly string[]): string {
  const request = { socket: { remoteAddress: peer }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } };
  return proxyAddr(request as unknown as Parameters<typeof proxyAddr>[0], trusted.length > 0 ? [...trusted] : () => false);
}

/**
 * The API's trust setting when the gateway hosts it in-process: the gateway has already chosen the
 * client's address (by TRUST_PROXY) and written it as the only X-Forwarded-For entry.
 */
export const BEHIND_GATEWAY = 'gateway';
