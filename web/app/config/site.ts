/**
 * The site's public address, for links that must be absolute (the preview a
 * shared link shows on Facebook or WhatsApp). Set VITE_SITE_URL at build time.
 */
export const siteUrl = (import.meta.env.VITE_SITE_URL ?? 'https://www.materiel-agricole.dz').replace(/\/$/, '');

export const shareImage = { path: '/share.jpg', width: 1200, height: 630 };
