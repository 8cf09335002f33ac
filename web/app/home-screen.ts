import type { Language } from '../../shared/languages';

/**
 * What lets a farmer add the site to the phone's home screen: a web app
 * manifest per language and the dealer's mark as icons, written into
 * web/public by `npm run home-screen:build` (scripts/build-home-screen.ts).
 *
 * The page shell writes the icons' links into every page's head, with no
 * script. The manifest's link comes once the page has painted
 * (./offline/after-first-paint.ts): Chromium fetches a
 * manifest as soon as a page names one, to check that the site can be
 * installed, and that fetch went out beside the font the first paint waits
 * for (docs/decisions/0017-orders-survive-the-network.md, "Home screen").
 */

export const manifestPath = (language: Language) => `/manifest.${language}.webmanifest`;
export const appleTouchIconPath = '/apple-touch-icon.png';

export interface AppIcon {
  src: string;
  size: number;
  /** `maskable`: drawn to the edges, the mark inside the safe zone, for launchers that cut their own shape. */
  purpose: 'any' | 'maskable';
}

export const appIcons: AppIcon[] = [
  { src: '/icons/icon-192.png', size: 192, purpose: 'any' },
  { src: '/icons/icon-512.png', size: 512, purpose: 'any' },
  { src: '/icons/icon-maskable-192.png', size: 192, purpose: 'maskable' },
  { src: '/icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
];
