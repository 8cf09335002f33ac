import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { languages, type Language } from '../../../shared/languages';
import { pathInLanguage, withLanguageChoice, withoutLanguageChoice } from '../../../shared/page-language';
import { useSiteText } from '../content/content';
import { useHydrated } from '../hooks/useHydrated';
import { storeLanguage } from '../i18n/language-choice';
import { useLanguage, useLocalize } from '../i18n/language';
import { useGoToAddress } from '../i18n/LanguageRouter';

/** Each language in its own words. */
export const languageNames: Record<Language, string> = { ar: 'العربية', fr: 'Français', en: 'English' };

const choiceClass =
  'flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-semibold uppercase text-ink-muted aria-[current=true]:bg-brand-700 aria-[current=true]:text-white aria-pressed:bg-brand-700 aria-pressed:text-white';

/**
 * AR / FR / EN: links to the same page in each language. Before the scripts
 * have run, a link carries the choice (`/fr/tracteurs?lang=fr`) and the
 * server stores it and sends the visitor to the clean address; once they
 * have, a tap stores the choice here and changes the page without a reload.
 * `pageShown` is false while the fallback page shows the frame alone: its
 * HTML was made without knowing the address, so it links to the homes then.
 */
export function LanguageSwitch({ pageShown }: { pageShown: boolean }) {
  const current = useLanguage();
  const location = useLocation();
  const goTo = useGoToAddress();
  // The HTML knows the page's path only: the query string and hash join once hydrated.
  const hydrated = useHydrated();
  const path = pageShown ? location.pathname : '/';
  const search = hydrated ? location.search : '';
  const hash = hydrated ? location.hash : '';

  const choose = (event: MouseEvent, language: Language) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // a new tab asks the server
    event.preventDefault();
    storeLanguage(language);
    goTo(pathInLanguage(path, language) + withoutLanguageChoice(search) + hash);
  };

  return (
    <LanguageChoices>
      {languages.map((language) => (
        <a
          key={language}
          href={pathInLanguage(path, language) + withLanguageChoice(search, language) + hash}
          hrefLang={language}
          lang={language}
          aria-label={languageNames[language]}
          aria-current={language === current || undefined}
          onClick={(event) => choose(event, language)}
          className={choiceClass}
        >
          {language}
        </a>
      ))}
    </LanguageChoices>
  );
}

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
          className={choiceClass}
        >
          {language}
        </button>
      ))}
    </LanguageChoices>
  );
}

function LanguageChoices({ children }: { children: ReactNode }) {
  const siteText = useSiteText();
  const localize = useLocalize();
  return (
    <div role="group" aria-label={localize(siteText.language.label)} className="flex rounded-lg border border-line p-0.5">
      {children}
    </div>
  );
}
