import { createHash, randomInt } from 'node:crypto';

/**
 * WeChat JS-SDK signature (附录1 签名算法): sha1 over
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, the fields in that order, the url as the page has
 * it (location.href) without its fragment.
 */
export function jsapiSignature(input: {
  ticket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}): string {
  const hash = input.url.indexOf('#');
  const url = hash === -1 ? input.url : input.url.slice(0, hash);
  const text = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${url}`;
  return createHash('sha1').update(text).digest('hex');
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random nonceStr (WeChat allows letters and digits, at most 32). */
export function nonceStr(length = 16): string {
  let out = '';
  for (let i = 0; i < length; i++) out += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)];
  return out;
}
