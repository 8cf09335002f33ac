import { defaultLanguage, isLanguage, type Language } from './languages';

/**
 * Every public page exists in each language at its own address: Arabic (the
 * default) at the page's path (`/tracteurs`), French under `/fr`
 * (`/fr/tracteurs`), English under `/en`. The home pages are `/`, `/fr` and `/en`.
 */

/** The cookie that keeps the visitor's chosen language, read before a page is served (the edge, the local site server). */
export const languageCookie = 'lang';

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
 * Where a visitor whose stored choice is `stored` (the language cookie) goes
 * from the page address `pathname`: the same page in their language, or
 * undefined when it already is (or nothing valid is stored). Only for page
 * addresses: files, the API and the admin are never sent elsewhere.
 *
 * It uses no imports and no outer names, and only what CloudFront Functions
 * run: the edge runs this very source (infra/aws/constructs/page-routing.ts),
 * the local site server calls it.
 */
export function storedLanguageRedirect(pathname: string, stored: string | undefined): string | undefined {
  const prefixes: Record<string, string> = { ar: '', fr: '/fr', en: '/en' };
  if (typeof stored !== 'string' || !Object.prototype.hasOwnProperty.call(prefixes, stored)) return undefined;
  const match = /^\/(fr|en)(\/|$)/.exec(pathname);
  const current = match ? match[1] : 'ar';
  if (current === stored) return undefined;
  const path = match ? pathname.slice(match[1].length + 1) || '/' : pathname;
  const prefix = prefixes[stored];
  return prefix && path === '/' ? prefix : prefix + path;
}
