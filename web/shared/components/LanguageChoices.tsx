import type { ReactNode } from 'react';
import { languages, type Language } from '../../../shared/languages';
import { useSiteText } from '../content/content';
import { storeLanguage } from '../i18n/language-choice';
import { useLanguage, useLocalize } from '../i18n/language';

/** Each language in its own words. */
export const languageNames: Record<Language, string> = { ar: 'العربية', fr: 'Français', en: 'English' };

/** One choice of the group: the current language stands out. */
export const languageChoiceClass =
  'flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-semibold uppercase text-ink-muted aria-[current=true]:bg-brand-700 aria-[current=true]:text-white aria-pressed:bg-brand-700 aria-pressed:text-white';

/** AR / FR / EN buttons, for pages whose address does not name a language (the staff admin). */
export function LanguageButtons() {
  const current = useLanguage();
  return (
    <LanguageChoices>
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-label={languageNames[language]}
          aria-pressed={language === current}
          onClick={() => storeLanguage(language)}
          className={languageChoiceClass}
        >
          {language}
        </button>
      ))}
    </LanguageChoices>
  );
}

/** The labelled group the choices sit in. */
export function LanguageChoices({ children }: { children: ReactNode }) {
  const siteText = useSiteText();
  const localize = useLocalize();
  return (
    <div role="group" aria-label={localize(siteText.language.label)} className="flex rounded-lg border border-line p-0.5">
      {children}
    </div>
  );
}
