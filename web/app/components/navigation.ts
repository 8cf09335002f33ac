import type { Localized } from '../../../shared/languages';
import { siteText } from '../i18n/site-text';

/** The main navigation, shared by the header and the footer. */
export const mainNavigation: { to: string; label: Localized }[] = [
  { to: '/', label: siteText.nav.home },
  { to: '/#products', label: siteText.nav.products },
  { to: '/#about', label: siteText.nav.about },
  { to: '/#services', label: siteText.nav.services },
  { to: '/#contact', label: siteText.nav.contact },
];
