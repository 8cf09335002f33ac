import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Maps site URLs to objects of the static build, in a CloudFront Function
 * (viewer request) on the S3 behaviour only. Distribution-wide custom error
 * pages would do the SPA fallback too, but would also rewrite the API's own
 * 403/404 answers under /api/*.
 */
export interface PageRouting {
  /** Prerendered pages (`/`, `/tracteurs`): each served from `<page>/index.html`. */
  pages: string[];
  /** Served for any other extension-less path; the client router renders it. */
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
export function viewerRequestFunctionCode({ pages, fallback }: PageRouting): string {
  const known = Object.fromEntries(pages.map((page) => [encodeURI(page), true]));
  return `var pages = ${JSON.stringify(known)};
var fallback = ${JSON.stringify(fallback)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  // Files (hashed assets, .data loaders, favicon.ico, …) are served as they are.
  if (/\\.[^/]*$/.test(uri)) return request;
  var page = uri.length > 1 && uri.endsWith('/') ? uri.slice(0, -1) : uri;
  request.uri = pages[page] ? (page === '/' ? '' : page) + '/index.html' : fallback;
  return request;
}
`;
}
