import { createContext, startTransition, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type Navigator, type NavigationType } from 'react-router';
import type { Language } from '../../../shared/languages';
import { pathInLanguage, splitPageLanguage } from '../../../shared/page-language';
import { PageLanguage } from '../../shared/i18n/language';

/**
 * The router of the public pages: the address names the language
 * (`/fr/tracteurs`), and the language's prefix is the router's basename, so
 * the pages see their own paths (`/tracteurs`) and every link they make
 * (`<Link to="/tracteurs">`, `navigate('/thank-you')`) stays in the
 * visitor's language. React Router's own routers keep one basename for good;
 * this one follows the address, so a language switch is a navigation.
 */

/** The language of a page address and the router's basename for it: `/fr/tracteurs` → fr, `/fr`. */
export function addressLanguage(pathname: string): { language: Language; basename: string } {
  const { language } = splitPageLanguage(pathname);
  return { language, basename: pathInLanguage('/', language) };
}

/** Goes to an address outside the current language's basename (the same page in another language). */
const GoToAddress = createContext<(address: string) => void>((address) => window.location.assign(address));

export function useGoToAddress(): (address: string) => void {
  return useContext(GoToAddress);
}

export function BrowserLanguageRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [goTo] = useState(() => (address: string) => history.push(address));
  const [state, setState] = useState<{ action: NavigationType; location: Location }>({ action: history.action, location: history.location });
  // In a transition, as React Router's BrowserRouter does: the page shown stays until the next one is ready.
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  const { language, basename } = addressLanguage(state.location.pathname);
  return (
    <GoToAddress value={goTo}>
      <PageLanguage value={language}>
        <Router basename={basename} location={state.location} navigationType={state.action} navigator={history as Navigator}>
          {children}
        </Router>
      </PageLanguage>
    </GoToAddress>
  );
}
