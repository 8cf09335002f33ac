import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { languages, type Language } from '../../../shared/languages';
import { pathInLanguage, withLanguageChoice, withoutLanguageChoice } from '../../../shared/page-language';
import { homePath } from '../config/paths';
import { useHydrated } from '../hooks/useHydrated';
import { storeLanguage } from '../../shared/i18n/language-choice';
import { useLanguage } from '../../shared/i18n/language';
import { LanguageChoices, languageChoiceClass, languageNames } from '../../shared/components/LanguageChoices';
import { useGoToAddress } from '../i18n/LanguageRouter';

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
  const path = pageShown ? location.pathname : homePath;
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
          className={languageChoiceClass}
        >
          {language}
        </a>
      ))}
    </LanguageChoices>
  );
}
