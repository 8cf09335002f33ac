import { recordEarlyTaps } from './lib/early-taps';

declare global {
  interface Window {
    /** Set by the page served for paths that were not prerendered. */
    __spaFallback?: boolean;
  }
}

/**
 * What a rendered page gets around React's HTML, the same for the prerender
 * step and the dev server: extras in <head> (inline styles), the script that
 * keeps an early tap, the fallback page's marker, and the page's scripts.
 */
export function completePage(html: string, { head = '', scripts, fallback }: { head?: string; scripts: string; fallback: boolean }): string {
  const marker = fallback ? '<script>window.__spaFallback = true</script>' : '';
  return html.replace('</head>', `${head}<script>${recordEarlyTaps}</script></head>`).replace('</body>', `${marker}${scripts}</body>`);
}
