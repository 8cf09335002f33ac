import type { Language } from '../../../shared/languages';
import { manifestPath } from '../home-screen';
import { outboxFlag } from './outbox-flag';

/**
 * What the site does for weak networks once the page has loaded and is idle,
 * outside the first load: the web app manifest is named (../home-screen.ts),
 * the service worker (/sw.js) is registered and given what this page loaded,
 * orders kept on the phone from an earlier visit leave now, and what the
 * page asks (`alsoWhenIdle`) is done.
 */
export function afterFirstPaint(alsoWhenIdle?: () => void) {
  const start = () => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
    idle(() => {
      alsoWhenIdle?.();
      linkManifest();
      if (localStorage.getItem(outboxFlag)) void import('./outbox').then(({ flushOutbox }) => flushOutbox());
      if (import.meta.env.PROD && 'serviceWorker' in navigator) void registerServiceWorker();
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

async function registerServiceWorker() {
  const registration = await navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  const worker = registration && (await navigator.serviceWorker.ready).active;
  // Loaded before the worker was there, this page and its files are handed to it to keep.
  const assets = performance.getEntriesByType('resource').map((entry) => entry.name);
  worker?.postMessage({ page: window.location.href, assets });
}

/** Names the web app manifest of the language the page is read in (only now: see ../home-screen.ts). */
function linkManifest() {
  const language = document.documentElement.lang as Language;
  document.head.insertAdjacentHTML('beforeend', `<link rel="manifest" href="${manifestPath(language)}">`);
}
