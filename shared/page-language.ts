import { defaultLanguage, isLanguage, type Language } from './languages';

/**
 * Every public page exists in each language at its own address: Arabic (the
 * default) at the page's path (`/tracteurs`), French under `/fr`
 * (`/fr/tracteurs`), English under `/en`. The home pages are `/`, `/fr` and `/en`.
 */

/** The cookie that keeps the visitor's chosen language, read before a page is served (the edge, the local site server). */
export const languageCookie = 'lang';

/** The cookie's attributes: the whole site, a year, sent when arriving from another site's link. */
export const languageCookieAttributes = 'Path=/; Max-Age=31536000; SameSite=Lax';

/** The address of the page at `path` (an Arabic, unprefixed path) in `language`. */
export function pathInLanguage(path: string, language: Language): string {
  if (language === defaultLanguage) return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

/** The language of a page address and the page's path without it: `/fr/tracteurs` → fr, `/tracteurs`. */
export function splitPageLanguage(pathname: string): { language: Language; path: string } {
  const [, first = '', rest = ''] = /^\/([^/]*)(\/.*)?$/.exec(pathname) ?? [];
  if (first === defaultLanguage || !isLanguage(first)) return { language: defaultLanguage, path: pathname };
  return { language: first, path: rest === '' || rest === '/' ? '/' : rest };
}

/**
 * The query parameter of a language switch link (`/fr/tracteurs?lang=fr`):
 * the visitor chose that language, which is stored, even before the page's
 * scripts have run.
 */
export const languageChoiceParameter = 'lang';

/**
 * Where a page address sends the visitor before anything is painted, from
 * the language chosen by a switch link (`chosen`, the query parameter above)
 * or the stored choice (`stored`, the language cookie):
 * - a choice: the same page in that language, without the parameter, and
 *   `store` says to keep the choice in the cookie;
 * - a stored choice: the same page in that language, when it is not already;
 * - undefined: serve the page (nothing valid chosen or stored, or already there).
 * Other query parameters are the caller's to keep. Only for page addresses:
 * files, the API and the admin are never sent elsewhere.
 *
 * It uses no imports and no outer names, and only what CloudFront Functions
 * run: the edge runs this very source (infra/aws/constructs/page-routing.ts),
 * the local site server calls it.
 */
export function languageRedirect(
  pathname: string,
  chosen: string | undefined,
  stored: string | undefined,
): { location: string; store?: string } | undefined {
  const prefixes: Record<string, string> = { ar: '', fr: '/fr', en: '/en' };
  const known = (value: string | undefined): value is string => typeof value === 'string' && Object.prototype.hasOwnProperty.call(prefixes, value);
  const match = /^\/(fr|en)(?=\/|$)/.exec(pathname);
  const current = match ? match[0].slice(1) : 'ar';
  const path = match ? pathname.slice(match[0].length) || '/' : pathname;
  const at = (language: string) => (prefixes[language] && path === '/' ? prefixes[language] : prefixes[language] + path);
  if (known(chosen)) return { location: at(chosen), store: chosen };
  if (!known(stored) || stored === current) return undefined;
  return { location: at(stored) };
}
