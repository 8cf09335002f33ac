import { languages, type Language } from '../../../shared/languages';
import { setLanguage, useLanguage, useLocalize } from '../i18n/language';
import { useSiteText } from '../content/content';

/** Each language in its own words. */
export const languageNames: Record<Language, string> = { ar: 'العربية', fr: 'Français', en: 'English' };

/** AR / FR / EN buttons; the choice is kept for the next visits. */
export function LanguageSwitch() {
  const siteText = useSiteText();
  const current = useLanguage();
  const localize = useLocalize();
  return (
    <div role="group" aria-label={localize(siteText.language.label)} className="flex rounded-lg border border-line p-0.5">
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-label={languageNames[language]}
          aria-pressed={language === current}
          onClick={() => setLanguage(language)}
          className="min-h-11 min-w-11 rounded-md px-2 text-sm font-semibold uppercase text-ink-muted aria-pressed:bg-brand-700 aria-pressed:text-white"
        >
          {language}
        </button>
      ))}
    </div>
  );
}
