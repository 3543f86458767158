/**
 * Security headers on everything the service answers (issue 16, defect 7):
 * the app's page and its files, the sandbox pages, the gateway's JSON.
 *
 * - Content-Security-Policy on HTML: scripts, styles, fonts and everything
 *   else from this origin; images also from data:/blob: (avatars being
 *   uploaded), the map tiles (MAP_TILES_URL) and the origins of
 *   config.csp.extraOrigins (the object store, the identity providers'
 *   avatar hosts); connections also to the API and identity hosts the app
 *   was built for (API_HOST, TEST_API_HOST, IDENTITY_BASE) and the map tiles.
 *   Inline styles are allowed (the page's own <style> and React's style
 *   attributes); inline scripts are not, except the built pages' own (the
 *   first-screen preloads the build writes into the page's head), allowed
 *   by their SHA-256 hashes read from the built files at start-up. The identity providers' and the
 *   payment provider's pages are left by top-level navigation, which a CSP
 *   does not restrict.
 * - worker-src and manifest-src 'self': the offline app's service worker
 *   (/sw.js, scope '/') and its manifest (issue 29 section 5).
 * - frame-ancestors 'none' and X-Frame-Options DENY: the in-app browsers load
 *   the app at top level, so nobody may frame it (no clickjacking).
 * - X-Content-Type-Options nosniff, Referrer-Policy same-origin (a sign-in
 *   code or a payment id in an address does not leak to another site).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** The CSP source expressions ('sha256-…') of the inline scripts of an HTML text. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(m[1] ?? '') || !m[2]) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The inline scripts' hashes of the built pages the service serves (the app's and the kitchen screen's). */
function builtPageHashes(staticDir: string | null): string[] {
  if (!staticDir) return [];
  return ['index.html', join('staff', 'index.html')].flatMap((page) => {
    const file = join(staticDir, page);
    return existsSync(file) ? inlineScriptHashes(readFileSync(file, 'utf8')) : [];
  });
}

/** The origin of a URL ('https://tiles.example/{z}/{x}/{y}.png' -> 'https://tiles.example'), or null for a relative or broken one. */
export function originOf(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.replace(/\{[a-z]\}/gi, '0'));
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(csp: Config['csp'], scriptHashes: readonly string[] = []): string {
  const uniq = (list: (string | null)[]) => [...new Set(list.filter((x): x is string => Boolean(x)))];
  const tiles = originOf(csp.mapTilesUrl);
  const img = uniq(["'self'", 'data:', 'blob:', tiles, ...csp.extraOrigins]);
  const connect = uniq(["'self'", tiles, ...csp.connectOrigins.map(originOf), ...csp.extraOrigins]);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...new Set(scriptHashes)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img.join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    // The offline app's service worker (/sw.js) and web app manifest (issue 29 section 5): this origin's only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'csp' | 'staticDir'>): void {
  const policy = contentSecurityPolicy(config.csp, builtPageHashes(config.staticDir));
  app.addHook('onSend', async (_req, reply, payload) => {
    // A route that set its own (the sandbox payment page's stricter CSP) keeps it.
    const set = (name: string, value: string) => {
      if (!reply.hasHeader(name)) reply.header(name, value);
    };
    set('X-Content-Type-Options', 'nosniff');
    set('X-Frame-Options', 'DENY');
    set('Referrer-Policy', 'same-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') || type.startsWith('image/svg')) set('Content-Security-Policy', policy);
    return payload;
  });
}
