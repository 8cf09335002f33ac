import type { Localized } from '../../../shared/languages';
import { useSiteText } from '../content/content';

/** The main navigation, shared by the header and the footer. */
export function useMainNavigation(): { to: string; label: Localized }[] {
  const { nav } = useSiteText();
  return [
    { to: '/', label: nav.home },
    { to: '/#products', label: nav.products },
    { to: '/#about', label: nav.about },
    { to: '/#services', label: nav.services },
    { to: '/#contact', label: nav.contact },
  ];
}
