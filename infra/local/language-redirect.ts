import { isLanguage } from '../../shared/languages';
import { languageChoiceIn, languageCookieValue, languageRedirect, storedLanguageChoice, withoutLanguageChoice } from '../../shared/page-language';

/**
 * What the CDN's function does before a page is served, locally: a page
 * address goes to the same page in the language a switch link chose
 * (`?lang=fr`, then kept in the cookie) or in the visitor's stored choice
 * (shared/page-language.ts `languageRedirect`), its other query parameters
 * kept. Files, the API, pictures and the apps (`/admin`) are never sent elsewhere.
 */
const notPages = ['/api', '/photos', '/media', '/uploads'];

export function pageLanguageRedirect(url: string, cookies: string | undefined, apps: string[]): { location: string; setCookie?: string } | undefined {
  const { pathname, search } = new URL(url, 'http://localhost');
  if (!isPageAddress(pathname, apps)) return undefined;
  const redirect = languageRedirect(pathname, languageChoiceIn(search), storedLanguageChoice(cookies));
  if (!redirect) return undefined;
  const location = redirect.location + withoutLanguageChoice(search);
  return isLanguage(redirect.store) ? { location, setCookie: languageCookieValue(redirect.store) } : { location };
}

function isPageAddress(pathname: string, apps: string[]): boolean {
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.') && ![...notPages, ...apps].some(under);
}
