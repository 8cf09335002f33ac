import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Maps site URLs to objects of the static build, in a CloudFront Function on
 * the S3 behaviour only: on the viewer request it picks the object, on the
 * viewer response it makes an address without a page a 404. Distribution-wide
 * custom error pages would do the same, but would also rewrite the API's own
 * 403/404 answers under /api/*.
 */
export interface PageRouting {
  /** Prerendered pages (`/`, `/tracteurs`): each served from `<page>/index.html`. */
  pages: string[];
  /** Apps (`/admin`): every address below one is served its `index.html`, with status 200. */
  apps: string[];
  /** Served, with status 404, for any other extension-less path; its script shows what is missing. */
  fallback: string;
}

/** Reads the build folder the prerender step wrote; `apps` are the paths served by one page each (the staff admin). */
export function pageRoutingFor(buildDir: string, apps: string[] = []): PageRouting {
  const files = existsSync(buildDir) ? readdirSync(buildDir, { recursive: true, encoding: 'utf8' }) : [];
  const pages = files
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
    .map((file) => `/${file.slice(0, -'index.html'.length)}`.replace(/(.)\/$/, '$1'))
    .sort();
  // With `/` prerendered, React Router writes the SPA shell to __spa-fallback.html.
  const fallback = files.includes('__spa-fallback.html') ? '/__spa-fallback.html' : '/index.html';
  return { pages, apps: apps.filter((app) => pages.includes(app)), fallback };
}

/** Source of the CloudFront Function (cloudfront-js-2.0). */
export function pageRoutingFunctionCode({ pages, apps, fallback }: PageRouting): string {
  const known = Object.fromEntries(pages.map((page) => [encodeURI(page), true]));
  return `var pages = ${JSON.stringify(known)};
var apps = ${JSON.stringify(apps.map(encodeURI))};
var fallback = ${JSON.stringify(fallback)};
// The page for a URL: null for files (hashed assets, favicon.svg, …), false for none.
function pageFor(uri) {
  if (/\\.[^/]*$/.test(uri)) return null;
  var page = uri.length > 1 && uri.endsWith('/') ? uri.slice(0, -1) : uri;
  if (pages[page]) return (page === '/' ? '' : page) + '/index.html';
  for (var i = 0; i < apps.length; i++) {
    if (page.startsWith(apps[i] + '/')) return apps[i] + '/index.html';
  }
  return false;
}
function handler(event) {
  var page = pageFor(event.request.uri);
  if (event.context.eventType === 'viewer-response') {
    var response = event.response;
    // The request as the viewer sent it (or, should CloudFront pass it rewritten, the fallback's key).
    if ((page === false || event.request.uri === fallback) && response.statusCode === 200) {
      response.statusCode = 404;
      response.statusDescription = 'Not Found';
    }
    return response;
  }
  if (page !== null) event.request.uri = page || fallback;
  return event.request;
}
`;
}
