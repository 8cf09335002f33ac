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
  /** Served, with status 404, for any other extension-less path; its script shows what is missing. */
  fallback: string;
}

/** Reads the build folder React Router wrote (`ssr: false` with prerendering). */
export function pageRoutingFor(buildDir: string): PageRouting {
  const files = existsSync(buildDir) ? readdirSync(buildDir, { recursive: true, encoding: 'utf8' }) : [];
  const pages = files
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
    .map((file) => `/${file.slice(0, -'index.html'.length)}`.replace(/(.)\/$/, '$1'))
    .sort();
  // With `/` prerendered, React Router writes the SPA shell to __spa-fallback.html.
  const fallback = files.includes('__spa-fallback.html') ? '/__spa-fallback.html' : '/index.html';
  return { pages, fallback };
}

/** Source of the CloudFront Function (cloudfront-js-2.0). */
export function pageRoutingFunctionCode({ pages, fallback }: PageRouting): string {
  const known = Object.fromEntries(pages.map((page) => [encodeURI(page), true]));
  return `var pages = ${JSON.stringify(known)};
var fallback = ${JSON.stringify(fallback)};
// The prerendered page for a URL: null for files (hashed assets, favicon.svg, …), false for none.
function pageFor(uri) {
  if (/\\.[^/]*$/.test(uri)) return null;
  var page = uri.length > 1 && uri.endsWith('/') ? uri.slice(0, -1) : uri;
  return pages[page] ? (page === '/' ? '' : page) + '/index.html' : false;
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
