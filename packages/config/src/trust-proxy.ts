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

/**
 * The API's trust setting when the gateway hosts it in-process: the gateway has already chosen the
 * client's address (by TRUST_PROXY) and written it as the only X-Forwarded-For entry.
 */
export const BEHIND_GATEWAY = 'gateway';

export type TrustProxySetting = readonly string[] | typeof BEHIND_GATEWAY;

/**
 * Fastify's `trustProxy` for a setting: the named proxies, or behind the gateway exactly one hop
 * (the socket is the gateway's own; the header's last entry is the address it wrote).
 */
export function fastifyTrustProxy(
  setting: TrustProxySetting,
): string[] | ((address: string, hop: number) => boolean) {
  return setting === BEHIND_GATEWAY ? (_address, hop) => hop === 0 : [...setting];
}
