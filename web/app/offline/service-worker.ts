/// <reference lib="webworker" />
import { siteContentFile } from '../../../shared/content/renderer';
import { languages } from '../../../shared/languages';
import { appIcons, manifestPath } from '../home-screen';
import { outboxSyncTag, sendQueuedOrders } from './send-outbox';

/**
 * The site's service worker, built to /sw.js with the web build
 * (docs/decisions/0017-orders-survive-the-network.md):
 * - the shell's scripts, styles and fonts (named by their content, so kept as
 *   they are) and the pages a farmer has visited open without a network;
 *   pages (and pictures) come from the network first, so a connected visitor
 *   always sees the latest; the API, the admin and order photos are never kept;
 * - where the browser has Background Sync, the orders waiting on the phone
 *   leave when the network returns, also after their tab was closed, with the
 *   page's own sending code (./send-outbox.ts).
 */
declare const self: ServiceWorkerGlobalScope;

const pagesCache = 'pages-v1';
const assetsCache = 'assets-v1';
const currentCaches = [pagesCache, assetsCache];

self.addEventListener('install', (event) => {
  // What every page's head names besides its own files: the web app manifests and the phone-sized
  // app icons the browser reads from them on each visit (the 512 px ones are only read when the site is added);
  // and the site's content, which a page opened from another within the site may need (a page carries only what it shows).
  const kept = [...languages.map(manifestPath), ...appIcons.filter(({ size }) => size === 192).map(({ src }) => src), `/${siteContentFile}`];
  event.waitUntil(caches.open(pagesCache).then((cache) => cache.addAll(kept)).catch(() => undefined));
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!currentCaches.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The page that registered this worker sends what it loaded before the worker was there. */
self.addEventListener('message', (event) => {
  const { page, assets } = (event.data ?? {}) as { page?: unknown; assets?: unknown };
  if (typeof page !== 'string' || !Array.isArray(assets)) return;
  event.waitUntil(
    Promise.all([
      caches.open(pagesCache).then((cache) =>
        Promise.all([cache.add(page), cache.addAll(assets.filter((href): href is string => typeof href === 'string' && isPicture(href)))]),
      ),
      caches.open(assetsCache).then((cache) => cache.addAll(assets.filter((href): href is string => typeof href === 'string' && isAsset(href)))),
    ]).catch(() => undefined),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || /^\/(api|admin|photos|uploads)(\/|$)/.test(url.pathname)) return;
  // Catalogue pictures and drawings, the icons, the manifests, the search's index and the site's content may change under the same name: fresh when online, kept for offline.
  if (request.mode === 'navigate' || isPicture(url.href) || /^\/(icons\/|favicon\.svg$|manifest\.\w+\.webmanifest$|search-index\.json$|site-content\.json$)/.test(url.pathname)) {
    event.respondWith(networkFirst(request));
  } else if (isAsset(url.href)) {
    event.respondWith(cacheFirst(request));
  }
});

/** Background Sync's event, which TypeScript's library does not describe. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  /** The browser's last try: what still waits is left for the next visit. */
  readonly lastChance: boolean;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === outboxSyncTag) sync.waitUntil(sendOutbox(sync.lastChance));
});

async function sendOutbox(lastChance: boolean) {
  const result = await sendQueuedOrders({ wait: true });
  // An open page of the site tells the farmer at once; otherwise the next visit does.
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ outbox: 'changed' });
  // Failing the event has the browser try again later.
  if (result !== 'busy' && result.waiting > 0 && !lastChance) throw new Error(`${result.waiting} orders still wait for the network`);
}

/** A catalogue photo or the drawing shown while there is none: a page visited shows them offline too. */
function isPicture(href: string) {
  const { origin, pathname } = new URL(href, self.location.href);
  return origin === self.location.origin && /^\/(images|drawings)\//.test(pathname);
}

function isAsset(href: string) {
  const { origin, pathname } = new URL(href, self.location.href);
  return origin === self.location.origin && /^\/(assets|fonts)\//.test(pathname);
}

async function networkFirst(request: Request) {
  const cache = await caches.open(pagesCache);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request: Request) {
  const cache = await caches.open(assetsCache);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}
