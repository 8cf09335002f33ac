import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLocalize } from '../../shared/i18n/language';
import { useSiteText } from '../../shared/content/content';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from '../../shared/components/Logo';
import { useMainNavigation } from './navigation';
import { homePath } from '../config/paths';
import { searchText, SiteSearch } from '../search/SiteSearch';

export function SiteHeader({ pageShown }: { pageShown: boolean }) {
  const siteText = useSiteText();
  const localize = useLocalize();
  const menu = useClosingMenu();
  const [searching, setSearching] = useSearchPanel();
  const links = useMainNavigation().map(({ to, label }) => (
    <li key={to}>
      <Link to={to} className="flex min-h-12 items-center rounded-lg px-3 font-medium hover:bg-brand-50 hover:text-brand-800">
        {localize(label)}
      </Link>
    </li>
  ));

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2">
        <Link to={homePath} className="flex min-h-12 items-center gap-2 font-bold text-brand-800">
          <Logo className="size-9" />
          {/* Below 640 px the logo stands alone (the name stays its link's name): with the search, the languages and
              the menu, the name's longest word would push the row wider than a 360 px phone. */}
          <span className="sr-only text-lg leading-tight sm:not-sr-only">{localize(siteText.brand)}</span>
        </Link>
        <nav aria-label={localize(siteText.nav.label)} className="ms-auto hidden md:block">
          <ul className="flex items-center gap-1">{links}</ul>
        </nav>
        <button
          type="button"
          aria-expanded={searching}
          onClick={() => setSearching((open) => !open)}
          className="ms-auto flex size-12 shrink-0 items-center justify-center rounded-lg hover:bg-brand-50 md:order-last md:ms-0"
        >
          <span className="sr-only">{localize(searchText.open)}</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="11" cy="11" r="6.5" />
            <path d="M16 16l4.5 4.5" />
          </svg>
        </button>
        <div className="md:ms-2">
          <LanguageSwitch pageShown={pageShown} />
        </div>
        <details ref={menu} className="group relative md:hidden">
          <summary className="flex size-12 cursor-pointer list-none items-center justify-center rounded-lg hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
            <span className="sr-only">{localize(siteText.nav.menu)}</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </summary>
          <nav
            aria-label={localize(siteText.nav.label)}
            className="absolute end-0 mt-2 w-56 rounded-xl border border-line bg-white p-2 shadow-lg"
          >
            <ul>{links}</ul>
          </nav>
        </details>
      </div>
      {searching && (
        <div className="mx-auto max-h-[75dvh] max-w-6xl overflow-y-auto px-4 pb-3">
          <SiteSearch autoFocus onFollow={() => setSearching(false)} />
        </div>
      )}
    </header>
  );
}

/** The header's search panel: opened by its button, closed by it, by Escape and once a result is followed. */
function useSearchPanel() {
  const state = useState(false);
  const [open, setOpen] = state;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, setOpen]);
  return state;
}

/**
 * The phone menu, a <details> that opens without scripts, closes once a link
 * in it is followed (the page stays, a section link only scrolls), on a tap
 * outside it, or with Escape.
 */
function useClosingMenu() {
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const onTap = (event: MouseEvent) => {
      const element = menu.current;
      if (!element?.open) return;
      const target = event.target instanceof Element ? event.target : null;
      if (!target || !element.contains(target) || target.closest('a')) element.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      const element = menu.current;
      if (event.key !== 'Escape' || !element?.open) return;
      element.open = false;
      element.querySelector('summary')?.focus();
    };
    document.addEventListener('click', onTap);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onTap);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return menu;
}
