import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { defaultLanguage, isLanguage, type Language, type Localized } from '../../../shared/languages';

/**
 * The visitor's language, kept across visits in localStorage.
 *
 * Pages are prerendered in the default language; during hydration React reads
 * the server snapshot (Arabic) so the markup matches, then re-renders in the
 * stored language. A page rendered in Node in another language (a staff
 * preview) names it with PrerenderLanguage.
 */
const storageKey = 'lang';
const listeners = new Set<() => void>();
let current: Language | undefined;

function readStored(): Language {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return isLanguage(stored) ? stored : defaultLanguage;
  } catch {
    return defaultLanguage; // storage can be blocked (private mode, embedded views)
  }
}

function snapshot(): Language {
  current ??= readStored();
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setLanguage(language: Language) {
  current = language;
  try {
    window.localStorage.setItem(storageKey, language);
  } catch {
    // the choice still holds for this visit
  }
  listeners.forEach((listener) => listener());
}

/** The language pages render in outside a browser (and while hydrating): Arabic unless told. */
export const PrerenderLanguage = createContext<Language>(defaultLanguage);

export function useLanguage(): Language {
  const prerendered = useContext(PrerenderLanguage);
  return useSyncExternalStore(subscribe, snapshot, () => prerendered);
}

/** Returns a function picking the current language's version of a localized text. */
export function useLocalize(): <T>(text: Localized<T>) => T {
  const language = useLanguage();
  return useCallback(<T,>(text: Localized<T>) => text[language], [language]);
}
