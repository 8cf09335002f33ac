/** The site's languages. Arabic is the default and the only right-to-left one. */
export const languages = ['ar', 'fr', 'en'] as const;

export type Language = (typeof languages)[number];

export const defaultLanguage: Language = 'ar';

/** A text (or any value) given once per language. */
export type Localized<T = string> = Record<Language, T>;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export function textDirection(language: Language): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** BCP 47 locale used for number, currency and date formatting. */
export const locales: Localized = { ar: 'ar-DZ', fr: 'fr-FR', en: 'en-GB' };

/**
 * Picks the first supported language from an Accept-Language header value
 * ("fr-FR,fr;q=0.9,en;q=0.8"), falling back to the default language.
 */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return defaultLanguage;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.toLowerCase().split('-')[0], weight: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => !Number.isNaN(entry.weight))
    .sort((a, b) => b.weight - a.weight);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? defaultLanguage;
}
