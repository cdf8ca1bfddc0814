/**
 * Whether the reader reached the portal over HTTPS: the configured public origin is https (TLS ends
 * before this process, at nginx or a load balancer, and the inner hop may well say
 * `X-Forwarded-Proto: http`), or the connection or a trusted proxy's X-Forwarded-Proto says https
 * (Fastify's `request.protocol` reads the header only from TRUST_PROXY peers). Decides HSTS and the
 * `Secure` flag of the back office's session cookie.
 */
export function servedOverHttps(publicOrigin: string, requestProtocol: string): boolean {
  return publicOrigin.startsWith('https:') || requestProtocol === 'https';
}
