import { defaultLanguage, isLanguage, languages, type Language } from './languages';

/**
 * Every public page exists in each language at its own address: Arabic (the
 * default) at the page's path (`/tracteurs`), French under `/fr`
 * (`/fr/tracteurs`), English under `/en`. The home pages are `/`, `/fr` and `/en`.
 */

/** The cookie that keeps the visitor's chosen language, read before a page is served (the edge, the local site server). */
export const languageCookie = 'lang';

const oneYearSeconds = 365 * 24 * 60 * 60;

/** The cookie's attributes: the whole site, a year, sent when arriving from another site's link. */
export const languageCookieAttributes = `Path=/; Max-Age=${oneYearSeconds}; SameSite=Lax`;

/** The cookie keeping a choice for a year on every page (a `Set-Cookie` value, or what `document.cookie` takes). */
export function languageCookieValue(language: Language): string {
  return `${languageCookie}=${language}; ${languageCookieAttributes}`;
}

/** The stored choice in a `Cookie` header (or `document.cookie`), as written: the caller checks it is a language. */
export function storedLanguageChoice(cookies: string | undefined): string | undefined {
  for (const cookie of cookies?.split(';') ?? []) {
    const [name = '', value = ''] = cookie.split('=', 2);
    if (name.trim() === languageCookie) return value.trim();
  }
  return undefined;
}

/** The address of the page at `path` (an Arabic, unprefixed path) in `language`. */
export function pathInLanguage(path: string, language: Language): string {
  if (language === defaultLanguage) return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

/** The page at `path` in each language, and `x-default` (the Arabic address), for `hreflang` alternates. */
export function alternateAddresses(path: string): { hreflang: Language | 'x-default'; address: string }[] {
  return [
    ...languages.map((language) => ({ hreflang: language, address: pathInLanguage(path, language) })),
    { hreflang: 'x-default', address: pathInLanguage(path, defaultLanguage) },
  ];
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

/** A query string's parameters as written, `?a=1&lang=fr` → `a=1`, `lang=fr`. */
const queryParts = (search: string) => search.replace(/^\?/, '').split('&').filter((part) => part !== '');
const isChoice = (part: string) => part.split('=', 1)[0] === languageChoiceParameter;

/** The language a switch link chose (`?lang=fr` → `fr`), as written: {@link languageRedirect} checks it. */
export function languageChoiceIn(search: string): string | undefined {
  return queryParts(search).find(isChoice)?.slice(languageChoiceParameter.length + 1);
}

/** The query string without the language choice, the other parameters kept as written (`''` when none is left). */
export function withoutLanguageChoice(search: string): string {
  const kept = queryParts(search).filter((part) => !isChoice(part));
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

/** The query string of a switch link to `language`: the page's own parameters, then the choice. */
export function withLanguageChoice(search: string, language: Language): string {
  return `?${[...queryParts(withoutLanguageChoice(search)), `${languageChoiceParameter}=${language}`].join('&')}`;
}

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
