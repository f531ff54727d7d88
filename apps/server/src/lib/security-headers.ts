import { createHash } from 'node:crypto';
import { EMBED_HOSTS } from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { readIndexHtml } from './web-app';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** CSP sources allowing exactly the inline scripts of the page (index.html's colour-scheme script). */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(([, body = '']) => {
    return `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
  });
}

/**
 * Issue 17 point 1: the Content-Security-Policy of every answer. Scripts only from the shop itself
 * (plus index.html's inline scripts by hash), players only from the allowed embed hosts, no framing.
 */
function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  const players = [...new Set(Object.values(EMBED_HOSTS).flat())].map((host) => `https://${host}`);
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptHashes].join(' '),
    // Mantine adds <style> elements at run time (its CSS variables, responsive props) whose text
    // varies, so no hash fits; inline styles are allowed, inline scripts are not.
    "style-src 'self' 'unsafe-inline'",
    // Brand logos may be external https addresses; previews of chosen files are blob: URLs.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    ['frame-src', ...players].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Headers every answer carries (API, errors, 404s, the web app and its files): the CSP above, no MIME
 * sniffing, no framing of the shop by other sites (clickjacking on sign-in and checkout), referrers
 * trimmed to the origin when leaving the site, and HSTS when the shop runs behind https.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const indexHtml = readIndexHtml(config.webDist);
  const csp = contentSecurityPolicy(indexHtml ? inlineScriptHashes(indexHtml.toString('utf8')) : []);
  app.addHook('onSend', async (_request, reply) => {
    // A stricter policy set by the route itself (uploaded files are sandboxed) stands.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (config.cookieSecure) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
