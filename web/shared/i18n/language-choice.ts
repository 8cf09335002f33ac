import { useSyncExternalStore } from 'react';
import { defaultLanguage, isLanguage, type Language } from '../../../shared/languages';
import { languageCookieValue, storedLanguageChoice } from '../../../shared/page-language';

/**
 * The visitor's chosen language, kept in the `lang` cookie for a year
 * (shared/page-language.ts): the CDN and the local site server read it to
 * send a returning visitor to their language's address before anything is
 * painted. A switch link stores it on the server's side before the scripts
 * have run; once they have, the page stores it itself.
 */
const listeners = new Set<() => void>();
/** The choice a page without a language in its address (the admin) shows: read once, then changed by its own switch only. */
let shown: Language | undefined;

export function storedLanguage(): Language | undefined {
  const stored = storedLanguageChoice(document.cookie);
  return isLanguage(stored) ? stored : undefined;
}

export function storeLanguage(language: Language) {
  document.cookie = languageCookieValue(language);
  shown = language;
  listeners.forEach((listener) => listener());
}

/** Earlier versions kept the choice in localStorage: it moves to the cookie once, the page shown stays as it is. */
const earlierStorageKey = 'lang';

export function keepEarlierChoice() {
  try {
    const earlier = window.localStorage.getItem(earlierStorageKey);
    if (earlier === null) return;
    window.localStorage.removeItem(earlierStorageKey);
    if (isLanguage(earlier) && !storedLanguage()) document.cookie = languageCookieValue(earlier);
  } catch {
    // storage can be blocked (private mode, embedded views): nothing to move then
  }
}

/**
 * The stored choice, or Arabic, for pages whose address names no language
 * (the admin): renders again when this page's switch changes it, never
 * because another tab did.
 */
export function useStoredLanguage(): Language {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (shown ??= storedLanguage() ?? defaultLanguage),
    () => defaultLanguage,
  );
}
