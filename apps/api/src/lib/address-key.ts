import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key every per-address limit counts under (issue 23 item 12). An IPv4 address is itself; an
 * IPv6 address is its /64, the smallest block a provider hands one subscriber, so rotating through
 * the 2^64 addresses of one line gets no fresh budget; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`,
 * a dual-stack socket) is the IPv4 address it carries. Anything else (no address) is kept as it is.
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  // A zone (`fe80::1%eth0`) names an interface, not a different host.
  const bare = ip.split('%')[0];
  if (!isIPv6(bare)) return ip;
  const groups = expandIPv6(bare.toLowerCase());
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` filled in, a dotted IPv4 tail converted). */
function expandIPv6(ip: string): number[] {
  let text = ip;
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    const [a, b, c, d] = last.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}
