import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { adminConfigPath, type AdminConfig } from '../../shared/admin-api';
import { mediaPrefix, photosPrefix } from '../../lambdas/forms/upload-keys';
import { photoContentSecurityPolicy } from '../photos';
import { apiContentSecurityPolicy, securityHeaders } from '../security-headers';
import type { RequestListener } from './api-gateway-adapter';
import { sendJson, sendText } from './http-utils';
import { closeServer, listen } from './ports';

/**
 * The site's single origin, as CloudFront presents it: `/api/*` goes to API
 * Gateway (the adapter), `/photos/*` (the photos orders keep) and `/media/*`
 * (the picture library) to the uploads bucket, `/admin/config.json` is the
 * admin pages' sign-in configuration (written next to the site by the
 * deployment in AWS), everything else the static site. Every answer carries
 * the security headers CloudFront adds (infra/security-headers.ts).
 */

export interface SiteRoutes {
  api: RequestListener;
  photos: RequestListener;
  site: RequestListener;
  adminConfig: AdminConfig;
  /** The pages' Content-Security-Policy for the build being served (infra/security-headers.ts). */
  pagePolicy(): string;
}

export interface SiteServer {
  port: number;
  url: string;
  /** Starts routing requests; until then the server answers 503 "starting". */
  ready(routes: SiteRoutes): void;
  close(): Promise<void>;
}

/** Binds the site port first, so a port in use fails the start before anything else is launched. */
export async function startSiteServer(port: number, log: (line: string) => void): Promise<SiteServer> {
  let routes: SiteRoutes | undefined;

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    if (!routes) {
      req.resume();
      return sendText(res, 503, 'The local stack is starting, try again in a moment.\n', { 'retry-after': '1' });
    }
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const api = pathname === '/api' || pathname.startsWith('/api/');
    const photos = pathname.startsWith(`/${photosPrefix}`) || pathname.startsWith(`/${mediaPrefix}`);
    // The headers CloudFront's response headers policies add, the same for every answer of a path.
    const policy = api ? apiContentSecurityPolicy : photos ? photoContentSecurityPolicy : routes.pagePolicy();
    for (const [name, value] of Object.entries(securityHeaders(policy))) res.setHeader(name, value);
    if (api) return routes.api(req, res);
    if (photos) return routes.photos(req, res);
    if (pathname === adminConfigPath) {
      req.resume();
      return sendJson(res, 200, routes.adminConfig, { 'cache-control': 'no-cache' });
    }
    return routes.site(req, res);
  };

  const server: Server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      log(`[site] ${req.method} ${req.url} failed: ${(error as Error)?.stack ?? String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      else res.destroy();
    });
  });
  const bound = await listen(server, port, 'the site server');
  return {
    port: bound,
    url: `http://127.0.0.1:${bound}`,
    ready: (listeners) => {
      routes = listeners;
    },
    close: () => closeServer(server),
  };
}
