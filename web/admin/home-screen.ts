import { adminPath } from '../../shared/admin-api';
import type { Language } from '../../shared/languages';

/**
 * What lets staff install the admin on a phone apart from the public site:
 * a web app manifest per language whose scope and start are the admin's,
 * and icons of their own (the dealer's mark on the dark ink, not the site's
 * green), written into web/public by `npm run home-screen:build`
 * (scripts/build-home-screen.ts). The admin's page names the manifest of
 * the staff member's language (./index.html, then ./AdminApp.tsx).
 */

export const adminManifestPath = (language: Language) => `/admin-manifest.${language}.webmanifest`;

export const adminIcons = [
  { src: '/icons/admin-icon-192.png', size: 192, purpose: 'any' },
  { src: '/icons/admin-icon-512.png', size: 512, purpose: 'any' },
  { src: '/icons/admin-icon-maskable-192.png', size: 192, purpose: 'maskable' },
  { src: '/icons/admin-icon-maskable-512.png', size: 512, purpose: 'maskable' },
] as const satisfies readonly { src: string; size: number; purpose: 'any' | 'maskable' }[];

/** Where an installed admin opens: the inbox. */
export const adminStartUrl = `${adminPath}/orders`;
