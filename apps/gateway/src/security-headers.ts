import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PLAYER_ORIGINS } from '@portal/api-client/players';
import type { CachedResponse } from './micro-cache';
import type { PublicOrigins } from './origins';
import { servedOverHttps } from '@portal/config';

/**
 * The response headers of the portal's own answers, written once: every answer gets nosniff, a
 * Referrer-Policy and (over HTTPS) HSTS; pages (desktop, mobile, landing) a Content-Security-Policy
 * with a per-request nonce; the back office (an SPA with a static document) one with the hashes of
 * its inline scripts. Uploads keep their own sandboxing CSP (@portal/routes UPLOAD_CSP).
 */

/** One year, subdomains included (the m. host); sent only on answers served over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Features no page uses; players' fullscreen / autoplay / picture-in-picture stay delegable to their frames. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** Sources shared by the pages' and the back office's policies. */
const COMMON_SOURCES = [
  "default-src 'self'",
  // React inline style attributes and antd's CSS-in-JS: styles cannot carry a nonce.
  "style-src 'self' 'unsafe-inline'",
  // Article bodies may show http(s) images (the sanitiser allows them), editors paste data: images.
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "media-src 'self' blob: https:",
  // Embedded video players (the one list of player hosts); the back office frames public pages.
  ["frame-src 'self'", ...PLAYER_ORIGINS].join(' '),
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
];

/** A fresh nonce for one page answer: 128 random bits, base64. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The policy of a server-rendered page: scripts from this origin or inline ones carrying the
 * request's nonce (React Router's hydration scripts, the width script). Forms may post to either
 * public origin (a width redirect after a post may cross to the m. host). The back office's
 * previews frame public pages, hence frame-ancestors 'self'.
 */
export function pageCsp(nonce: string, origins: PublicOrigins): string {
  const forms = new Set(["'self'", origins.desktop, origins.mobile]);
  return [
    ...COMMON_SOURCES,
    `script-src 'self' 'nonce-${nonce}'`,
    `form-action ${[...forms].join(' ')}`,
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The back office's policy: its static document's inline scripts by hash; never framed. */
export function adminCsp(scriptHashes: readonly string[]): string {
  return [
    ...COMMON_SOURCES,
    ["script-src 'self'", ...scriptHashes.map((h) => `'${h}'`)].join(' '),
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** `sha256-…` of every inline <script> of a static document (the back office's index.html). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = m;
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}

/** Headers of a page answer rendered (or replayed) with `nonce`. */
export function pageSecurityHeaders(nonce: string, origins: PublicOrigins): Record<string, string> {
  return {
    'Content-Security-Policy': pageCsp(nonce, origins),
    'X-Frame-Options': 'SAMEORIGIN',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}

/** Headers of the back office's document. */
export function adminSecurityHeaders(scriptHashes: readonly string[]): Record<string, string> {
  return {
    'Content-Security-Policy': adminCsp(scriptHashes),
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}

/** Served over HTTPS (servedOverHttps: an https PUBLIC_ORIGIN, or a trusted X-Forwarded-Proto). */
export function isHttps(request: FastifyRequest, origins: PublicOrigins): boolean {
  return servedOverHttps(origins.desktop, request.protocol);
}

/**
 * nosniff, a default Referrer-Policy and HSTS (over HTTPS) on every answer of the gateway. Set on
 * the raw response at the start, so they reach the in-process API's answers too (it writes to the
 * raw response); a route's own value of the same header takes precedence (Node merges them).
 */
export function installSecurityHeaders(app: FastifyInstance, origins: PublicOrigins): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
    reply.raw.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (isHttps(request, origins)) reply.raw.setHeader('Strict-Transport-Security', HSTS);
  });
}

/**
 * A micro-cached page replayed for another request: the same bytes with that request's nonce in
 * place of the one it was rendered with, so the nonce in the header and in the HTML always agree and
 * no two answers share one. Nonces are random base64 of one length, so the bytes are swapped in place.
 */
export function withNonce(rendered: CachedResponse, nonce: string): CachedResponse {
  const old = rendered.nonce;
  if (!old || old === nonce) return rendered;
  const from = Buffer.from(old, 'latin1');
  const to = Buffer.from(nonce, 'latin1');
  if (from.length !== to.length) throw new Error('nonces differ in length');
  const body = Buffer.from(rendered.body);
  for (let i = body.indexOf(from); i !== -1; i = body.indexOf(from, i + from.length)) to.copy(body, i);
  return { ...rendered, body, nonce };
}
