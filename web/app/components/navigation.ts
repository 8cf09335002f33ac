import type { Localized } from '../../../shared/languages';
import { useSiteText } from '../../shared/content/content';
import { homePath } from '../config/paths';

/** The main navigation, shared by the header and the footer. */
export function useMainNavigation(): { to: string; label: Localized }[] {
  const { nav } = useSiteText();
  return [
    { to: homePath, label: nav.home },
    { to: `${homePath}#products`, label: nav.products },
    { to: `${homePath}#about`, label: nav.about },
    { to: `${homePath}#services`, label: nav.services },
    { to: `${homePath}#contact`, label: nav.contact },
  ];
}
