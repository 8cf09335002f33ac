/* global self, caches, location */
/**
 * The site's service worker (docs/decisions/0017-orders-survive-the-network.md):
 * the shell's scripts, styles and fonts (named by their content, so kept as
 * they are) and the pages a farmer has visited open without a network.
 * Pages (and pictures) come from the network first, so a connected visitor always sees the
 * latest; the API, the admin and order photos are never kept.
 */
const pagesCache = 'pages-v1';
const assetsCache = 'assets-v1';
const currentCaches = [pagesCache, assetsCache];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(pagesCache).then((cache) => cache.add('/favicon.svg')).catch(() => undefined));
  self.skipWaiting();
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
  const { page, assets } = event.data ?? {};
  if (typeof page !== 'string' || !Array.isArray(assets)) return;
  event.waitUntil(
    Promise.all([
      caches.open(pagesCache).then((cache) => cache.add(page)),
      caches.open(assetsCache).then((cache) => cache.addAll(assets.filter(isAsset))),
    ]).catch(() => undefined),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== location.origin || /^\/(api|admin|photos|uploads)(\/|$)/.test(url.pathname)) return;
  // Catalogue pictures and the icon may change under the same name: fresh when online, kept for offline.
  if (request.mode === 'navigate' || /^\/(images\/|favicon\.svg$)/.test(url.pathname)) event.respondWith(networkFirst(request));
  else if (isAsset(url.href)) event.respondWith(cacheFirst(request));
});

function isAsset(href) {
  const { origin, pathname } = new URL(href, location.href);
  return origin === location.origin && /^\/(assets|fonts)\//.test(pathname);
}

async function networkFirst(request) {
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

async function cacheFirst(request) {
  const cache = await caches.open(assetsCache);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}
