import { liveKey, pageParent, pagesKey, sitesPrefix } from '../../../lambdas/content/site-routing';
import { publishedPhotosDir } from '../../../shared/content/model';
import { fallbackPageFile } from '../../../shared/content/renderer';
import { defaultLanguage, languages } from '../../../shared/languages';
import { languageChoiceParameter, languageCookie, languageCookieAttributes, languageRedirect } from '../../../shared/page-language';

/**
 * The CloudFront Function on the site bucket's behaviour (viewer request and
 * viewer response). It lists no page, so its size does not grow with the
 * catalogue or the languages: the live site and its pages are in the
 * distribution's key value store, written by the publisher
 * (lambdas/content/site-routing.ts).
 *
 * On the viewer request, for a page address (no file extension):
 * - an app's address (`/admin/orders`) is served the app's page;
 * - a language switch link (`?lang=fr`) or the stored choice (the `lang`
 *   cookie) that names another language than the address's redirects to
 *   the same page in it, before anything is painted (shared/page-language.ts);
 * - a page of the live site is served from its folder
 *   (`/fr/tracteurs` → `/sites/<live>/fr/tracteurs/index.html`), any other
 *   address the not-found page of its language;
 * - a publish's pictures and sitemaps come from the live site too; other
 *   files (hashed assets, icons) are the build's, as they are.
 * Before the first site is live, the build's own pages are served.
 * On the viewer response, the not-found page's status becomes 404 (a
 * distribution-wide error page would also rewrite the API's own 404s).
 */
export interface PageRouting {
  /** Apps (`/admin`): every address below one is served its `index.html`, with status 200. */
  apps: string[];
}

/** Source of the CloudFront Function (cloudfront-js-2.0, with the key value store associated). */
export function pageRoutingFunctionCode({ apps }: PageRouting): string {
  const prefixed = languages.filter((language) => language !== defaultLanguage);
  return `import cf from 'cloudfront';
const kvs = cf.kvs();
// Names the functions below were given by the build's transpiler, if any.
function __name(target) { return target; }
${languageRedirect.toString()}
${pageParent.toString()}
${pagesKey.toString()}
const apps = ${JSON.stringify(apps.map(encodeURI))};
const languagePrefix = /^\\/(${prefixed.join('|')})(?=\\/|$)/;
const liveSiteFiles = /^\\/(${publishedPhotosDir.replace('/', '\\/')}\\/|sitemap[^/]*\\.xml$)/;
const fallback = ${JSON.stringify(fallbackPageFile)};

async function read(key) {
  try {
    return await kvs.get(key);
  } catch (missing) {
    return undefined;
  }
}

// Whether the site has a page at this address (without its language): its parent lists it.
async function isPage(site, path) {
  if (path === '/') return true;
  const parts = pageParent(path);
  for (let chunk = 1; ; chunk++) {
    const value = await read(pagesKey(site, parts[0], chunk));
    if (value === undefined) return false;
    const names = value.split(' ');
    if (names.indexOf(parts[1]) >= 0) return true;
    if (names[names.length - 1] !== '+') return false;
  }
}

// What an address is: a file, an app's page, or a page (with its language prefix and its path without it).
function addressOf(uri) {
  if (/\\.[^/]*$/.test(uri)) return { file: true };
  const page = uri.length > 1 && uri.endsWith('/') ? uri.slice(0, -1) : uri;
  for (let i = 0; i < apps.length; i++) {
    if (page === apps[i] || page.startsWith(apps[i] + '/')) return { app: apps[i] };
  }
  const match = languagePrefix.exec(page);
  return { page: page, prefix: match ? match[0] : '', path: match ? page.slice(match[0].length) || '/' : page };
}

function valueOf(entries, name) {
  const entry = entries && entries[name];
  return entry ? entry.value : undefined;
}

// The query string without the language switch's parameter, as the visitor sent it.
function otherParameters(querystring) {
  const parts = [];
  const names = Object.keys(querystring || {});
  for (let n = 0; n < names.length; n++) {
    const name = names[n];
    if (name === ${JSON.stringify(languageChoiceParameter)}) continue;
    const entry = querystring[name];
    const values = entry.multiValue ? entry.multiValue : [entry];
    for (let i = 0; i < values.length; i++) parts.push(values[i].value === '' ? name : name + '=' + values[i].value);
  }
  return parts.length > 0 ? '?' + parts.join('&') : '';
}

async function handler(event) {
  const request = event.request;
  const address = addressOf(request.uri);
  if (event.context.eventType === 'viewer-response') {
    // The request as the viewer sent it, or as rewritten above: either way, the not-found page answers 404.
    const response = event.response;
    let missing = request.uri.endsWith('/' + fallback);
    if (!missing && response.statusCode === 200 && address.page !== undefined) {
      const site = await read(${JSON.stringify(liveKey)});
      missing = site !== undefined && !(await isPage(site, address.path));
    }
    if (missing && response.statusCode === 200) {
      response.statusCode = 404;
      response.statusDescription = 'Not Found';
    }
    return response;
  }
  if (address.file) {
    if (liveSiteFiles.test(request.uri)) {
      const site = await read(${JSON.stringify(liveKey)});
      if (site) request.uri = '/${sitesPrefix}' + site + request.uri;
    }
    return request;
  }
  if (address.app) {
    request.uri = address.app + '/index.html';
    return request;
  }
  const redirect = languageRedirect(address.page, valueOf(request.querystring, ${JSON.stringify(languageChoiceParameter)}), valueOf(request.cookies, ${JSON.stringify(languageCookie)}));
  if (redirect) {
    const response = {
      statusCode: 302,
      statusDescription: 'Found',
      headers: { location: { value: redirect.location + otherParameters(request.querystring) }, 'cache-control': { value: 'no-store' } },
    };
    if (redirect.store) response.cookies = { ${JSON.stringify(languageCookie)}: { value: redirect.store, attributes: ${JSON.stringify(`${languageCookieAttributes}; Secure`)} } };
    return response;
  }
  const site = await read(${JSON.stringify(liveKey)});
  const root = site ? '/${sitesPrefix}' + site : '';
  const found = site ? await isPage(site, address.path) : true;
  request.uri = found ? root + (address.page === '/' ? '' : address.page) + '/index.html' : root + address.prefix + '/' + fallback;
  return request;
}
`;
}
