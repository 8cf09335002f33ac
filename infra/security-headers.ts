import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mapOrigin } from '../shared/map';

/**
 * The security headers of every answer the site's origin gives, one
 * definition for CloudFront's response headers policies
 * (infra/aws/constructs/site.ts) and the local site server
 * (infra/local/site-server.ts). Pages get a strict Content-Security-Policy:
 * scripts from the site and the inline ones the build wrote, by hash (no
 * 'unsafe-inline', no 'unsafe-eval'); the API and the photos get one that
 * lets nothing load.
 */

/** Two years, subdomains included, ready for the browsers' preload list. */
export const transportSecurity = { maxAgeSeconds: 2 * 365 * 24 * 60 * 60, includeSubDomains: true, preload: true } as const;
export const referrerPolicy = 'strict-origin-when-cross-origin';
/** The site never asks for these; a framed page cannot either. */
export const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
export const frameOptions = 'DENY';

/** For JSON answers: nothing loads, nothing frames them. */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export interface PagePolicySources {
  /** `'sha256-…'` of each inline script in the build (scriptHashesFile). */
  scriptHashes: readonly string[];
  /** Origins the pages call besides their own: the uploads bucket (presigned PUTs), the staff's user pool. */
  connectSources: readonly string[];
}

/**
 * The pages' policy. Styles may be inline: the prerendered pages carry their
 * stylesheet inline and React sets style attributes. The only worker is the
 * site's service worker (/sw.js); photos picked are shown from blob: URLs.
 */
export function pageContentSecurityPolicy({ scriptHashes, connectSources }: PagePolicySources): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${connectSources.join(' ')}`.trim(),
    "worker-src 'self'",
    `frame-src ${mapOrigin}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers sent with a response whose policy is `contentSecurityPolicy` (lower-case names). */
export function securityHeaders(contentSecurityPolicy: string): Record<string, string> {
  const { maxAgeSeconds, includeSubDomains, preload } = transportSecurity;
  return {
    'content-security-policy': contentSecurityPolicy,
    'strict-transport-security': [`max-age=${maxAgeSeconds}`, includeSubDomains && 'includeSubDomains', preload && 'preload']
      .filter(Boolean)
      .join('; '),
    'referrer-policy': referrerPolicy,
    'permissions-policy': permissionsPolicy,
    'x-frame-options': frameOptions,
    'x-content-type-options': 'nosniff',
  };
}

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** What a browser runs; other types (application/json, application/ld+json) are data. */
const scriptTypes = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The CSP source (`'sha256-…'`) of every inline script the page would run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(inlineScript)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!scriptTypes.has(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** Written by scripts/prerender.ts next to the site's folder (not published with it). */
export function scriptHashesFile(clientDir: string): string {
  return path.join(clientDir, '..', 'script-hashes.json');
}

/** The build's inline script hashes; none when the site has not been built. */
export function readScriptHashes(clientDir: string): string[] {
  try {
    return JSON.parse(readFileSync(scriptHashesFile(clientDir), 'utf8')) as string[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
