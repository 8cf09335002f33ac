import type { PageParts } from '../../shared/content/renderer';
import { contentScript } from './content/content-script';
import { keepAddressOnEarlySwitch } from './i18n/early-switch';
import favicon from '../public/favicon.svg?raw';
import { appleTouchIconPath } from './home-screen';
import { recordEarlyTaps } from './lib/early-taps';

declare global {
  interface Window {
    /** Set by the page served for paths that were not prerendered. */
    __spaFallback?: boolean;
  }
}

/**
 * The icons' links. The tab icon is written into the page itself: fetched,
 * it went out before the first paint, beside the fonts that paint waits for.
 */
const iconLinks = `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(favicon.trim())}" type="image/svg+xml"><link rel="apple-touch-icon" href="${appleTouchIconPath}">`;

/**
 * What a rendered page gets around React's HTML, the same for the prerender
 * step, the publisher and the dev server: extras in <head> (inline styles,
 * the icons' links, which need no script), the script that keeps an early
 * tap and the address on an early language switch, the fallback page's
 * marker, staff's changes to what it shows as data, and the page's scripts. The scripts are
 * the same for every content: only the data differs.
 */
export function completePage(html: string, { head = '', scripts, fallback, content }: Partial<PageParts> & { scripts: string; fallback: boolean }): string {
  const marker = fallback ? '<script>window.__spaFallback = true</script>' : '';
  const data = content ? contentScript(content) : '';
  return html
    .replace('</head>', `${head}${iconLinks}<script>${recordEarlyTaps}\n${keepAddressOnEarlySwitch}</script></head>`)
    .replace('</body>', `${data}${marker}${scripts}</body>`);
}
