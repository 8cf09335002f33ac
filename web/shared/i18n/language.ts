import { createContext, useCallback, useContext } from 'react';
import { defaultLanguage, type Language, type Localized } from '../../../shared/languages';

/**
 * The language everything on screen speaks. A public page takes it from its
 * address (`/fr/tracteurs` is French: web/app/i18n/LanguageRouter.tsx), in its HTML
 * and in the browser alike, so nothing changes language once shown; the
 * staff admin takes it from the visitor's stored choice (i18n/language-choice.ts).
 */
export const PageLanguage = createContext<Language>(defaultLanguage);

export function useLanguage(): Language {
  return useContext(PageLanguage);
}

/** Returns a function picking the current language's version of a localized text. */
export function useLocalize(): <T>(text: Localized<T>) => T {
  const language = useLanguage();
  return useCallback(<T,>(text: Localized<T>) => text[language], [language]);
}
